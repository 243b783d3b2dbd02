import { detectBufferType, detectFileType } from '../src/providers/storage/file-type';
import { FILE_TYPE_MESSAGE } from 'shared/contract';
import type { AppError } from '../src/http/errors';
import { fileTypeRefused } from '../src/providers/storage/types';
import { namingTheFile, sanitizeFileName } from '../src/providers/storage/upload';
import { ole2, samples, zip } from './fixtures/file-samples';

const contentTypes = '<?xml version="1.0"?><Types/>';

describe('file type by content', () => {
  it.each(Object.entries(samples))('recognises %s', (ext, bytes) => {
    expect(detectBufferType(bytes)?.ext).toBe(ext);
  });

  it('answers the type with its MIME', () => {
    expect(detectBufferType(samples.docx)).toEqual({ ext: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
    expect(detectBufferType(samples.jpg)).toEqual({ ext: 'jpg', mime: 'image/jpeg' });
  });

  it.each([
    ['an executable', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)])],
    ['an empty file', Buffer.alloc(0)],
    ['plain text', Buffer.from('просто текст')],
    ['HTML', Buffer.from('<!doctype html><script>alert(1)</script>')],
    ['a zip without Office entries', zip([['readme.txt', 'hi'], ['bin/app.exe', 'MZ']])],
    ['a zip with word/ but no [Content_Types].xml', zip([['word/document.xml', '<w:document/>']])],
    ['an ODF spreadsheet (not in the list)', zip([['mimetype', 'application/vnd.oasis.opendocument.spreadsheet']])],
    ['an OLE2 file that is neither Word nor Excel (an installer)', ole2('SummaryInformation')],
    ['a truncated zip', samples.docx.subarray(0, samples.docx.length - 10)],
    ['a PDF magic after junk', Buffer.concat([Buffer.from('MZ'), samples.pdf])],
  ])('refuses %s', (_name, bytes) => {
    expect(detectBufferType(bytes)).toBeNull();
  });

  it('reads the ZIP directory from the tail of a file too big to hold', () => {
    const padding = Buffer.alloc(1024 * 1024);
    const big = zip([['[Content_Types].xml', contentTypes], ['padding.bin', padding], ['xl/workbook.xml', '<workbook/>']]);
    const sample = { head: big.subarray(0, 64 * 1024), tail: big.subarray(big.length - 256 * 1024), size: big.length };
    expect(detectFileType(sample)?.ext).toBe('xlsx');
  });
});

describe('display names', () => {
  const pdf = { ext: 'pdf', mime: 'application/pdf' } as const;
  it.each([
    ['Договор №5.pdf', 'Договор №5.pdf'],
    ['../../etc/passwd', 'passwd.pdf'],
    ['C:\\Users\\me\\акт.PDF', 'акт.PDF'],
    ['a\u202Eexe.pdf', 'aexe.pdf'],
    ['con\u0000tract\u0007.pdf', 'contract.pdf'],
    ['..', 'файл.pdf'],
    ['', 'файл.pdf'],
    ['photo.png', 'photo.png.pdf'],
    ['e\u0301.pdf', '\u00e9.pdf'],
    // As Chromium and curl send «Договор "Ромашка".pdf» and a name with a line break.
    ['Договор %22Ромашка%22 №1.pdf', 'Договор "Ромашка" №1.pdf'],
    ['акт%0D%0Aиюнь.pdf', 'акт июнь.pdf'],
    ['.pdf', 'файл.pdf'],
    ['...PDF', 'файл.PDF'],
    ['.png', 'png.pdf'],
    // A name of characters that show nothing is no name (QA KKK-1).
    ['\u200b\u200b\u200b.pdf', 'файл.pdf'],
    ['\u200b\u2060', 'файл.pdf'],
    // Nor inside a name: it would look like another's (QA AAQ-9).
    ['Дог\u200bовор\u00AD \uFEFFиюнь.pdf', 'Договор июнь.pdf'],
  ])('%j is shown as %j', (raw, shown) => {
    expect(sanitizeFileName(raw, pdf)).toBe(shown);
  });

  it('keeps names to 200 characters with the extension', () => {
    const name = sanitizeFileName(`${'я'.repeat(300)}.pdf`, pdf);
    expect(Array.from(name)).toHaveLength(200);
    expect(name.endsWith('я.pdf')).toBe(true);
  });

  it('cuts a long name of emoji between them, never inside one (QA KKK-2)', () => {
    const name = sanitizeFileName(`${'👩‍💻'.repeat(100)}.pdf`, pdf);
    expect(name).toBe(`${'👩‍💻'.repeat(65)}.pdf`);
  });
});

describe('a refused file named in the refusal (QA KKK-2)', () => {
  it('quotes at most 120 characters, cut between emoji', () => {
    const error = namingTheFile(fileTypeRefused(), `x${'😀'.repeat(130)}.pdf`) as AppError;
    expect(error.message).toBe(`Файл «x${'😀'.repeat(119)}» не принят: ${FILE_TYPE_MESSAGE.charAt(0).toLowerCase()}${FILE_TYPE_MESSAGE.slice(1)}`);
  });
});
