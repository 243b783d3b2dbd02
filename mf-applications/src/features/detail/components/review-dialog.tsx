import { useId, useState, type FormEvent } from 'react';
import { apiRequest, bodySchemaOf, FieldRefusalStatus, TextAreaField } from 'shared';
import { applicationReview, FormDialog } from 'shared/lk';
import { useCheckedDialog } from '../hooks/use-checked-dialog';

const schema = bodySchemaOf(applicationReview);
const RATINGS = [
  [1, 'Очень плохо'],
  [2, 'Плохо'],
  [3, 'Нормально'],
  [4, 'Хорошо'],
  [5, 'Отлично'],
] as const;

/**
 * The review the customer leaves before closing: a 1–5 rating as a radio group and a text. Given
 * already (`review`), the dialog opens with it, to change.
 */
export function ReviewDialog({ applicationId, review, onClose }: { applicationId: number; review?: { rating: number; text: string } | null; onClose: () => void }) {
  const errorId = useId();
  const [rating, setRating] = useState<number | null>(review?.rating ?? null);
  const [text, setText] = useState(review?.text ?? '');
  // The review it opened on: one given or changed since (another tab, a colleague) is not written
  // over unseen; the server's 409 closes the dialog and the page shows it (QA WWW-2).
  const [seenReview] = useState(review ?? null);
  const { submit, fieldChanged, errors, pending, alert, said } = useCheckedDialog(schema, onClose);

  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    submit(event, { id: applicationId, rating: rating ?? undefined, text, seenReview }, (body) => ({ run: () => apiRequest(applicationReview, { body }), success: 'Спасибо за отзыв' }));

  return (
    <FormDialog title="Отзыв об исполнителе" description="Оценка и отзыв появятся в карточке заявки, а после её закрытия — на странице исполнителя, видной всем." submitLabel="Отправить отзыв" pending={pending} alert={alert} onSubmit={onSubmit} onFieldChange={fieldChanged} onClose={onClose}>
      {/* A radiogroup (where aria-invalid is read, unlike a fieldset's group) whose radios carry its message too: the focus goes to one (QA K-4). */}
      <fieldset role="radiogroup" className="detail-rating" aria-describedby={errors.rating ? errorId : undefined} aria-invalid={errors.rating ? true : undefined}>
        <legend className="ui-field__label">Оценка</legend>
        <div className="detail-rating__options">
          {RATINGS.map(([value, meaning]) => (
            <label key={value} className="detail-rating__option">
              <input type="radio" name="rating" value={value} checked={rating === value} onChange={() => setRating(value)} aria-describedby={errors.rating ? errorId : undefined} />
              <span aria-hidden="true">{'★'.repeat(value)}</span>
              <span className="detail-rating__text">{`${value} — ${meaning}`}</span>
            </label>
          ))}
        </div>
        {errors.rating && (
          <p id={errorId} className="ui-field__error">
            {errors.rating}
          </p>
        )}
      </fieldset>
      <TextAreaField name="text" textareaClassName="detail-textarea" label="Отзыв" value={text} onChange={(event) => setText(event.target.value)} error={errors.text} maxLength={2000} />
      <FieldRefusalStatus said={said} />
    </FormDialog>
  );
}
