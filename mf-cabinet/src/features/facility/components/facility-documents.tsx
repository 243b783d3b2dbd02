import { useId, useState } from 'react';
import {
  apiErrorText,
  bus,
  Button,
  downloadFile,
  facilityDocumentPublicDownload,
  formatDate,
  formatFileSize,
  type DocumentInfo,
} from 'shared';
import { ConfirmDialog, FACILITY_MESSAGES, profileFacilityDocumentDownload } from 'shared/lk';
import { useDeleteFacilityDocument } from '../api/delete-facility-document';
import { removalFallback, removeControl, useFocusAfterRemoval } from '../../../lib/use-focus-after-removal';
import { DocumentVisibility } from './document-visibility';

const DOCUMENT_ROWS = 'facility-document';

interface DocumentItemProps {
  facilityId: number;
  document: DocumentInfo;
  editable: boolean;
  /** Where the focus goes once the row is gone (useFocusAfterRemoval). */
  prepareRemoval: (id: number) => () => void;
}

function DocumentItem({ facilityId, document, editable, prepareRemoval }: DocumentItemProps) {
  const [downloading, setDownloading] = useState(false);
  const [asking, setAsking] = useState(false);
  const remove = useDeleteFacilityDocument(facilityId);

  function download() {
    setDownloading(true);
    // The owner may download any of its documents; others only public ones (downloadFile toasts a failure).
    const run = editable
      ? downloadFile(profileFacilityDocumentDownload, { id: document.id }, document.name)
      : downloadFile(facilityDocumentPublicDownload, { id: document.id }, document.name);
    void run.finally(() => setDownloading(false));
  }

  // A promise rather than `mutate`'s callbacks: the facility asked for again drops this row, and
  // callbacks of an unmounted component do not run. A refusal stays in the dialog. Done, the dialog
  // is not closed but goes with the row: closed first, it would give the focus back to its opener,
  // which the row then takes away to the body. Gone with it, the dialog gives the focus to the
  // page's start, and then the list to the next document's «Удалить» (useFocusAfterRemoval).
  async function removeDocument() {
    const removed = prepareRemoval(document.id);
    try {
      const { message } = await remove.mutateAsync(document.id);
      bus.emit('toast:show', { type: 'success', message: message || FACILITY_MESSAGES.documentDeleted });
      removed();
    } catch {
      // remove.error, shown in the dialog
    }
  }

  return (
    <li className="facility-file">
      <div>
        <p className="facility-file__name">{document.name}</p>
        <p className="facility-muted">
          {formatFileSize(document.sizeBytes)} · {formatDate(document.createdAt)} · <span className="facility-badge">{document.public ? 'Виден всем' : 'Только для вас'}</span>
        </p>
      </div>
      <div className="facility-file__actions">
        {editable && <DocumentVisibility facilityId={facilityId} document={document} />}
        <Button size="sm" variant="secondary" loading={downloading} aria-label={`Скачать «${document.name}»`} onClick={download}>
          Скачать
        </Button>
        {editable && (
          <Button size="sm" variant="ghost" aria-label={`Удалить «${document.name}»`} {...removeControl(DOCUMENT_ROWS, document.id)} onClick={() => setAsking(true)}>
            Удалить
          </Button>
        )}
      </div>
      {asking && (
        <ConfirmDialog
          title="Удалить документ?"
          description={`«${document.name}» будет удалён из объекта${document.public ? ' и с его публичной страницы' : ''}. Это действие нельзя отменить.`}
          confirmLabel="Удалить"
          danger
          pending={remove.isPending}
          alert={remove.isError ? apiErrorText(remove.error, 'Не удалось удалить документ') : undefined}
          onConfirm={() => void removeDocument()}
          onClose={() => {
            setAsking(false);
            remove.reset();
          }}
        />
      )}
    </li>
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
