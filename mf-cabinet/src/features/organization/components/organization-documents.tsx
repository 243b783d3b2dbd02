import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { apiErrorText, bus, Button, downloadFile, formatDate, formatFileSize, isNotFoundStatus, organizationKeys, quoted } from 'shared';
import { ConfirmDialog, FileUpload, organizationDocumentDownload, organizationDocumentUpload, type Organization, type OrganizationDocument } from 'shared/lk';
import { removalFallback, removeControl, useFocusAfterRemoval } from '../../../lib/use-focus-after-removal';
import { useDeleteOrganizationDocument } from '../api/delete-organization-document';
import { DOCUMENT_ALREADY_DELETED, DOCUMENT_DELETED, notifySuccess } from '../notify';

const DOCUMENT_ROWS = 'organization-document';
const DELETE_FAILED = 'Не удалось удалить документ';

interface DocumentRowProps {
  profileId: number;
  document: OrganizationDocument;
  director: boolean;
  /** Where the focus goes once the row is gone (useFocusAfterRemoval). */
  prepareRemoval: (id: number) => () => void;
}

function DocumentRow({ profileId, document, director, prepareRemoval }: DocumentRowProps) {
  const [downloading, setDownloading] = useState(false);
  const [asking, setAsking] = useState(false);
  const remove = useDeleteOrganizationDocument(profileId);
  const name = quoted(document.name);

  function download() {
    setDownloading(true);
    // downloadFile toasts a failure itself.
    void downloadFile(organizationDocumentDownload, { id: document.id }, document.name).finally(() => setDownloading(false));
  }

  // A promise rather than `mutate`'s callbacks: the organisation asked for again drops this row,
  // and callbacks of an unmounted component do not run. The dialog is not closed but goes with the
  // row; the focus then goes to the next document's «Удалить» (useFocusAfterRemoval). A refusal
  // stays in the dialog; a document deleted meanwhile (404) goes as if deleted now.
  async function removeDocument() {
    const removed = prepareRemoval(document.id);
    try {
      const { message } = await remove.mutateAsync(document.id);
      notifySuccess(message, DOCUMENT_DELETED);
      removed();
    } catch (error) {
      if (!isNotFoundStatus(error)) return;
      bus.emit('toast:show', { type: 'info', message: DOCUMENT_ALREADY_DELETED });
      removed();
    }
  }

  const refused = remove.isError && !isNotFoundStatus(remove.error);
  return (
    <li className="org-document">
      <div className="org-document__info">
        <p className="org-document__name">{document.name}</p>
        <p className="org-document__meta">
          {formatFileSize(document.sizeBytes)} · загружен {formatDate(document.uploadedAt)}
        </p>
      </div>
      <div className="org-document__actions">
        <Button size="sm" variant="secondary" loading={downloading} aria-label={`Скачать ${name}`} onClick={download}>
          Скачать
        </Button>
        {director && (
          <Button
            size="sm"
            variant="ghost"
            className="org-danger"
            aria-label={`Удалить ${name}`}
            aria-haspopup="dialog"
            {...removeControl(DOCUMENT_ROWS, document.id)}
            onClick={() => setAsking(true)}
          >
            Удалить
          </Button>
        )}
      </div>
      {asking && (
        <ConfirmDialog
          title="Удалить документ?"
          description={`${name} будет удалён из документов организации, её сотрудники его больше не увидят. Это действие нельзя отменить.`}
          confirmLabel="Удалить"
          danger
          pending={remove.isPending}
          alert={refused ? apiErrorText(remove.error, DELETE_FAILED) : undefined}
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
            <DocumentRow key={document.id} profileId={profileId} document={document} director={director} prepareRemoval={prepareRemoval} />
          ))}
        </ul>
      )}
      {director && <FileUpload label="Загрузить документ" call={organizationDocumentUpload} fields={{}} onUploaded={uploaded} />}
    </section>
  );
}
