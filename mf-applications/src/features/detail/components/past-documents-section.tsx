import { useId } from 'react';
import { Button, downloadFile, formatDateTime, formatFileSize, type PastDocument } from 'shared';
import { applicationPastDocumentDownload } from 'shared/lk';
import { useDownload } from '../hooks/use-download';
import { SIGNED_DOCUMENTS } from '../lib/signed-documents';
import { Signatures } from './signatures';
import './detail.css';

/** The documents of one deal that ended: its executor, when it ended, its contract then its report. */
interface PastDeal {
  key: string;
  executor: PastDocument['executor'];
  endedAt: string;
  ended: PastDocument['ended'];
  documents: PastDocument[];
}

/** How a deal ended, before its time: two deals of one executor read apart (QA AAN-2). */
const ENDED_TEXT: Record<PastDocument['ended'], string> = {
  stopped: 'Сделку остановил заказчик',
  cancelled: 'Сделку отменил исполнитель',
};

/** What the list is: the heading says whose deals, this says in what state they are kept. */
export const PAST_DOCUMENTS_LEAD = 'Сохранены такими, какими были при остановке или отмене сделки, вместе с подписями сторон.';

const KIND_ORDER: Record<PastDocument['kind'], number> = { contract: 0, report: 1 };

/**
 * The documents by deal, in the order the deals ended (the API's is oldest first; a deal is its
 * executor and its end). Within a deal the contract comes before the report.
 */
function pastDeals(documents: readonly PastDocument[]): PastDeal[] {
  const deals = new Map<string, PastDeal>();
  for (const document of documents) {
    const key = `${document.executor?.id ?? '-'}@${document.endedAt}:${document.ended}`;
    const deal = deals.get(key) ?? { key, executor: document.executor, endedAt: document.endedAt, ended: document.ended, documents: [] };
    deal.documents.push(document);
    deals.set(key, deal);
  }
  return [...deals.values()]
    .sort((a, b) => a.endedAt.localeCompare(b.endedAt))
    .map((deal) => ({ ...deal, documents: [...deal.documents].sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind]) }));
}

/** `dealId`: the deal's heading and end, which describe the download (two deals may hold files of one name). */
function PastDocumentItem({ document, dealId }: { document: PastDocument; dealId: string }) {
  const spec = SIGNED_DOCUMENTS[document.kind];
  const download = useDownload();
  const noun = spec.fallbackName.toLowerCase();
  return (
    <li className="detail-past-document">
      <p className="detail-past-document__kind">{spec.title}</p>
      <p className="detail-document__name">{document.name || spec.fallbackName}</p>
      <p className="detail-muted">
        {formatFileSize(document.sizeBytes)} · загружен <time dateTime={document.uploadedAt}>{formatDateTime(document.uploadedAt)}</time>
      </p>
      <Signatures document={document} />
      <div className="detail-buttons">
        <Button
          size="sm"
          variant="secondary"
          loading={download.pending}
          aria-label={document.name ? `Скачать ${noun} «${document.name}»` : `Скачать ${noun}`}
          aria-describedby={`${dealId}-title ${dealId}-end`}
          onClick={() => download.start(() => downloadFile(applicationPastDocumentDownload, { id: document.id }, document.name || spec.fallbackName))}
        >
          Скачать
        </Button>
      </div>
    </li>
  );
}

/**
 * The contracts and reports of the deals that ended on the application (a stop by the customer, a
 * cancel by the executor): set aside for the next executor to sign new ones, still to be read and
 * downloaded by the customer and by that deal's executor. Nothing without any. `parted`: on the
 * page of a former executor (under what ended his part), not in the detail's main column.
 */
export function PastDocumentsSection({ documents, parted = false }: { documents: readonly PastDocument[] | undefined; parted?: boolean }) {
  const headingId = useId();
  if (!documents || documents.length === 0) return null;
  const deals = pastDeals(documents);

  return (
    <section className={parted ? 'detail-section detail-past-section detail-past-section--parted' : 'detail-section detail-past-section'} aria-labelledby={headingId}>
      <h2 id={headingId}>Документы прекращённых сделок</h2>
      <p className="detail-muted detail-past-section__lead">{PAST_DOCUMENTS_LEAD}</p>
      <ul className="detail-past-section__deals">
        {deals.map((deal, index) => {
          const dealId = `${headingId}-deal-${index}`;
          return (
            <li key={deal.key} className="detail-past-deal">
              <h3 id={`${dealId}-title`} className="detail-past-deal__title">
                {deal.executor ? `Исполнитель: ${deal.executor.name}` : 'Исполнитель: профиль удалён'}
              </h3>
              <p id={`${dealId}-end`} className="detail-muted">
                {`${ENDED_TEXT[deal.ended]} `}
                <time dateTime={deal.endedAt}>{formatDateTime(deal.endedAt)}</time>
              </p>
              <ul className="detail-past-deal__documents">
                {deal.documents.map((document) => (
                  <PastDocumentItem key={document.id} document={document} dealId={dealId} />
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
