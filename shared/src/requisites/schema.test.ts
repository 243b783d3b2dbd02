import { accountCurrencyError, accountError, corrAccountError, innError, REQUISITE_MESSAGES as M, requisiteNumberErrors } from './messages';
import { bankRequisiteBodySchema, bankRequisiteUpdateBodySchema } from './schema';

const valid = {
  recipientName: 'ПАО Сбербанк',
  inn: '7707083893',
  kpp: '773601001',
  bic: '044525225',
  correspondentAccount: '30101810400000000225',
  account: '40702810500000001234',
  currencyId: 1,
};

/** The form's errors by field, as the API's 422 names them. */
function errorsOf(input: unknown): Record<string, string> {
  const result = bankRequisiteBodySchema.safeParse(input);
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

describe('bank requisite form schema', () => {
  it('takes pasted numbers and answers bare digits, a blank KPP and bank name as null', () => {
    const parsed = bankRequisiteBodySchema.parse({ ...valid, inn: ' 7707 083 893 ', kpp: '', bankName: '  ', account: '4070 2810 5000 0000 1234' });
    expect(parsed).toEqual({ ...valid, kpp: null, bankName: null });
    expect(bankRequisiteBodySchema.parse({ ...valid, kpp: '7736ab001' }).kpp).toBe('7736AB001');
  });

  it('a bank name of characters that show nothing is none: the directory fills it (QA KKK-1)', () => {
    expect(bankRequisiteBodySchema.parse({ ...valid, bankName: '\u200b' }).bankName).toBeNull();
    expect(bankRequisiteBodySchema.parse({ ...valid, bankName: ' \u200b\u2060 ' }).bankName).toBeNull();
    expect(bankRequisiteBodySchema.parse({ ...valid, bankName: ' ПАО Сбербанк ' }).bankName).toBe('ПАО Сбербанк');
  });

  it("the payee's name keeps what shows of it, as a person's or an organisation's name does (QA AAP-10)", () => {
    expect(bankRequisiteBodySchema.parse({ ...valid, recipientName: 'Ива\u200bн  Петров\u00AD' }).recipientName).toBe('Иван Петров');
    expect(bankRequisiteBodySchema.parse({ ...valid, recipientName: 'ООО «Ромашка»' }).recipientName).toBe('ООО «Ромашка»');
  });

  it('names each failing field with its Russian text', () => {
    expect(errorsOf({ ...valid, inn: '7707083894' })).toEqual({ inn: 'Неверный ИНН: не сходится контрольное число' });
    expect(errorsOf({ ...valid, kpp: '1' })).toEqual({ kpp: M.kppFormat });
    expect(errorsOf({ ...valid, bic: '044525974' })).toEqual({ correspondentAccount: M.corrAccountBic, account: M.accountChecksum });
    expect(errorsOf({ ...valid, correspondentAccount: '30101810500000000225' })).toEqual({ correspondentAccount: M.corrAccountChecksum });
    expect(errorsOf({ ...valid, account: '40702810500000001235' })).toEqual({ account: M.accountChecksum });
    expect(errorsOf({})).toEqual({
      recipientName: M.recipientNameRequired,
      inn: M.innRequired,
      bic: M.bicRequired,
      correspondentAccount: M.corrAccountRequired,
      account: M.accountRequired,
      currencyId: M.currencyRequired,
    });
  });

  it('does not judge account keys against a wrong BIC: the BIC alone is named', () => {
    expect(errorsOf({ ...valid, bic: '144525225' })).toEqual({ bic: M.bicCountry });
    expect(corrAccountError(valid.correspondentAccount, '1')).toBeNull();
    expect(accountError('1', valid.bic)).toBe(M.accountFormat);
  });

  it('checks the pairs an update sends, leaving the rest to the API’s check of the merged requisite', () => {
    expect(bankRequisiteUpdateBodySchema.parse({ id: 3, bic: '044525974' })).toEqual({ id: 3, bic: '044525974' });
    expect(bankRequisiteUpdateBodySchema.safeParse({ id: 3, bic: '044525974', account: valid.account }).error?.issues.map((i) => i.path)).toEqual([['account']]);
    expect(requisiteNumberErrors({ ...valid, bic: '044525974' })).toEqual({ correspondentAccount: M.corrAccountBic, account: M.accountChecksum });
    expect(requisiteNumberErrors({ ...valid, inn: '500100732259' })).toEqual({ kpp: M.kppForPerson });
    expect(requisiteNumberErrors({ ...valid, inn: '500100732259', kpp: null })).toEqual({});
  });

  it("checks the account's currency digits against the currency's code when one is given", () => {
    expect(requisiteNumberErrors({ ...valid, currencyCode: 'RUB' })).toEqual({});
    expect(requisiteNumberErrors({ ...valid, currencyCode: 'USD' })).toEqual({ account: accountCurrencyError(valid.account, 'USD') });
    expect(accountCurrencyError(valid.account, 'EUR')).toBe('Счёт не в выбранной валюте: 6–8-я цифры счёта — код валюты, для EUR это 978');
    expect(accountCurrencyError('40702643000000001234', 'RUB')).toBeNull();
    expect(accountCurrencyError('40702156000000001234', 'CNY')).toBeNull();
    // A currency the table does not know, or an account of the wrong shape: nothing to say here.
    expect(accountCurrencyError(valid.account, 'KZT')).toBeNull();
    expect(accountCurrencyError('4070284', 'RUB')).toBeNull();
    // A key that fails is the message, not the currency (one message a field).
    expect(requisiteNumberErrors({ ...valid, account: '40702840000000001234', currencyCode: 'RUB' })).toEqual({ account: M.accountChecksum });
  });

  it('tells a wrong length from a wrong check digit', () => {
    expect([innError(''), innError('123'), innError('7707083894'), innError('7707083893')]).toEqual([M.innRequired, M.innFormat, M.innChecksum, null]);
    // All zeros pass the check digits, but no region has the code 00 (QA AAP-7).
    expect([innError('0000000000'), innError('000000000000'), innError('0012345678')]).toEqual([M.innRegion, M.innRegion, M.innRegion]);
  });
});
