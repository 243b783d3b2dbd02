import { useId } from 'react';
import { Button, downloadFile, formatDate, formatFileSize, type DocumentInfo } from 'shared';
import { applicationDocumentDownload } from 'shared/lk';
import { useDownload } from '../hooks/use-download';

function DocumentItem({ document }: { document: DocumentInfo }) {
  const download = useDownload();
  return (
    <li className="detail-file">
      <div>
        <p className="detail-file__name">{document.name}</p>
        <p className="detail-muted">
          {formatFileSize(document.sizeBytes)} · {formatDate(document.createdAt)}
          {document.public ? ' · виден всем' : ''}
        </p>
      </div>
      <Button
        size="sm"
        variant="secondary"
        loading={download.pending}
        aria-label={`Скачать «${document.name}»`}
        onClick={() => download.start(() => downloadFile(applicationDocumentDownload, { id: document.id }, document.name))}
      >
        Скачать
      </Button>
    </li>
  );
}

/** The application's other files, for its parties (public or not). */
export function DocumentsSection({ documents }: { documents: readonly DocumentInfo[] }) {
  const headingId = useId();
  return (
    <section className="detail-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Документы</h2>
      {documents.length === 0 ? (
        <p className="detail-muted">Документов нет.</p>
      ) : (
        <ul className="detail-files">
          {documents.map((document) => (
            <DocumentItem key={document.id} document={document} />
          ))}
        </ul>
      )}
    </section>
  );
}
