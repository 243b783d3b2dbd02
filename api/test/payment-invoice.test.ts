import { invoicePdf, type InvoiceInput } from '../src/modules/payment/invoice-pdf';
import { DEMO_REQUISITES } from '../src/modules/payment/requisites';
import { extractText, flat } from './pdf-text';

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

  it('never wraps an amount, even the largest price: «999 999 999 999,00», not «…,0» over a stray «0» (QA U-2)', async () => {
    const largest = flat((await extractText(await invoicePdf({ ...input, amountKopecks: 99_999_999_999_900 }))).text);
    expect(largest).toContain('усл. 999 999 999 999,00 999 999 999 999,00');
    expect(largest).toContain('Итого: 999 999 999 999,00');
    expect(largest).toContain('Всего к оплате: 999 999 999 999,00');
  });

  it('names the payee with every requisite a payment order needs, and the payer', () => {
    const r = DEMO_REQUISITES;
    for (const value of [r.name, `ИНН ${r.inn}`, `КПП ${r.kpp}`, r.account, r.bankName, r.bic, r.corrAccount]) expect(text).toContain(value);
    // The platform receives the payment; «исполнитель» is the executor of the application, not the payee.
    expect(text).toContain(`Поставщик: ${r.name}`);
    expect(text).not.toContain('исполнитель');
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
