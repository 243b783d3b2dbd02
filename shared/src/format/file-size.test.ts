import { formatFileSize } from './file-size';

test('file sizes in Russian units with a decimal comma below ten', () => {
  expect(formatFileSize(512)).toBe('512\u00a0Б');
  expect(formatFileSize(1536)).toBe('1,5\u00a0КБ');
  expect(formatFileSize(20 * 1024 * 1024)).toBe('20\u00a0МБ');
  expect(formatFileSize(3 * 1024 ** 4)).toBe('3072\u00a0ГБ');
});
