import { useState, type FormEvent } from 'react';
import { apiRequest, bodySchemaOf, DateInput, FieldRefusalStatus, formatMoney, parsePrice, priceFieldText, TextField } from 'shared';
import { applicationUpdateFeedback, applicationUpdatePrice, FormDialog } from 'shared/lk';
import { useCheckedDialog } from '../hooks/use-checked-dialog';

const priceSchema = bodySchemaOf(applicationUpdatePrice);
const feedbackSchema = bodySchemaOf(applicationUpdateFeedback);

export interface TermsDialogProps {
  applicationId: number;
  onClose: () => void;
}

/** `named`: an executor is named at this price, which the customer alone may raise, not lower (QA AAF-1). */
export function PriceDialog({ applicationId, price, named = false, onClose }: TermsDialogProps & { price: number | null; named?: boolean }) {
  const [text, setText] = useState(price ? priceFieldText(price) : '');
  const { submit, fieldChanged, errors, pending, alert, said } = useCheckedDialog(priceSchema, onClose);

  // The application form's parser and schema: '-1' is «Цена не может быть отрицательной» in both.
  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    submit(event, { id: applicationId, price: parsePrice(text) }, (body) => ({ run: () => apiRequest(applicationUpdatePrice, { body }), success: 'Цена изменена' }));

  return (
    <FormDialog
      title="Изменить цену"
      // No price, or 0 (the contract's «Цена договорная», as the page says): nothing to say it is now.
      description={
        price
          ? `Сейчас: ${formatMoney(price)}. ${named ? 'Исполнитель выбран по этой цене: без его согласия её можно только повысить. ' : ''}После оплаты цену изменить нельзя.`
          : undefined
      }
      submitLabel="Сохранить цену"
      pending={pending}
      alert={alert}
      onSubmit={onSubmit}
      onFieldChange={fieldChanged}
      onClose={onClose}
    >
      <TextField name="price" label="Цена, ₽" inputMode="decimal" autoComplete="off" value={text} onChange={(event) => setText(event.target.value)} error={errors.price} autoFocus />
      <FieldRefusalStatus said={said} />
    </FormDialog>
  );
}

export function FeedbackDialog({ applicationId, feedbackDeadline, onClose }: TermsDialogProps & { feedbackDeadline: string | null }) {
  const [date, setDate] = useState<string | null>(feedbackDeadline ?? '');
  const { submit, fieldChanged, errors, pending, alert, said } = useCheckedDialog(feedbackSchema, onClose);

  // A text that is no date is the field's own to explain («Такой даты нет…»), which it does on this submit.
  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    submit(event, { id: applicationId, feedbackDeadline: date || undefined }, (body) => ({
      run: () => apiRequest(applicationUpdateFeedback, { body }),
      success: 'Срок приёма откликов изменён',
    }));

  return (
    <FormDialog title="Срок приёма откликов" submitLabel="Сохранить срок" pending={pending} alert={alert} onSubmit={onSubmit} onFieldChange={fieldChanged} onClose={onClose}>
      <DateInput name="feedbackDeadline" label="Принимать отклики до" value={date} onChange={setDate} error={errors.feedbackDeadline} autoFocus />
      <FieldRefusalStatus said={said} />
    </FormDialog>
  );
}
