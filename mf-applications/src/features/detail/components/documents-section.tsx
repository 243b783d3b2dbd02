import { useId, useRef } from 'react';
import { Button, downloadFile, formatFileSize, formatProductDate, useSessionStore, type ApplicationLkDetail, type DocumentInfo } from 'shared';
import { actorOf, applicationDocumentDownload, documentChangeFor } from 'shared/lk';
import { useDocumentRemoval, type DocumentRemoval } from '../../../components/document-removal';
import { documentAudience } from '../../../lib/document-audience';
import { useDownload } from '../hooks/use-download';

function DocumentItem({ document, removal }: { document: DocumentInfo; removal: DocumentRemoval | null }) {
  const download = useDownload();
  return (
    <li className="detail-file">
      <div>
        <p className="detail-file__name">{document.name}</p>
        <p className="detail-muted">
          {formatFileSize(document.sizeBytes)} · {formatProductDate(document.createdAt)}
          {` · ${documentAudience(document)}`}
        </p>
      </div>
      <div className="detail-buttons">
        <Button
          size="sm"
          variant="secondary"
          loading={download.pending}
          aria-label={`Скачать «${document.name}»`}
          onClick={() => download.start(() => downloadFile(applicationDocumentDownload, { id: document.id }, document.name))}
        >
          Скачать
        </Button>
        {removal && (
          <Button size="sm" variant="ghost" {...removal.buttonProps(document)}>
            Удалить
          </Button>
        )}
      </div>
    </li>
  );
}

/** The application's other files, for its parties (public or not); its customer may remove them. */
export function DocumentsSection({ detail }: { detail: ApplicationLkDetail }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const profileId = useSessionStore((s) => s.activeProfile?.id ?? null);
  // Whether the caller is the customer is all the rule asks: a reply makes no difference to it.
  const actor = actorOf({ callerProfileId: profileId, customerProfileId: detail.customer.id, executorProfileId: detail.executor?.id ?? null, callerHasActiveReply: false });
  const removal = useDocumentRemoval({ applicationId: detail.id, documents: detail.documents, emptyFocus: () => heading.current });
  const mayDelete = documentChangeFor(actor, detail.status) === 'allowed';

  return (
    <section className="detail-section" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        Документы
      </h2>
      {detail.documents.length === 0 ? (
        <p className="detail-muted">Документов нет.</p>
      ) : (
        <ul className="detail-files">
          {detail.documents.map((document) => (
            <DocumentItem key={document.id} document={document} removal={mayDelete ? removal : null} />
          ))}
        </ul>
      )}
      {removal.dialog}
    </section>
  );
}
