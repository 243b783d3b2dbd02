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
