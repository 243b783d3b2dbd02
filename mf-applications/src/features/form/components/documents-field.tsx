import { useId, useState } from 'react';
import { formatFileSize, type DocumentInfo } from 'shared';
import { applicationDocumentUpload, FileUpload } from 'shared/lk';

export interface DocumentsFieldProps {
  /** The draft's or application's id; documents attach only to a saved one. */
  applicationId: number | null;
  documents: readonly DocumentInfo[];
}

/** Files for the executors (drawings, estimates), uploaded with progress once the draft exists. */
export function DocumentsField({ applicationId, documents }: DocumentsFieldProps) {
  const publicId = useId();
  const [uploaded, setUploaded] = useState<DocumentInfo[]>([]);
  const [isPublic, setPublic] = useState(false);
  const all = [...documents, ...uploaded.filter((doc) => !documents.some((known) => known.id === doc.id))];

  return (
    <section className="app-form__documents" aria-labelledby={`${publicId}-title`}>
      <h2 id={`${publicId}-title`} className="app-form__section-title">
        Документы
      </h2>
      {all.length > 0 && (
        <ul className="app-form__document-list">
          {all.map((doc) => (
            <li key={doc.id}>
              <span className="app-form__document-name">{doc.name}</span>{' '}
              <span className="app-form__document-meta">
                {formatFileSize(doc.sizeBytes)}
                {doc.public ? ' · виден всем' : ' · виден участникам сделки'}
              </span>
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
            fields={{ id: String(applicationId), public: String(isPublic) }}
            onUploaded={(doc) => setUploaded((current) => [...current, doc])}
          />
        </>
      )}
    </section>
  );
}
