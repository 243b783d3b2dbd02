import {
  DEMO_REQUISITES,
  isValidBic,
  isValidCorrAccount,
  isValidInn,
  isValidKpp,
  isValidSettlementAccount,
  parsePlatformRequisites,
  requisiteProblems,
} from '../src/modules/payment/requisites';

/** Every single-digit change of a valid number: a checksum must catch each one. */
const oneDigitTypos = (value: string): string[] =>
  [...value].flatMap((d, i) => ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'].filter((x) => x !== d).map((x) => value.slice(0, i) + x + value.slice(i + 1)));

describe('payee requisite checksums', () => {
  it('accepts the demo requisites, so the default invoice passes the bank requisite rules', () => {
    expect(requisiteProblems(DEMO_REQUISITES)).toEqual([]);
  });

  it('checks a 10-digit INN and both check digits of a 12-digit one', () => {
    expect(isValidInn('7707083893')).toBe(true);
    expect(isValidInn('500100732259')).toBe(true);
    expect(isValidInn('7707083894')).toBe(false);
    expect(isValidInn('500100732258')).toBe(false);
    expect(isValidInn('500100732249')).toBe(false);
    expect(['770708389', '77070838930', '77O7083893', ''].map(isValidInn)).toEqual([false, false, false, false]);
  });

  it('checks the settlement account key against the BIC, catching every one-digit typo', () => {
    const { account, bic } = DEMO_REQUISITES;
    expect(isValidSettlementAccount(account, bic)).toBe(true);
    expect(oneDigitTypos(account).filter((typo) => isValidSettlementAccount(typo, bic))).toEqual([]);
    // The same account at another bank has another key.
    expect(isValidSettlementAccount(account, '044525974')).toBe(false);
  });

  it('checks the correspondent account: 30101…, the BIC’s last digits, its key', () => {
    expect(isValidCorrAccount('30101810400000000225', '044525225')).toBe(true);
    expect(isValidCorrAccount('30101810145250000974', '044525974')).toBe(true);
    expect(isValidCorrAccount('30101810400000000225', '044525974')).toBe(false);
    expect(isValidCorrAccount('30102810400000000225', '044525225')).toBe(false);
    expect(oneDigitTypos('30101810400000000225').filter((typo) => isValidCorrAccount(typo, '044525225'))).toEqual([]);
  });

  it('checks BIC and KPP shapes', () => {
    expect([isValidBic('044525225'), isValidBic('04452522'), isValidBic('04452522a')]).toEqual([true, false, false]);
    expect([isValidKpp('770001001'), isValidKpp('7700AB001'), isValidKpp('77000100'), isValidKpp('7700ab001')]).toEqual([true, true, false, false]);
  });

  it('names each field that fails, and lets an entrepreneur (12-digit INN) go without a KPP', () => {
    expect(requisiteProblems({ ...DEMO_REQUISITES, inn: '7700000008', kpp: null, name: 'a|b' })).toEqual(['name', 'inn', 'kpp']);
    expect(requisiteProblems({ ...DEMO_REQUISITES, inn: '500100732259', kpp: null })).toEqual([]);
    expect(requisiteProblems({ ...DEMO_REQUISITES, bic: '044525974' })).toEqual(['account', 'corrAccount']);
  });
});

describe('PLATFORM_* parsing', () => {
  const entrepreneur = {
    PLATFORM_NAME: 'ИП Петров П. П.',
    PLATFORM_INN: '500100732259',
    PLATFORM_ACCOUNT: '40802810700000001234',
    PLATFORM_BANK_NAME: 'АО «Т-Банк»',
    PLATFORM_BIC: '044525974',
    PLATFORM_CORR_ACCOUNT: '30101810145250000974',
  };

  it('reads an entrepreneur without PLATFORM_KPP', () => {
    expect(isValidSettlementAccount(entrepreneur.PLATFORM_ACCOUNT, entrepreneur.PLATFORM_BIC)).toBe(true);
    expect(parsePlatformRequisites(entrepreneur)).toMatchObject({ inn: '500100732259', kpp: null, bic: '044525974' });
  });

  it('treats blank variables as unset', () => {
    expect(parsePlatformRequisites({ PLATFORM_NAME: ' ', PLATFORM_KPP: '' })).toBe(DEMO_REQUISITES);
  });
});
