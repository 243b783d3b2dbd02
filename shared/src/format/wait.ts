/**
 * How long to wait before retrying, as a person reads it: '45 с' up to a minute and a half,
 * then whole minutes rounded up ('2 мин', '15 мин'). The API's 429 texts and the client's
 * hints under a form both use this, so they never disagree.
 */
export function formatWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s <= 90) return `${s} с`;
  return `${Math.ceil(s / 60)} мин`;
}
