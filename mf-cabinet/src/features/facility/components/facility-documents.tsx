import { useId } from 'react';
import { downloadFile, facilityDocumentPublicDownload, formatFileSize, formatProductDate, quoted, type DocumentInfo } from 'shared';
import { FACILITY_MESSAGES, profileFacilityDocumentDownload } from 'shared/lk';
import { DocumentRow } from '../../../components/document-row';
import { removalFallback, useFocusAfterRemoval, type RemovalDone } from '../../../lib/use-focus-after-removal';
import { useDeleteFacilityDocument } from '../api/delete-facility-document';
import { DocumentVisibility } from './document-visibility';

const DOCUMENT_ROWS = 'facility-document';

interface DocumentItemProps {
  facilityId: number;
  document: DocumentInfo;
  editable: boolean;
  /** Where the focus goes once the row is gone (useFocusAfterRemoval). */
  prepareRemoval: (id: number) => RemovalDone;
}

function DocumentItem({ facilityId, document, editable, prepareRemoval }: DocumentItemProps) {
  const remove = useDeleteFacilityDocument(facilityId);
  const name = quoted(document.name);

  // The owner may download any of its documents; others only public ones.
  const download = () =>
    editable
      ? downloadFile(profileFacilityDocumentDownload, { id: document.id }, document.name)
      : downloadFile(facilityDocumentPublicDownload, { id: document.id }, document.name);

  return (
    <DocumentRow
      id={document.id}
      name={document.name}
      meta={
        <>
          {formatFileSize(document.sizeBytes)} · {formatProductDate(document.createdAt)} · <span className="facility-badge">{document.public ? 'Виден всем' : 'Только для вас'}</span>
        </>
      }
      extraActions={editable && <DocumentVisibility facilityId={facilityId} document={document} />}
      download={download}
      removal={
        editable
          ? {
              rows: DOCUMENT_ROWS,
              prepare: prepareRemoval,
              mutation: remove,
              description: `${name} будет удалён из объекта${document.public ? ' и с его публичной страницы' : ''}. Это действие нельзя отменить.`,
              deleted: FACILITY_MESSAGES.documentDeleted,
            }
          : undefined
      }
    />
  );
}

export function FacilityDocuments({ facilityId, documents, editable }: { facilityId: number; documents: readonly DocumentInfo[]; editable: boolean }) {
  const headingId = useId();
  const prepareRemoval = useFocusAfterRemoval(DOCUMENT_ROWS);
  return (
    <section className="facility-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Документы</h2>
      {documents.length === 0 ? (
        <p className="facility-muted" tabIndex={-1} {...removalFallback(DOCUMENT_ROWS)}>
          Документов нет{editable ? ': добавьте их в форме объекта.' : '.'}
        </p>
      ) : (
        <ul className="facility-files">
          {documents.map((document) => (
            <DocumentItem key={document.id} facilityId={facilityId} document={document} editable={editable} prepareRemoval={prepareRemoval} />
          ))}
        </ul>
      )}
    </section>
  );
}
