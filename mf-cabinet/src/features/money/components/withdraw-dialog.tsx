import { useId, useRef, useState } from 'react';
import { apiErrorText, FieldRefusalStatus, formatMoney, TextField, useFieldRefusal, useMounted } from 'shared';
import { FormDialog, withdrawalBodySchema, type BankRequisite } from 'shared/lk';
import { useWithdraw } from '../api/withdraw';
import { kopecksToRoubles, parseRoublesToKopecks, roublesToKopecks } from '../lib/amount';
import { useIdempotencyKey } from '../lib/idempotency-key';
import { notifyError, notifySuccess } from '../lib/notify';

export const WITHDRAWAL_ACCEPTED = 'Заявка на вывод средств принята';
const WITHDRAWAL_FAILED = 'Не удалось вывести средства';

export interface WithdrawDialogProps {
  /** Roubles on the balance now. */
  available: number;
  /** RUB requisites of the profile (the API pays out to those only). */
  requisites: BankRequisite[];
  onClose: () => void;
}

const bankOf = (r: BankRequisite) => r.bankName ?? `БИК ${r.bic}`;

/**
 * A choice in the list: the account's last digits first — what the user recognises, and what a
 * phone's narrow select would cut off at the end; the bank and the recipient after them.
 */
const optionLabel = (r: BankRequisite) => `•••• ${r.account.slice(-4)} · ${bankOf(r)} · ${r.recipientName}`;

interface Errors {
  amount?: string | undefined;
  bankRequisiteId?: string | undefined;
}

/** Withdrawal: an amount in roubles (sent as exact kopecks' roubles), a requisite, one Idempotency-Key per operation. */
export function WithdrawDialog({ available, requisites, onClose }: WithdrawDialogProps) {
  const selectId = useId();
  const [amount, setAmount] = useState('');
  const [chosenId, setRequisiteId] = useState(requisites.length === 1 ? String(requisites[0]!.id) : '');
  // A requisite deleted meanwhile leaves the list: its choice goes with it, to be made again.
  const requisiteId = requisites.some((r) => String(r.id) === chosenId) ? chosenId : '';
  const chosen = requisites.find((r) => String(r.id) === requisiteId);
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<string>();
  const withdraw = useWithdraw();
  const amountField = useRef<HTMLInputElement>(null);
  const requisiteField = useRef<HTMLSelectElement>(null);
  const keyFor = useIdempotencyKey();
  const refusal = useFieldRefusal();
  const mounted = useMounted();

  function check(): Errors & { body?: { amount: number; bankRequisiteId: number } } {
    // Every field to correct is said at one press, as the other forms do: not the requisite only
    // once the amount is right.
    const unchosen: Errors = requisiteId ? {} : { bankRequisiteId: 'Выберите реквизиты' };
    const kopecks = parseRoublesToKopecks(amount);
    if (kopecks === null) return { amount: amount.trim() ? 'Укажите сумму в рублях, например 1500 или 1500,50' : 'Укажите сумму', ...unchosen };
    if (kopecks > roublesToKopecks(available)) return { amount: `Сумма больше доступной: ${formatMoney(available)}`, ...unchosen };
    const parsed = withdrawalBodySchema.safeParse({ amount: kopecksToRoubles(kopecks), bankRequisiteId: Number(requisiteId) || undefined });
    if (parsed.success) return { body: parsed.data };
    const found: Errors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === 'amount') found.amount ??= issue.message;
      if (field === 'bankRequisiteId') found.bankRequisiteId ??= 'Выберите реквизиты';
    }
    return found;
  }

  async function submit() {
    const { body, ...found } = check();
    // Sent with Enter from the amount, the focus is there already: its message is said as a status.
    refusal.refuse(found);
    setErrors(found);
    if (!body) {
      // As the other forms do: the first field to correct takes the focus, and with it its message is read.
      (found.amount ? amountField.current : requisiteField.current)?.focus();
      return;
    }
    setAlert(undefined);
    try {
      const { message } = await withdraw.mutateAsync({ body, idempotencyKey: keyFor(body) });
      notifySuccess(message, WITHDRAWAL_ACCEPTED);
      if (mounted.current) onClose();
    } catch (error) {
      // Closed while it ran: the failure is not lost with the dialog, a toast says it.
      if (mounted.current) setAlert(apiErrorText(error, WITHDRAWAL_FAILED));
      else notifyError(error, WITHDRAWAL_FAILED);
    }
  }

  return (
    <FormDialog
      title="Вывод средств"
      description={`Доступно: ${formatMoney(available)}. Деньги придут на выбранный счёт.`}
      submitLabel="Вывести"
      pending={withdraw.isPending}
      alert={alert}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <TextField
        ref={amountField}
        name="amount"
        label="Сумма, ₽"
        inputMode="decimal"
        autoComplete="off"
        hint="Рубли, копейки через запятую"
        // Not controlled (no `value`): the refusal's status, taken back by the first change, renders
        // before React hears that change in a browser, and a controlled field was put back to the
        // amount refused — the first key after a refusal did nothing. What is not a digit, a space
        // or a separator is dropped from the field itself.
        error={errors.amount}
        onChange={(event) => {
          const field = event.currentTarget;
          const cleaned = field.value.replace(/[^\d\s.,]/g, '');
          if (cleaned !== field.value) field.value = cleaned;
          setAmount(cleaned);
        }}
      />
      <div className={errors.bankRequisiteId ? 'ui-field ui-field--invalid' : 'ui-field'}>
        <label htmlFor={selectId} className="ui-field__label">
          Реквизиты для вывода
        </label>
        <select
          ref={requisiteField}
          id={selectId}
          name="bankRequisiteId"
          className="ui-field__input"
          value={requisiteId}
          aria-invalid={errors.bankRequisiteId ? true : undefined}
          aria-describedby={[chosen && `${selectId}-hint`, errors.bankRequisiteId && `${selectId}-error`].filter(Boolean).join(' ') || undefined}
          onChange={(event) => setRequisiteId(event.currentTarget.value)}
        >
          <option value="">Выберите счёт</option>
          {requisites.map((r) => (
            <option key={r.id} value={r.id}>
              {optionLabel(r)}
            </option>
          ))}
        </select>
        {chosen && (
          <p id={`${selectId}-hint`} className="ui-field__hint money-withdraw-requisite">
            Счёт {chosen.account}, {bankOf(chosen)}, получатель: {chosen.recipientName}
          </p>
        )}
        {errors.bankRequisiteId && (
          <p id={`${selectId}-error`} className="ui-field__error">
            {errors.bankRequisiteId}
          </p>
        )}
      </div>
      <FieldRefusalStatus said={refusal.said} />
    </FormDialog>
  );
}
