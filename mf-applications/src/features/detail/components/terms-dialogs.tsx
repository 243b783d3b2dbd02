import { useState, type FormEvent } from 'react';
import { apiRequest, bodySchemaOf, DateInput, formatMoney, parsePrice, TextField, useFocusFirstInvalid } from 'shared';
import { applicationUpdateFeedback, applicationUpdatePrice, FormDialog } from 'shared/lk';
import { useDialogAction } from '../hooks/use-dialog-action';
import { validateBody, type FieldErrors } from '../lib/form';

const priceSchema = bodySchemaOf(applicationUpdatePrice);
const feedbackSchema = bodySchemaOf(applicationUpdateFeedback);

export interface TermsDialogProps {
  applicationId: number;
  onClose: () => void;
}

export function PriceDialog({ applicationId, price, onClose }: TermsDialogProps & { price: number | null }) {
  const [text, setText] = useState(price === null ? '' : String(price).replace('.', ','));
  const [errors, setErrors] = useState<FieldErrors>({});
  const { submit, pending, alert, setAlert } = useDialogAction(onClose);
  const refused = useFocusFirstInvalid();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // The application form's parser and schema: '-1' is «Цена не может быть отрицательной» in both.
    const checked = validateBody(priceSchema, { id: applicationId, price: parsePrice(text) });
    setErrors(checked.ok ? {} : checked.errors);
    // The server's refusal was about the value sent before: it goes with a new try.
    if (!checked.ok) {
      setAlert(undefined);
      refused(event);
    } else submit({ run: () => apiRequest(applicationUpdatePrice, { body: checked.body }), success: 'Цена изменена' });
  };

  return (
    <FormDialog
      title="Изменить цену"
      description={price === null ? undefined : `Сейчас: ${formatMoney(price)}. После оплаты цену изменить нельзя.`}
      submitLabel="Сохранить цену"
      pending={pending}
      alert={alert}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <TextField label="Цена, ₽" inputMode="decimal" autoComplete="off" value={text} onChange={(event) => setText(event.target.value)} error={errors.price} autoFocus />
    </FormDialog>
  );
}

export function FeedbackDialog({ applicationId, feedbackDeadline, onClose }: TermsDialogProps & { feedbackDeadline: string | null }) {
  const [date, setDate] = useState<string | null>(feedbackDeadline ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const { submit, pending, alert, setAlert } = useDialogAction(onClose);
  const refused = useFocusFirstInvalid();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const checked = validateBody(feedbackSchema, { id: applicationId, feedbackDeadline: date || undefined });
    setErrors(checked.ok ? {} : checked.errors);
    // The server's refusal was about the date sent before: it goes with a new try. A text that is
    // no date is the field's own to explain («Такой даты нет…»), which it does on this submit.
    if (!checked.ok) {
      setAlert(undefined);
      refused(event);
    } else submit({ run: () => apiRequest(applicationUpdateFeedback, { body: checked.body }), success: 'Срок приёма откликов изменён' });
  };

  return (
    <FormDialog title="Срок приёма откликов" submitLabel="Сохранить срок" pending={pending} alert={alert} onSubmit={onSubmit} onClose={onClose}>
      <DateInput label="Принимать отклики до" value={date} onChange={setDate} error={errors.feedbackDeadline} autoFocus />
    </FormDialog>
  );
}
