import { execFile } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { invoicePdf, type InvoiceInput } from '../src/modules/payment/invoice-pdf';
import { DEMO_REQUISITES } from '../src/modules/payment/requisites';

/**
 * pdf.js reads the text back as a PDF viewer would (through the embedded font's ToUnicode map).
 * Its builds are ES modules only, which Jest's CommonJS VM cannot load, so it runs in a child
 * Node process: PDF on stdin, text on stdout.
 */
const EXTRACT = `
// pdf.js warns on stdout (no canvas: none is needed for text); stdout carries only the answer.
console.log = console.warn = (...args) => console.error(...args);
const { getDocument } = await import(process.argv[1]);
const chunks = [];
for await (const c of process.stdin) chunks.push(c);
const pdf = await getDocument({ data: new Uint8Array(Buffer.concat(chunks)), isEvalSupported: false, verbosity: 0 }).promise;
let text = '';
for (let i = 1; i <= pdf.numPages; i++) {
  const content = await (await pdf.getPage(i)).getTextContent();
  text += content.items.map((it) => ('str' in it ? it.str + (it.hasEOL ? '\\n' : ' ') : '')).join('') + '\\f';
}
process.stdout.write(JSON.stringify({ pages: pdf.numPages, text }));
`;

function extractText(pdf: Buffer): Promise<{ pages: number; text: string }> {
  const pdfjs = pathToFileURL(require.resolve('pdfjs-dist/legacy/build/pdf.mjs')).href;
  return new Promise((resolve, reject) => {
    const options = { maxBuffer: 16 * 1024 * 1024, timeout: 20_000 };
    const child = execFile(process.execPath, ['--input-type=module', '-e', EXTRACT, pdfjs], options, (error, stdout, stderr) => {
      try {
        if (error) throw error;
        resolve(JSON.parse(stdout) as { pages: number; text: string });
      } catch (e) {
        reject(new Error(`pdf.js text extraction failed: ${(e as Error).message}\n${stderr}`));
      }
    });
    child.stdin!.end(pdf);
  });
}

/** Spaces as a reader sees them: line breaks and no-break spaces collapse to one space. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

const input: InvoiceInput = {
  requisites: DEMO_REQUISITES,
  number: '1024-1',
  applicationNumber: 1024,
  applicationName: 'Ремонт кровли склада',
  amountKopecks: 123450,
  payer: { name: 'ИП Иванов Иван Иванович', inn: '500100732259' },
  date: new Date('2026-11-23T10:00:00Z'),
};

describe('invoice PDF', () => {
  let pdf: Buffer;
  let text: string;
  let pages: number;
  beforeAll(async () => {
    pdf = await invoicePdf(input);
    ({ text, pages } = await extractText(pdf));
    text = flat(text);
  });

  it('is a one-page PDF with its own TrueType font embedded, not a standard font without Cyrillic', () => {
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const raw = pdf.toString('latin1');
    expect(raw).toContain('/FontFile2');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+PTSans-Regular/);
    expect(raw).not.toContain('Helvetica');
    expect(pages).toBe(1);
  });

  it('reads back in Russian: title, application, amount in figures and in words, no VAT', () => {
    expect(text).toContain('Счёт на оплату № 1024-1 от 23 ноября 2026 г.');
    expect(text).toContain('Оплата по заявке № 1024 «Ремонт кровли склада»');
    expect(text).toContain('Всего к оплате: 1 234,50');
    expect(text).toContain('Одна тысяча двести тридцать четыре рубля 50 копеек');
    expect(text).toContain('Без НДС');
  });

  it('names the payee with every requisite a payment order needs, and the payer', () => {
    const r = DEMO_REQUISITES;
    for (const value of [r.name, `ИНН ${r.inn}`, `КПП ${r.kpp}`, r.account, r.bankName, r.bic, r.corrAccount]) expect(text).toContain(value);
    expect(text).toContain('ИП Иванов Иван Иванович, ИНН 500100732259');
  });

  it('dates the invoice by the Moscow calendar', async () => {
    // 22:30 UTC on 23 November is already 24 November in Moscow.
    const late = flat((await extractText(await invoicePdf({ ...input, date: new Date('2026-11-23T22:30:00Z'), payer: { name: 'ООО «Заказчик»' } }))).text);
    expect(late).toContain('от 24 ноября 2026 г.');
    expect(late).toContain('Покупатель (заказчик): ООО «Заказчик»');
    expect(late).not.toContain('ИНН 500100732259');
  });

  it('refuses an amount that is not a positive whole number of kopecks', async () => {
    await expect(invoicePdf({ ...input, amountKopecks: 0 })).rejects.toThrow(RangeError);
    await expect(invoicePdf({ ...input, amountKopecks: 10.5 })).rejects.toThrow(RangeError);
  });
});
