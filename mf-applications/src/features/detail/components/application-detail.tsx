import { useDocumentTitle, useSessionStore, type ApplicationLkDetail } from 'shared';
import { ActionBar } from './action-bar';
import { DETAIL_TITLE_ID, DetailHeader } from './detail-header';
import { passedOverText } from '../lib/labels';
import { DocumentsSection } from './documents-section';
import { PastDocumentsSection } from './past-documents-section';
import { PaymentSection } from './payment-section';
import { RepliesSection } from './replies-section';
import { ReviewSection } from './review-section';
import { RevisionNotice } from './revision-notice';
import { SectionBoundary } from './section-boundary';
import { SignedDocumentSection } from './signed-document-section';
import { StatusTimeline } from './status-timeline';
import './detail.css';

/** What a party of the application sees and may do (ARCHITECTURE §8). */
export function ApplicationDetail({ detail }: { detail: ApplicationLkDetail }) {
  const profileId = useSessionStore((s) => s.activeProfile?.id ?? null);
  const asCustomer = profileId === detail.customer.id;
  // A replier the customer did not choose: the deal's contract, report, money and review are not his.
  const passedOver = !asCustomer && detail.executor !== null && detail.executor.id !== profileId;
  const asExecutor = detail.executor !== null && detail.executor.id === profileId;
  // The tab says which application, not the route's plain «Заявка» (several open tabs, a screen reader's page title).
  useDocumentTitle(detail.name);

  return (
    <article className="detail-page" aria-labelledby={DETAIL_TITLE_ID}>
      <DetailHeader detail={detail} asCustomer={asCustomer} />
      <ActionBar detail={detail} asExecutor={asExecutor} />
      <RevisionNotice detail={detail} asCustomer={asCustomer} />
      {passedOver && <p className="detail-notice">{passedOverText(detail.status)}</p>}
      <div className="detail-grid">
        <div className="detail-main">
          <SectionBoundary title="Отклики">
            <RepliesSection detail={detail} asCustomer={asCustomer} />
          </SectionBoundary>
          {!passedOver && (
            <>
              <SectionBoundary title="Договор">
                <SignedDocumentSection kind="contract" detail={detail} asCustomer={asCustomer} />
              </SectionBoundary>
              <SectionBoundary title="Отчёт о выполнении">
                <SignedDocumentSection kind="report" detail={detail} asCustomer={asCustomer} />
              </SectionBoundary>
              {/* The review is of the chosen executor's work: under «Ваш отклик» it read as his (QA PP-4). */}
              <SectionBoundary title="Отзыв заказчика">
                <ReviewSection review={detail.review} />
              </SectionBoundary>
            </>
          )}
          <SectionBoundary title="Документы">
            <DocumentsSection detail={detail} />
          </SectionBoundary>
          {/* A stopped or cancelled deal's contract and report, set aside for the next executor's: the customer's every one, an executor's his own deal's. */}
          <SectionBoundary title="Документы прекращённых сделок">
            <PastDocumentsSection documents={detail.pastDocuments} />
          </SectionBoundary>
        </div>
        <div className="detail-side">
          {!passedOver && (
            <SectionBoundary title="Оплата">
              <PaymentSection detail={detail} asCustomer={asCustomer} />
            </SectionBoundary>
          )}
          <SectionBoundary title="История">
            <StatusTimeline detail={detail} />
          </SectionBoundary>
        </div>
      </div>
    </article>
  );
}
