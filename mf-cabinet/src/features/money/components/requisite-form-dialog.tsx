import { useEffect, useMemo, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { applyApiError, isNotFoundStatus, quoted, TextField, useFormRefusal, useMounted, VisuallyHidden } from 'shared';
import {
  bicError,
  FormDialog,
  normalizeDigits,
  PAYOUT_CURRENCY,
  type BankRequisite,
  type BankRequisiteBody,
  type BankRequisiteFormValues,
  type Currency,
} from 'shared/lk';
import { useCheckTypedFields } from '../../../lib/check-typed-fields';
import { maskedField } from '../../../lib/requisite-masks';
import { useBankByBic } from '../api/get-bank';
import { useRequisites } from '../api/get-requisites';
import { useSaveRequisite } from '../api/save-requisite';
import { notifyError, notifySuccess } from '../lib/notify';
import { isTakenAccount, REQUISITE_DUPLICATE, requisiteResolver } from '../lib/requisite-resolver';
import { CurrencySelect } from './currency-select';

export const REQUISITE_CREATED = 'Реквизиты добавлены';
export const REQUISITE_SAVED = 'Реквизиты сохранены';
const SAVE_FAILED = 'Не удалось сохранить реквизиты';
const BANK_NOT_FOUND = 'Банк не найден в справочнике. Укажите название банка вручную';
/** The directory did not answer (503, no connection): the BIC may well be right, it is not called unknown. */
const BANK_LOOKUP_FAILED = 'Справочник банков сейчас недоступен. Укажите название банка вручную';
const FIELDS = ['recipientName', 'inn', 'kpp', 'bic', 'bankName', 'correspondentAccount', 'account', 'currencyId'] as const;

/**
 * The «Название банка» hint once the directory knows the BIC: it says where the name in the field
 * came from. A name the user typed (kept over a new BIC's) is his, the directory's is named beside it.
 */
function directoryNameHint(directoryName: string, fieldName: string): string {
  const typed = fieldName.trim();
  if (typed === directoryName.trim()) return 'Заполнено по справочнику БИК, можно изменить';
  return typed ? `Указано ваше название; по справочнику БИК — ${quoted(directoryName)}` : `По справочнику БИК — ${quoted(directoryName)}`;
}

/** What a new requisite starts from (an organisation's own name, INN and KPP); editable. */
export type RequisitePrefill = Pick<BankRequisiteFormValues, 'recipientName' | 'inn' | 'kpp'>;

export interface RequisiteFormDialogProps {
  profileId: number;
  currencies: Currency[];
  /** The requisite to change; none: a new one. */
  requisite?: BankRequisite | undefined;
  /** A new requisite's first values. */
  prefill?: RequisitePrefill | undefined;
  onClose: () => void;
  /** After a save, with the requisite's id (the page moves the focus to its card). */
  onSaved?: (id: number) => void;
}

function defaultsOf(requisite: BankRequisite | undefined, currencies: Currency[], prefill: RequisitePrefill | undefined): BankRequisiteFormValues {
  // A new account is in the payouts' currency unless chosen otherwise.
  const rub = currencies.find((c) => c.code === PAYOUT_CURRENCY) ?? currencies[0];
  return {
    recipientName: requisite?.recipientName ?? prefill?.recipientName ?? '',
    inn: requisite?.inn ?? prefill?.inn ?? '',
    kpp: requisite?.kpp ?? prefill?.kpp ?? '',
    bic: requisite?.bic ?? '',
    bankName: requisite?.bankName ?? '',
    correspondentAccount: requisite?.correspondentAccount ?? '',
    account: requisite?.account ?? '',
    currencyId: requisite?.currency.id ?? rub?.id ?? Number.NaN,
  };
}

/** Create or change a requisite: masked numbers, the shared checks as one types, the bank found by BIC. */
export function RequisiteFormDialog({ profileId, currencies, requisite, prefill, onClose, onSaved }: RequisiteFormDialogProps) {
  const save = useSaveRequisite(profileId);
  const mounted = useMounted();
  // The other requisites of the list the page shows: the same account of the same bank again is
  // said at the field as it is typed, not first by the API's 409 after «Добавить».
  const listed = useRequisites(profileId).data?.items;
  const taken = useMemo(() => (listed ?? []).filter((r) => r.id !== requisite?.id), [listed, requisite?.id]);
  const resolver = useMemo(() => requisiteResolver(currencies, taken), [currencies, taken]);
  const form = useForm<BankRequisiteFormValues, unknown, BankRequisiteBody>({
    resolver,
    mode: 'onTouched',
    defaultValues: defaultsOf(requisite, currencies, prefill),
  });
  const { setValue, getValues, getFieldState, trigger, clearErrors, watch, formState } = form;
  // Checked as it is left once typed in: tabbing through untouched says nothing yet (QA FFF-2).
  const register = useCheckTypedFields(form.register);
  const { errors, isSubmitting, isSubmitted } = formState;
  // A refusal (the form's check or the server's) focuses its field, whose message the focus reads;
  // sent with Enter from that field, the focus is there already: the message is said as a status.
  const refusal = useFormRefusal(form);

  const bic = normalizeDigits(watch('bic') ?? '');
  // Not left for the blur: the account field says it as soon as the BIC and the account make the
  // pair a listed requisite has (whichever was typed last), and stops when they no longer do — a
  // field not yet left drops the warning, a checked one is checked again.
  // (On a change of the pair only: the API's own 409 in the same words is not the form's to clear.)
  const duplicate = isTakenAccount(taken, bic, watch('account') ?? '');
  const wasDuplicate = useRef(false);
  useEffect(() => {
    if (duplicate === wasDuplicate.current) return;
    wasDuplicate.current = duplicate;
    if (duplicate) {
      void trigger('account');
      return;
    }
    const field = getFieldState('account');
    if (field.error?.message !== REQUISITE_DUPLICATE) return;
    if (field.isTouched || isSubmitted) void trigger('account');
    else clearErrors('account');
  }, [duplicate, trigger, getFieldState, clearErrors, isSubmitted]);
  const bank = useBankByBic(bicError(bic) === null ? bic : null);
  // The directory's answer for a new BIC replaces an empty field or what the form put there itself
  // (the saved requisite's value, an earlier answer) — never what the user typed. Back at the saved
  // BIC, the saved value comes back: another bank's name, filled by a lookup in between, was left
  // and saved with this BIC (QA AAX-1).
  const filled = useRef({ bankName: requisite?.bankName ?? null, correspondentAccount: requisite?.correspondentAccount ?? null });
  useEffect(() => {
    if (!bank.data) return;
    const savedBank = requisite && bank.data.bic === requisite.bic ? requisite : null;
    const fill = (field: 'bankName' | 'correspondentAccount', answer: string | null) => {
      const value = savedBank?.[field] || answer;
      const current = getValues(field) ?? '';
      if (!value || current === value) return;
      if (current && current !== filled.current[field]) return;
      setValue(field, value, { shouldDirty: true, shouldValidate: true });
      filled.current[field] = value;
    };
    fill('bankName', bank.data.bankName);
    fill('correspondentAccount', bank.data.correspondentAccount);
  }, [bank.data, getValues, requisite?.bic, setValue]);

  // A new BIC the directory does not know (or could not look up): what it (or the saved requisite)
  // put in belongs to another bank and is cleared — the hint says why; what the user typed stays.
  const bankUnknown = bank.isError && bic !== requisite?.bic;
  useEffect(() => {
    if (!bankUnknown) return;
    const clear = (field: 'bankName' | 'correspondentAccount') => {
      const current = getValues(field) ?? '';
      if (!current || current !== filled.current[field]) return;
      setValue(field, '', { shouldDirty: true });
      filled.current[field] = null;
    };
    clear('bankName');
    clear('correspondentAccount');
  }, [bankUnknown, getValues, setValue]);

  const onSubmit = refusal.handleSubmit(async (body) => {
    try {
      const { data, message } = await save.mutateAsync(requisite ? { id: requisite.id, body } : { body });
      notifySuccess(message, requisite ? REQUISITE_SAVED : REQUISITE_CREATED);
      // Closed while it ran: the focus went back to the opener already, and is left there.
      if (!mounted.current) return;
      onClose();
      onSaved?.(data.id);
    } catch (error) {
      // Closed while it ran: the refusal is not lost with the form, a toast says it.
      if (mounted.current) applyApiError(error, refusal, FIELDS, SAVE_FAILED);
      else notifyError(error, SAVE_FAILED);
    }
  });

  // The directory's answer for the BIC: as the «Название банка» hint shows it, and as a screen reader
  // is told it, once politely — it changes with the answer only, not with each keystroke (an
  // unfinished BIC is not looked up). The saved BIC of the requisite being changed was not typed:
  // its bank is not announced on opening.
  const lookup = bank.isFetching
    ? { hint: 'Ищем банк по БИК…', said: '' }
    : bank.data
      ? { hint: directoryNameHint(bank.data.bankName, watch('bankName') ?? ''), said: `Банк: ${bank.data.bankName ?? bank.data.bic}` }
      : bank.isError
        ? isNotFoundStatus(bank.error)
          ? { hint: BANK_NOT_FOUND, said: BANK_NOT_FOUND }
          : { hint: BANK_LOOKUP_FAILED, said: BANK_LOOKUP_FAILED }
        : { hint: 'Заполнится по БИК, если банк есть в справочнике', said: '' };
  const bankAnnouncement = bic === (requisite?.bic ?? '') ? '' : lookup.said;

  return (
    <FormDialog
      title={requisite ? 'Изменить реквизиты' : 'Новые реквизиты'}
      description="Счёт, на который выводятся деньги с баланса."
      submitLabel={requisite ? 'Сохранить' : 'Добавить'}
      pending={isSubmitting}
      alert={errors.root?.server?.message}
      onSubmit={(event) => void onSubmit(event)}
      onClose={onClose}
    >
      <TextField label="Получатель" autoComplete="organization" hint="ФИО или название организации" error={errors.recipientName?.message} {...register('recipientName')} />
      <TextField label="ИНН" hint="10 цифр у организации, 12 — у ИП и физического лица" error={errors.inn?.message} {...maskedField(register('inn'), 'inn')} />
      <TextField label="КПП" hint="Только у организаций, необязательно" error={errors.kpp?.message} {...maskedField(register('kpp'), 'kpp')} />
      <TextField label="БИК банка" hint="9 цифр" error={errors.bic?.message} {...maskedField(register('bic'), 'bic')} />
      <VisuallyHidden role="status">{bankAnnouncement}</VisuallyHidden>
      <TextField label="Название банка" hint={lookup.hint} error={errors.bankName?.message} {...register('bankName')} />
      <TextField label="Корреспондентский счёт" hint="20 цифр, начинается с 30101" error={errors.correspondentAccount?.message} {...maskedField(register('correspondentAccount'), 'correspondentAccount')} />
      <TextField label="Расчётный счёт" hint="20 цифр" error={errors.account?.message} {...maskedField(register('account'), 'account')} />
      {/* Shown while typing, before the field is left: said politely, once (the API's 409 takes the focus to the field instead). */}
      <VisuallyHidden role="status">{duplicate && errors.account?.message === REQUISITE_DUPLICATE ? REQUISITE_DUPLICATE : ''}</VisuallyHidden>
      <CurrencySelect currencies={currencies} error={errors.currencyId?.message} {...register('currencyId', { valueAsNumber: true, deps: ['account'] })} />
      {refusal.status}
    </FormDialog>
  );
}
