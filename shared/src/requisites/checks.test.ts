import fc from 'fast-check';
import {
  isValidBic,
  isValidCorrAccount,
  isValidInn,
  isValidKpp,
  isValidOgrn,
  isValidOgrnip,
  isValidSettlementAccount,
  normalizeDigits,
} from './checks';

/**
 * Property tests of the requisite checksums against reference implementations written here from
 * the published methods (FNS for INN/OGRN, the Bank of Russia's 7-1-3 key for accounts), in
 * another form than checks.ts: a check digit is computed, not verified.
 */

const digitString = (length: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((d) => d.join(''));

const ref = {
  /** FNS: Σ digit·weight, mod 11, then mod 10. */
  innDigit(head: string, weights: number[]): string {
    let sum = 0;
    for (let i = 0; i < weights.length; i++) sum += Number(head.charAt(i)) * weights[i]!;
    return String((sum % 11) % 10);
  },
  inn10: (head9: string) => head9 + ref.innDigit(head9, [2, 4, 10, 3, 5, 9, 4, 6, 8]),
  inn12(head10: string) {
    const eleven = head10 + ref.innDigit(head10, [7, 2, 4, 10, 3, 5, 9, 4, 6, 8]);
    return eleven + ref.innDigit(eleven, [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]);
  },
  /**
   * The Bank of Russia's key (the account's 9th digit): with the key as 0, the units of each
   * digit × 7,1,3,7,1,3… are summed; the key is the units of (that sum's units × 3).
   */
  accountKey(prefix3: string, accountWithZeroKey: string): string {
    const all = prefix3 + accountWithZeroKey;
    let sum = 0;
    for (let i = 0; i < all.length; i++) sum += (Number(all[i]) * [7, 1, 3][i % 3]!) % 10;
    return String(((sum % 10) * 3) % 10);
  },
  withKey(prefix3: string, account: string) {
    const zero = `${account.slice(0, 8)}0${account.slice(9)}`;
    return `${account.slice(0, 8)}${ref.accountKey(prefix3, zero)}${account.slice(9)}`;
  },
  /** OGRN: the number of the first 12 (OGRNIP: 14) digits mod 11 (13), then mod 10. */
  ogrn: (head: string, m: bigint) => head + String((BigInt(head) % m) % 10n),
};

const bicArb = digitString(7).map((tail) => `04${tail}`);
const settlementArb = fc.tuple(bicArb, digitString(20)).map(([bic, raw]) => ({ bic, account: ref.withKey(bic.slice(6), raw) }));
const corrArb = fc
  .tuple(bicArb, digitString(12))
  .map(([bic, middle]) => ({ bic, corr: ref.withKey(`0${bic.slice(4, 6)}`, `30101${middle}${bic.slice(6)}`) }));

/** Every string one digit away from `value`. */
const oneDigitTypos = (value: string): string[] =>
  [...value].flatMap((d, i) => [...'0123456789'].filter((x) => x !== d).map((x) => value.slice(0, i) + x + value.slice(i + 1)));

describe('INN', () => {
  it('accepts every 10- and 12-digit INN with check digits computed by the reference', () => {
    fc.assert(fc.property(digitString(9), (head) => isValidInn(ref.inn10(head))));
    fc.assert(fc.property(digitString(10), (head) => isValidInn(ref.inn12(head))));
  });

  it('agrees with the reference on any digit string, and refuses every changed check digit', () => {
    fc.assert(
      fc.property(fc.oneof(digitString(10), digitString(12)), (inn) => {
        const expected = inn.length === 10 ? ref.inn10(inn.slice(0, 9)) === inn : ref.inn12(inn.slice(0, 10)) === inn;
        expect(isValidInn(inn)).toBe(expected);
      }),
    );
    fc.assert(
      fc.property(digitString(9), fc.integer({ min: 1, max: 9 }), (head, shift) => {
        const inn = ref.inn10(head);
        return !isValidInn(head + String((Number(inn[9]) + shift) % 10));
      }),
    );
  });

  it('catches single-digit typos exactly where the reference does (mod 11 then mod 10 lets a few through)', () => {
    fc.assert(
      fc.property(digitString(9), (head) => {
        const typos = oneDigitTypos(ref.inn10(head));
        const passing = typos.filter(isValidInn);
        expect(passing).toEqual(typos.filter((t) => ref.inn10(t.slice(0, 9)) === t));
        // Only a check sum of 10 ↔ 0 collides: at most one value of each changed digit.
        expect(passing.length).toBeLessThanOrEqual(9);
      }),
    );
  });

  it('accepts real INNs and refuses other lengths and non-digits', () => {
    expect(isValidInn('7707083893')).toBe(true); // ПАО Сбербанк
    expect(isValidInn('500100732259')).toBe(true);
    expect(['7707083894', '500100732258', '500100732249', '770708389', '77070838930', '77O7083893', '', ' 7707083893'].map(isValidInn)).toEqual(
      Array(8).fill(false),
    );
  });
});

describe('settlement account', () => {
  it('accepts every account whose key the reference computed with the BIC', () => {
    fc.assert(fc.property(settlementArb, ({ bic, account }) => isValidSettlementAccount(account, bic)));
  });

  it('refuses every single-digit change of the account and of the BIC’s last three digits', () => {
    fc.assert(
      fc.property(settlementArb, ({ bic, account }) => {
        expect(oneDigitTypos(account).filter((typo) => isValidSettlementAccount(typo, bic))).toEqual([]);
        const bicTypos = oneDigitTypos(bic.slice(6)).map((tail) => bic.slice(0, 6) + tail);
        expect(bicTypos.filter((other) => isValidSettlementAccount(account, other))).toEqual([]);
      }),
      { numRuns: 50 },
    );
  });

  it('agrees with the reference on random accounts', () => {
    fc.assert(
      fc.property(bicArb, digitString(20), (bic, account) => {
        expect(isValidSettlementAccount(account, bic)).toBe(ref.withKey(bic.slice(6), account) === account);
      }),
    );
  });

  it('accepts accounts known to pass the key, refuses those that do not', () => {
    expect(isValidSettlementAccount('40702810500000001234', '044525225')).toBe(true);
    expect(isValidSettlementAccount('40802810700000001234', '044525974')).toBe(true);
    // Plausible-looking, but their keys do not fit Sberbank's BIC.
    expect(isValidSettlementAccount('40817810099910004312', '044525225')).toBe(false);
    expect(isValidSettlementAccount('40702810938000000000', '044525225')).toBe(false);
    // The same account at another bank has another key; a bad BIC fails it too.
    expect(isValidSettlementAccount('40702810500000001234', '044525974')).toBe(false);
    expect(isValidSettlementAccount('40702810500000001234', '144525225')).toBe(false);
  });
});

describe('correspondent account', () => {
  it('accepts every 30101… account ending in the BIC with the reference key', () => {
    fc.assert(fc.property(corrArb, ({ bic, corr }) => isValidCorrAccount(corr, bic)));
  });

  it('refuses every single-digit change', () => {
    fc.assert(
      fc.property(corrArb, ({ bic, corr }) => {
        expect(oneDigitTypos(corr).filter((typo) => isValidCorrAccount(typo, bic))).toEqual([]);
      }),
      { numRuns: 50 },
    );
  });

  it('refuses a change of the BIC’s 5th–6th or last three digits', () => {
    fc.assert(
      fc.property(corrArb, fc.constantFrom(4, 5, 6, 7, 8), fc.integer({ min: 1, max: 9 }), ({ bic, corr }, i, shift) => {
        const other = bic.slice(0, i) + String((Number(bic[i]) + shift) % 10) + bic.slice(i + 1);
        return !isValidCorrAccount(corr, other);
      }),
    );
  });

  it('accepts real pairs', () => {
    expect(isValidCorrAccount('30101810400000000225', '044525225')).toBe(true); // ПАО Сбербанк
    expect(isValidCorrAccount('30101810145250000974', '044525974')).toBe(true); // АО «ТБанк»
    expect(isValidCorrAccount('30101810400000000225', '044525974')).toBe(false);
    expect(isValidCorrAccount('30102810400000000225', '044525225')).toBe(false);
  });
});

describe('BIC, KPP, OGRN', () => {
  it('BIC: 9 digits starting 04', () => {
    fc.assert(fc.property(bicArb, isValidBic));
    fc.assert(fc.property(digitString(9), (bic) => isValidBic(bic) === bic.startsWith('04')));
    expect(['04452522', '0445252250', '04452522a', '144525225', ''].map(isValidBic)).toEqual(Array(5).fill(false));
  });

  it('KPP: 4 digits, 2 digits or capital letters, 3 digits', () => {
    const part = fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    fc.assert(fc.property(digitString(4), part, part, digitString(3), (a, b, c, d) => isValidKpp(a + b + c + d)));
    expect(['773601001', '7736AB001'].map(isValidKpp)).toEqual([true, true]);
    expect(['77360100', '7736ab001', '7736A-001', 'A73601001', '7736010011'].map(isValidKpp)).toEqual(Array(5).fill(false));
  });

  it('OGRN and OGRNIP: the reference check digit passes, another fails', () => {
    fc.assert(fc.property(digitString(12), (head) => isValidOgrn(ref.ogrn(head, 11n))));
    fc.assert(fc.property(digitString(14), (head) => isValidOgrnip(ref.ogrn(head, 13n))));
    fc.assert(
      fc.property(digitString(12), fc.integer({ min: 1, max: 9 }), (head, shift) => {
        const ogrn = ref.ogrn(head, 11n);
        return !isValidOgrn(head + String((Number(ogrn[12]) + shift) % 10));
      }),
    );
    expect(isValidOgrn('1027700132195')).toBe(true); // ПАО Сбербанк
    expect(isValidOgrnip('304500116000157')).toBe(true);
    expect([isValidOgrn('1027700132196'), isValidOgrnip('304500116000158'), isValidOgrn('304500116000157')]).toEqual([false, false, false]);
  });
});

describe('normalizeDigits', () => {
  it('drops the spaces of pasted numbers, keeps everything else', () => {
    expect(normalizeDigits(' 4070 2810\u00A05000\u202F0000 1234\t')).toBe('40702810500000001234');
    expect(normalizeDigits('7707-083893')).toBe('7707-083893');
    fc.assert(fc.property(digitString(20), fc.array(fc.constantFrom(' ', '\u00A0', '\t'), { maxLength: 5 }), (d, spaces) => {
      const spaced = spaces.reduce((s, sp, i) => s.slice(0, i * 3) + sp + s.slice(i * 3), d);
      return normalizeDigits(spaced) === d;
    }));
  });
});
