import { pluralize } from './pluralize';

/**
 * How long to wait before retrying, worded to follow «через»: seconds up to a minute and a half
 * («через 45 секунд», «через 1 секунду»), then whole minutes rounded up («через 2 минуты»,
 * «через 21 минуту», «через 15 минут»). The API's 429 texts and the client's hints under a
 * form both use this one function, so they never disagree.
 */
export function formatWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s <= 90) return `${s} ${pluralize(s, ['секунду', 'секунды', 'секунд'])}`;
  const m = Math.ceil(s / 60);
  return `${m} ${pluralize(m, ['минуту', 'минуты', 'минут'])}`;
}
