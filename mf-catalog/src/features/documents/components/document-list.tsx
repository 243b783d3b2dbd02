import { useState } from 'react';
import { buildUrl, Button, downloadFile, formatFileSize, type DocumentInfo, type DownloadCall } from 'shared';
import { formatPublicDate } from '../../../lib/dates';
import './documents.css';

export interface DocumentListProps {
  documents: readonly DocumentInfo[];
  /** The contract's public download call for these documents. */
  call: DownloadCall;
}

/**
 * Public documents with a download button each; only public ones are listed. Each button is the
 * submit of a GET form to the call's address (public: no session needed), so that without scripts
 * (or before the page has hydrated) the browser downloads the file itself; with scripts the click
 * fetches it (downloadFile: a failure is a toast, not an error page) and the form is not sent.
 */
export function DocumentList({ documents, call }: DocumentListProps) {
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());
  const visible = documents.filter((document) => document.public);
  if (visible.length === 0) return <p className="document-list__empty">Публичных документов нет.</p>;
  const action = buildUrl(call, undefined);

  async function download(document: DocumentInfo) {
    setPending((current) => new Set(current).add(document.id));
    try {
      await downloadFile(call, { id: document.id }, document.name);
    } finally {
      setPending((current) => {
        const next = new Set(current);
        next.delete(document.id);
        return next;
      });
    }
  }

  return (
    <ul className="document-list">
      {visible.map((document) => (
        <li key={document.id} className="document-list__item">
          <div className="document-list__info">
            <span className="document-list__name">{document.name}</span>
            <span className="document-list__meta">
              {formatFileSize(document.sizeBytes)} · {formatPublicDate(document.createdAt)}
            </span>
          </div>
          <form method="get" action={action} className="document-list__download">
            <input type="hidden" name="id" value={document.id} />
            <Button
              type="submit"
              variant="secondary"
              size="sm"
              loading={pending.has(document.id)}
              aria-label={`Скачать «${document.name}»`}
              onClick={(event) => {
                event.preventDefault();
                void download(document);
              }}
            >
              Скачать
            </Button>
          </form>
        </li>
      ))}
    </ul>
  );
}
