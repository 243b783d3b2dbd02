import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { downloadFile, formatFileSize, formatProductDate, organizationKeys, quoted } from 'shared';
import { FileUpload, organizationDocumentDownload, organizationDocumentUpload, type Organization, type OrganizationDocument } from 'shared/lk';
import { DocumentRow } from '../../../components/document-row';
import { removalFallback, useFocusAfterRemoval, type RemovalDone } from '../../../lib/use-focus-after-removal';
import { useDeleteOrganizationDocument } from '../api/delete-organization-document';
import { DOCUMENT_DELETED } from '../notify';

const DOCUMENT_ROWS = 'organization-document';

interface OrganizationDocumentRowProps {
  profileId: number;
  document: OrganizationDocument;
  director: boolean;
  /** Where the focus goes once the row is gone (useFocusAfterRemoval). */
  prepareRemoval: (id: number) => RemovalDone;
}

function OrganizationDocumentRow({ profileId, document, director, prepareRemoval }: OrganizationDocumentRowProps) {
  const remove = useDeleteOrganizationDocument(profileId);
  const name = quoted(document.name);
  return (
    <DocumentRow
      id={document.id}
      name={document.name}
      meta={`${formatFileSize(document.sizeBytes)} · загружен ${formatProductDate(document.uploadedAt)}`}
      download={() => downloadFile(organizationDocumentDownload, { id: document.id }, document.name)}
      removal={
        director
          ? {
              rows: DOCUMENT_ROWS,
              prepare: prepareRemoval,
              mutation: remove,
              description: `${name} будет удалён из документов организации, её сотрудники его больше не увидят. Это действие нельзя отменить.`,
              deleted: DOCUMENT_DELETED,
            }
          : undefined
      }
    />
  );
}

export interface OrganizationDocumentsProps {
  /** The active organisation's profile id: its `organization/get/profile` query's key. */
  profileId: number;
  organization: Organization;
}

/**
 * The active organisation's documents (charter, registry extract…): every member lists and
 * downloads them; its director uploads (one file at a time, with progress) and deletes them.
 */
export function OrganizationDocuments({ profileId, organization }: OrganizationDocumentsProps) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const prepareRemoval = useFocusAfterRemoval(DOCUMENT_ROWS);
  const director = organization.role === 'director';
  const { documents } = organization;

  // Listed at once, then the organisation is asked for again (another tab may have added some).
  function uploaded(document: OrganizationDocument) {
    const key = organizationKeys.profile(profileId);
    queryClient.setQueryData<Organization>(key, (current) =>
      current && !current.documents.some((known) => known.id === document.id) ? { ...current, documents: [...current.documents, document] } : current,
    );
    void queryClient.invalidateQueries({ queryKey: key });
  }

  return (
    <section className="org-documents" aria-labelledby={headingId}>
      <h3 id={headingId} className="org-documents__title">
        Документы
      </h3>
      {documents.length === 0 ? (
        <p className="org-documents__empty" tabIndex={-1} {...removalFallback(DOCUMENT_ROWS)}>
          {director ? 'Документов пока нет. Загрузите устав, выписку из ЕГРЮЛ или другие документы — их увидят сотрудники организации.' : 'Документов пока нет.'}
        </p>
      ) : (
        <ul className="org-documents__list" aria-labelledby={headingId}>
          {documents.map((document) => (
            <OrganizationDocumentRow key={document.id} profileId={profileId} document={document} director={director} prepareRemoval={prepareRemoval} />
          ))}
        </ul>
      )}
      {director && <FileUpload label="Загрузить документ" call={organizationDocumentUpload} fields={{}} onUploaded={uploaded} />}
    </section>
  );
}
