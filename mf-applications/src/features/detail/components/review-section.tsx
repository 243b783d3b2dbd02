import { useId } from 'react';
import type { ApplicationLkDetail } from 'shared';

/** The customer's review of the work, once given. */
export function ReviewSection({ review }: { review: ApplicationLkDetail['review'] }) {
  const headingId = useId();
  if (!review) return null;
  return (
    <section className="detail-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Отзыв заказчика</h2>
      <p className="detail-review__rating">
        <span aria-hidden="true">
          {'★'.repeat(review.rating)}
          {'☆'.repeat(5 - review.rating)}
        </span>
        <span className="detail-review__score">{` ${review.rating} из 5`}</span>
      </p>
      <p className="detail-review__text">{review.text}</p>
    </section>
  );
}
