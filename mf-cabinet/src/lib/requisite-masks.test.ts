import { maskRequisite } from './requisite-masks';

test('a requisite keeps its digits only, cut to its number’s longest length once spaces and dashes are gone', () => {
  expect(maskRequisite('inn', '5001 0073 2259 99')).toBe('500100732259');
  expect(maskRequisite('ogrn', '3047-7000-0123-453-1')).toBe('304770000123453');
  expect(maskRequisite('bic', '04 45 25 225')).toBe('044525225');
  expect(maskRequisite('correspondentAccount', '3010 1810 4000 0000 0225 9')).toBe('30101810400000000225');
  expect(maskRequisite('account', '4081 7810 8999 1000 4312')).toBe('40817810899910004312');
});

test('a КПП keeps capital Latin letters too (places 5–6), typed small or not', () => {
  expect(maskRequisite('kpp', '7736ab001x')).toBe('7736AB001');
});

test('a КПП typed on the Russian layout takes its look-alike letters for the Latin ones; full-width digits are digits (QA M-7)', () => {
  expect(maskRequisite('kpp', '7736АВ001')).toBe('7736AB001');
  expect(maskRequisite('kpp', '7736ав001')).toBe('7736AB001');
  expect(maskRequisite('inn', '７７０７０８３８９３')).toBe('7707083893');
  // Elsewhere a letter is no digit, whatever it looks like.
  expect(maskRequisite('inn', '77О7')).toBe('777');
});
