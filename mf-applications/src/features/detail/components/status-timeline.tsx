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
                {entry.comment && <p className="detail-timeline__comment">{entry.comment}</p>}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
