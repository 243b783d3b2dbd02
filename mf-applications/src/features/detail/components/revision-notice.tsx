import type { ApplicationLkDetail } from 'shared';

/**
 * While the work is back for revision, what the customer asked to fix stands under the header,
 * not only at the end of the history (below every section on a phone): the executor acts on it.
 */
export function RevisionNotice({ detail, asCustomer }: { detail: ApplicationLkDetail; asCustomer: boolean }) {
  if (detail.status !== 'revision') return null;
  const comment = detail.history.filter((entry) => entry.status === 'revision').sort((a, b) => a.at.localeCompare(b.at)).at(-1)?.comment?.trim();
  if (!comment) return null;
  return (
    <div className="detail-notice">
      <p className="detail-notice__title">{asCustomer ? 'Вы вернули работу на доработку' : 'Заказчик вернул работу на доработку'}</p>
      <p>Что нужно доработать: {comment}</p>
    </div>
  );
}
