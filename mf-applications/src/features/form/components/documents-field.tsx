import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { applicationKeys, Button, formatFileSize, type ApplicationStatus, type DocumentInfo } from 'shared';
import { applicationDocumentUpload, documentChangeFor, FileUpload } from 'shared/lk';
import { useDocumentRemoval } from '../../../components/document-removal';
import { documentAudience } from '../../../lib/document-audience';

export interface DocumentsFieldProps {
  /** The draft's or application's id; documents attach only to a saved one. */
  applicationId: number | null;
  documents: readonly DocumentInfo[];
  /**
   * The application's status (a new draft's is `draft`). The form is its customer's, so with the
   * status the contract's rule says whether documents may be removed; without it, none are.
   */
  status?: ApplicationStatus;
  /** No new upload starts meanwhile (the form is being published: leaving would abort it). */
  disabled?: boolean;
  /** A file is going up, or no longer: leaving the form meanwhile would drop it. */
  onUploadingChange?: (uploading: boolean) => void;
}

/** Files for the executors (drawings, estimates), uploaded with progress once the draft exists. */
export function DocumentsField({ applicationId, documents, status, disabled = false, onUploadingChange }: DocumentsFieldProps) {
  const publicId = useId();
  const queryClient = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  const [uploaded, setUploaded] = useState<DocumentInfo[]>([]);
  const [isPublic, setPublic] = useState(false);
  const all = [...documents, ...uploaded.filter((doc) => !documents.some((known) => known.id === doc.id))];
  const mayDelete = applicationId !== null && status !== undefined && documentChangeFor('customer', status) === 'allowed';
  const removal = useDocumentRemoval({
    applicationId,
    documents: all,
    // The heading, as on the detail page; not the upload's file input, which is visually hidden
    // (what one sees of it is its label).
    emptyFocus: () => heading.current,
    onDeleted: (id) => setUploaded((current) => current.filter((doc) => doc.id !== id)),
  });

  return (
    <section className="app-form__documents" aria-labelledby={`${publicId}-title`}>
      <h2 id={`${publicId}-title`} ref={heading} className="app-form__section-title" tabIndex={-1}>
        Документы
      </h2>
      {all.length > 0 && (
        <ul className="app-form__document-list">
          {all.map((doc) => (
            <li key={doc.id}>
              <span className="app-form__document-name">{doc.name}</span>{' '}
              <span className="app-form__document-meta">
                {formatFileSize(doc.sizeBytes)}
                {` · ${documentAudience(doc)}`}
              </span>
              {mayDelete && (
                <>
                  {' '}
                  <Button size="sm" variant="ghost" {...removal.buttonProps(doc)}>
                    Удалить
                  </Button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {applicationId === null ? (
        <p className="app-form__note">Документы можно прикрепить, когда черновик сохранится: укажите название заявки.</p>
      ) : (
        <>
          <label className="app-form__checkbox" htmlFor={publicId}>
            <input id={publicId} type="checkbox" checked={isPublic} onChange={(event) => setPublic(event.currentTarget.checked)} />
            <span>Показывать документ всем посетителям, а не только исполнителю</span>
          </label>
          <FileUpload
            label="Прикрепить документ"
            call={applicationDocumentUpload}
            disabled={disabled}
            onUploadingChange={onUploadingChange}
            fields={{ id: String(applicationId), public: String(isPublic) }}
            onUploaded={(doc) => {
              // The same file sent again (its first answer lost) answers the document kept then: listed once.
              setUploaded((current) => (current.some((known) => known.id === doc.id) ? current : [...current, doc]));
              // The detail page asks again when opened; the form keeps what it shows.
              void queryClient.invalidateQueries({ queryKey: applicationKeys.detail(applicationId), refetchType: 'none' });
            }}
          />
        </>
      )}
      {removal.dialog}
    </section>
  );
}
