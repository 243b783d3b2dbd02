import { quoted } from './quoted';

test('sets a bare name off in «», and leaves one with its own quotes as it is', () => {
  expect(quoted('Ромашка')).toBe('«Ромашка»');
  expect(quoted('ООО «Ромашка»')).toBe('ООО «Ромашка»');
  expect(quoted('ООО "Ромашка"')).toBe('ООО "Ромашка"');
  expect(quoted('ИП Иванов И. И.')).toBe('«ИП Иванов И. И.»');
});
