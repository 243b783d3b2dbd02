import './system-status.css';

export type StatusTone = 'ok' | 'fail' | 'pending' | 'neutral';

/** A word for the state with a coloured dot; the word alone carries the meaning. */
export function StatusBadge({ tone, children }: { tone: StatusTone; children: string }) {
  return <span className={`status-badge status-badge--${tone}`}>{children}</span>;
}
