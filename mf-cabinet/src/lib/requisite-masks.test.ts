import { maskRequisite } from './requisite-masks';

test('a requisite loses the spaces and dashes it is printed with', () => {
  expect(maskRequisite('inn', '5001 0073 2259')).toBe('500100732259');
  expect(maskRequisite('ogrn', '3047-7000-0123-453')).toBe('304770000123453');
  expect(maskRequisite('bic', '04 45 25 225')).toBe('044525225');
  expect(maskRequisite('correspondentAccount', '3010\u00A01810\u202F4000 0000 0225')).toBe('30101810400000000225');
  expect(maskRequisite('account', '4081–7810–8999–1000–4312')).toBe('40817810899910004312');
});

test('an extra digit or a letter stays, for the check to refuse: not cut or dropped without a word (QA AAX-3)', () => {
  expect(maskRequisite('inn', '5001007322591')).toBe('5001007322591');
  expect(maskRequisite('account', '408178100000000012345')).toBe('408178100000000012345');
  expect(maskRequisite('account', '4081781000000000123O')).toBe('4081781000000000123O');
});

test('a КПП keeps capital Latin letters too (places 5–6), typed small or not', () => {
  expect(maskRequisite('kpp', '7736ab001')).toBe('7736AB001');
  expect(maskRequisite('kpp', '7736ab001x')).toBe('7736AB001X');
});

test('a КПП typed on the Russian layout takes its look-alike letters for the Latin ones; full-width digits are digits (QA M-7)', () => {
  expect(maskRequisite('kpp', '7736АВ001')).toBe('7736AB001');
  expect(maskRequisite('kpp', '7736ав001')).toBe('7736AB001');
  expect(maskRequisite('inn', '７７０７０８３８９３')).toBe('7707083893');
  // Elsewhere a letter is no digit, whatever it looks like: it stays for the check to refuse.
  expect(maskRequisite('inn', '77О7')).toBe('77О7');
});
