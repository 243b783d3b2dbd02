import { pluralize } from './pluralize';

/**
 * How long to wait before retrying, worded to follow «через»: seconds up to a minute and a half
 * («через 45 секунд», «через 1 секунду»), then whole minutes rounded up («через 2 минуты»,
 * «через 21 минуту», «через 15 минут») up to an hour and a half, then whole hours rounded up
 * («через 2 часа», «через 24 часа», never «через 1440 минут»). The API's 429 texts and the client's hints under a
 * form both use this one function, so they never disagree.
 */
export function formatWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s <= 90) return `${s} ${pluralize(s, ['секунду', 'секунды', 'секунд'])}`;
  const m = Math.ceil(s / 60);
  if (m <= 90) return `${m} ${pluralize(m, ['минуту', 'минуты', 'минут'])}`;
  const h = Math.ceil(s / 3600);
  return `${h} ${pluralize(h, ['час', 'часа', 'часов'])}`;
}
