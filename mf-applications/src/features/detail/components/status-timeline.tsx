import { useId } from 'react';
import { applicationStatusLabels, formatDateTime, type ApplicationLkDetail } from 'shared';
import { PARTY_LABELS } from '../lib/labels';

type HistoryEntry = ApplicationLkDetail['history'][number];

/** Who made a transition, as far as this caller's answer names the profiles. */
function actorOf(detail: ApplicationLkDetail, entry: HistoryEntry): { party: string; name: string } | null {
  const id = entry.actorProfileId;
  if (id === null) return null;
  if (id === detail.customer.id) return { party: PARTY_LABELS.customer, name: detail.customer.name };
  const executor = detail.executor?.id === id ? detail.executor : detail.replies.find((r) => r.executor.id === id)?.executor;
  return executor ? { party: PARTY_LABELS.executor, name: executor.name } : null;
}

/** The steps that end a deal: the comment sent with one is its reason. */
const DEAL_ENDS: readonly HistoryEntry['status'][] = ['stopped_by_customer', 'cancelled_by_executor'];
/** Entries written before the API named the executor apart (migration 032) composed him into their comment. */
const COMPOSED = /^Исполнитель: /u;

/**
 * What an entry says under its status: the executor a customer's step concerned (his naming one,
 * his stopping one) and the comment given with it, a stop's or a cancel's as its reason, whether
 * the executor is named or not (his profile gone; QA AAN-4). Entries written before the API named
 * the executor apart carry both in their comment already.
 */
function noteOf(entry: HistoryEntry): string | null {
  const reason = entry.comment !== null && DEAL_ENDS.includes(entry.status) && !COMPOSED.test(entry.comment);
  const lines = [
    entry.executor ? `Исполнитель: ${entry.executor.name}` : null,
    entry.comment ? (reason ? `Причина: ${entry.comment}` : entry.comment) : null,
  ].filter((line): line is string => line !== null);
  return lines.length ? lines.join('\n') : null;
}

/** The application's history: each status it passed, when, by whom, and the comment given with it. */
export function StatusTimeline({ detail }: { detail: ApplicationLkDetail }) {
  const headingId = useId();
  const entries = [...detail.history].sort((a, b) => a.at.localeCompare(b.at));
  return (
    <section className="detail-section" aria-labelledby={headingId}>
      <h2 id={headingId}>История</h2>
      {entries.length === 0 ? (
        <p className="detail-muted">Событий пока нет.</p>
      ) : (
        <ol className="detail-timeline">
          {entries.map((entry, index) => {
            const actor = actorOf(detail, entry);
            const note = noteOf(entry);
            return (
              <li key={`${entry.at}-${index}`} className="detail-timeline__item">
                <span className="detail-timeline__status">{applicationStatusLabels[entry.status]}</span>
                <span className="detail-timeline__time">
                  <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                  {actor && (
                    <>
                      {` · ${actor.party}: `}
                      <span className="detail-timeline__name">{actor.name}</span>
                    </>
                  )}
                </span>
                {note && <p className="detail-timeline__comment">{note}</p>}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
