import { useId, useRef, useState } from 'react';
import { apiErrorText, bus, FieldRefusalStatus, formatMoney, isApiError, notDoneText, TextField, toastFormFailure, useFieldRefusal, useMounted } from 'shared';
import { FormDialog, withdrawalAmountSchema, withdrawalBodySchema, type BankRequisite } from 'shared/lk';
import { useWithdraw } from '../api/withdraw';
import { kopecksToRoubles, readRoubles, roublesToKopecks, type AmountProblem } from '../lib/amount';
import { useIdempotencyKey } from '../lib/idempotency-key';
import { notifySuccess } from '../lib/notify';

export const WITHDRAWAL_ACCEPTED = 'Заявка на вывод средств принята';
/** Said where a withdrawal would go when the profile has no RUB requisite (the page's card, and the dialog when the last one is deleted meanwhile). */
export const NO_PAYOUT_TARGET_REASON = 'Чтобы вывести средства, добавьте банковские реквизиты в рублях.';
/** Why an account of the profile is not in the list (or the list is empty): payouts go to RUB accounts only. */
export const OTHER_CURRENCY_HINT = 'Счета не в рублях для вывода не подходят';
const WITHDRAWAL_FAILED = 'Не удалось вывести средства';
/** What a withdrawal refused as sent for a profile no longer active says first (`notDoneText`). */
export const WITHDRAWAL_NOT_DONE = 'Вывод не выполнен';
/** No answer came (or none that could be read): the server may have paid it out, and the balance is read again. */
export const WITHDRAWAL_UNANSWERED = 'Не удалось получить ответ сервера. Вывод мог пройти: проверьте историю операций, прежде чем выводить снова';

/**
 * What a failed withdrawal says: the server's refusal or failure in its words, else that its fate is
 * not known — no answer, an unreadable one, or a proxy's 502–504 (a gateway time-out while the bank
 * was called may follow a payout made): the user is sent to the history before sending again.
 */
const failureText = (error: unknown) =>
  isApiError(error) && !error.outcomeUnknown && error.status >= 400 ? notDoneText(error, apiErrorText(error, WITHDRAWAL_FAILED), WITHDRAWAL_NOT_DONE) : WITHDRAWAL_UNANSWERED;

export interface WithdrawDialogProps {
  /** Roubles on the balance now. */
  available: number;
  /** RUB requisites of the profile (the API pays out to those only). */
  requisites: BankRequisite[];
  /** How many requisites of the profile are in another currency, and so not offered. */
  otherCurrency?: number;
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

const REQUISITE_UNCHOSEN = 'Выберите реквизиты';

/** What the amount field says of a typed text that is no amount to send (too large: `overBalance`). */
const AMOUNT_PROBLEMS: Record<Exclude<AmountProblem, 'too-large'>, string> = {
  empty: 'Укажите сумму',
  negative: 'Сумма не может быть отрицательной',
  format: 'Укажите сумму в рублях, например 1500 или 1500,50',
  precision: 'Сумма — не точнее копеек: не больше двух цифр после запятой',
};

/** The balance is the limit: an amount above it, or more digits than any balance has, says it. */
const overBalance = (available: number) => `Сумма больше доступной: ${formatMoney(available)}`;

/**
 * The typed amount's exact kopecks, or why it cannot be sent, in the field's words. The text is
 * read as it is, nothing dropped from it: "-5" is refused as negative, never sent as 5.
 */
function checkAmount(text: string, available: number): { kopecks: number; error?: undefined } | { error: string } {
  const read = readRoubles(text);
  if (read.problem === 'too-large') return { error: overBalance(available) };
  if (read.problem) return { error: AMOUNT_PROBLEMS[read.problem] };
  if (read.kopecks > roublesToKopecks(available)) return { error: overBalance(available) };
  const parsed = withdrawalAmountSchema.safeParse(kopecksToRoubles(read.kopecks));
  return parsed.success ? { kopecks: read.kopecks } : { error: parsed.error.issues[0]?.message ?? AMOUNT_PROBLEMS.format };
}

/** Withdrawal: an amount in roubles (sent as exact kopecks' roubles), a requisite, one Idempotency-Key per operation. */
export function WithdrawDialog({ available, requisites, otherCurrency = 0, onClose }: WithdrawDialogProps) {
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
  const keys = useIdempotencyKey();
  const refusal = useFieldRefusal();
  const mounted = useMounted();

  // Once «Вывести» has said what to correct, each field's message follows what it holds as it changes:
  // a message of a value no longer there is not left standing until the next press.
  const [checked, setChecked] = useState(false);

  function check(): Errors & { body?: { amount: number; bankRequisiteId: number } } {
    // Every field to correct is said at one press, as the other forms do: not the requisite only
    // once the amount is right.
    const found: Errors = {};
    const typed = checkAmount(amount, available);
    if (typed.error !== undefined) found.amount = typed.error;
    // None left to choose (deleted in another tab meanwhile, QA MMM-5): what to do, not «Выберите».
    if (!requisiteId) found.bankRequisiteId = requisites.length === 0 ? NO_PAYOUT_TARGET_REASON : REQUISITE_UNCHOSEN;
    if (typed.error !== undefined || found.bankRequisiteId) return found;
    const parsed = withdrawalBodySchema.safeParse({ amount: kopecksToRoubles(typed.kopecks), bankRequisiteId: Number(requisiteId) });
    if (parsed.success) return { body: parsed.data };
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === 'amount') found.amount ??= issue.message;
      if (field === 'bankRequisiteId') found.bankRequisiteId ??= REQUISITE_UNCHOSEN;
    }
    return found;
  }

  async function submit() {
    const { body, ...found } = check();
    // The server's words were of the last attempt: this one is judged anew.
    setAlert(undefined);
    setChecked(true);
    // Sent with Enter from the amount, the focus is there already: its message is said as a status.
    refusal.refuse(found);
    setErrors(found);
    if (!body) {
      // As the other forms do: the first field to correct takes the focus, and with it its message is read.
      (found.amount ? amountField.current : requisiteField.current)?.focus();
      return;
    }
    const idempotencyKey = keys.keyFor(body);
    try {
      const { message } = await withdraw.mutateAsync({ body, idempotencyKey });
      keys.settled(body, idempotencyKey);
      notifySuccess(message, WITHDRAWAL_ACCEPTED);
      if (mounted.current) onClose();
    } catch (error) {
      keys.settled(body, idempotencyKey, error);
      // Said by the dialog's alert, the error toast silent; closed while it ran, the failure is not
      // lost with the dialog: the toast says it. Refused for a profile no longer active, the page
      // becomes the other profile's and closes the dialog: the toast outlives it (toastFormFailure).
      const message = failureText(error);
      if (!mounted.current) return bus.emit('toast:show', { type: 'error', message });
      setAlert(message);
      toastFormFailure(message, error);
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
        // amount refused — the first key after a refusal did nothing. Nothing typed is dropped or
        // changed in it (a "-" or an "e" dropped made "-5" 5 and "1e3" 13): what is wrong is said.
        error={errors.amount}
        onChange={(event) => {
          const text = event.currentTarget.value;
          setAmount(text);
          if (checked) setErrors((last) => ({ ...last, amount: checkAmount(text, available).error }));
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
          aria-describedby={[chosen && `${selectId}-hint`, requisites.length === 0 && !errors.bankRequisiteId && `${selectId}-none`, otherCurrency > 0 && `${selectId}-other`, errors.bankRequisiteId && `${selectId}-error`].filter(Boolean).join(' ') || undefined}
          onChange={(event) => {
            const id = event.currentTarget.value;
            setRequisiteId(id);
            if (checked) setErrors((last) => ({ ...last, bankRequisiteId: id ? undefined : REQUISITE_UNCHOSEN }));
          }}
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
        {/* An account the user sees under «Банковские реквизиты» is not silently missing here. */}
        {requisites.length === 0 && !errors.bankRequisiteId && (
          <p id={`${selectId}-none`} className="ui-field__hint">
            {NO_PAYOUT_TARGET_REASON}
          </p>
        )}
        {otherCurrency > 0 && (
          <p id={`${selectId}-other`} className="ui-field__hint">
            {OTHER_CURRENCY_HINT}
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
