import { pluralize, type Executor } from 'shared';

/** 4.3 → '4,3' (a Russian decimal comma; whole marks stay whole: '5'). */
export function formatRating(value: number): string {
  return String(Math.round(value * 10) / 10).replace('.', ',');
}

export function reviewsCountText(count: number): string {
  return `${count} ${pluralize(count, ['отзыв', 'отзыва', 'отзывов'])}`;
}

/** '4,3 из 5 · 3 отзыва', or null before the first review. */
export function ratingText(rating: Executor['rating']): string | null {
  return rating ? `${formatRating(rating.average)} из 5 · ${reviewsCountText(rating.count)}` : null;
}

/** Five stars, the first `rating` filled: drawn for the eye, the number is said in words. */
export function Stars({ rating }: { rating: number }) {
  const filled = Math.round(rating);
  return (
    <span className="executor-stars" aria-hidden="true">
      {'★'.repeat(filled)}
      <span className="executor-stars__empty">{'★'.repeat(5 - filled)}</span>
    </span>
  );
}
