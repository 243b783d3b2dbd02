import PDFDocument from 'pdfkit';
import { amountInWords, formatKopecks } from './amounts';
import { fontPath } from './fonts';
import { applicationLine, paymentPurpose } from './qr';
import type { PayeeRequisites } from './requisites';

/**
 * The invoice a customer downloads once an executor is named (ARCHITECTURE §8): the usual
 * Russian «Счёт на оплату» layout — the bank block a payer copies into a payment order, the
 * parties, one line for the application, the total in figures and in words.
 */

export interface InvoiceInput {
  requisites: PayeeRequisites;
  /** The invoice's own number, e.g. the application number with a suffix. */
  number: string;
  applicationNumber: number;
  applicationName: string;
  amountKopecks: number;
  payer: { name: string; inn?: string | null; kpp?: string | null; address?: string | null };
  date: Date;
}

const PAGE_MARGIN = 40;
const CONTENT_WIDTH = 595.28 - 2 * PAGE_MARGIN;
const CELL_PADDING = 4;

/** Invoices are dated in Moscow time: a payment made at 01:00 MSK belongs to that Moscow day. */
const invoiceDate = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Moscow' });

interface Cell {
  text: string;
  width: number;
  bold?: boolean;
  align?: 'left' | 'center' | 'right';
}

type Doc = InstanceType<typeof PDFDocument>;

function useFont(doc: Doc, bold: boolean | undefined, size: number): Doc {
  return doc.font(bold ? 'bold' : 'regular').fontSize(size);
}

/** One bordered table row at `y`, as tall as its tallest cell; answers the y below it. */
function drawRow(doc: Doc, y: number, cells: Cell[], size = 9): number {
  const heights = cells.map((c) => useFont(doc, c.bold, size).heightOfString(c.text || ' ', { width: c.width - 2 * CELL_PADDING }));
  const height = Math.max(...heights) + 2 * CELL_PADDING;
  let x = PAGE_MARGIN;
  for (const cell of cells) {
    doc.rect(x, y, cell.width, height).lineWidth(0.5).stroke();
    useFont(doc, cell.bold, size).text(cell.text, x + CELL_PADDING, y + CELL_PADDING, {
      width: cell.width - 2 * CELL_PADDING,
      align: cell.align ?? 'left',
    });
    x += cell.width;
  }
  return y + height;
}

function drawBankBlock(doc: Doc, r: PayeeRequisites, y: number): number {
  const [wide, label, value] = [CONTENT_WIDTH - 60 - 150, 60, 150];
  y = drawRow(doc, y, [
    { text: `${r.bankName}\nБанк получателя`, width: wide },
    { text: 'БИК\nСч. №', width: label },
    { text: `${r.bic}\n${r.corrAccount}`, width: value },
  ]);
  y = drawRow(doc, y, [
    { text: `ИНН ${r.inn}`, width: wide / 2 },
    { text: r.kpp ? `КПП ${r.kpp}` : '', width: wide / 2 },
    { text: 'Сч. №', width: label },
    { text: r.account, width: value },
  ]);
  return drawRow(doc, y, [
    { text: `${r.name}\nПолучатель`, width: wide },
    { text: '', width: label },
    { text: '', width: value },
  ]);
}

function paragraph(doc: Doc, label: string, text: string, y: number): number {
  useFont(doc, false, 10).text(label, PAGE_MARGIN, y, { width: 110 });
  const labelBottom = doc.y;
  useFont(doc, true, 10).text(text, PAGE_MARGIN + 110, y, { width: CONTENT_WIDTH - 110 });
  return Math.max(labelBottom, doc.y) + 6;
}

function payeeLine(r: PayeeRequisites): string {
  const kpp = r.kpp ? `, КПП ${r.kpp}` : '';
  return `${r.name}, ИНН ${r.inn}${kpp}, р/с ${r.account} в ${r.bankName}, БИК ${r.bic}, к/с ${r.corrAccount}`;
}

/**
 * A money column as wide as its amount needs (at least 85 pt): a number never wraps, or
 * «999 999 999 999,0» over a stray «0» would read as another sum (QA U-2).
 */
const moneyWidth = (doc: Doc, amount: string, size: number, bold = false) =>
  Math.max(85, Math.ceil(useFont(doc, bold, size).widthOfString(amount)) + 2 * CELL_PADDING + 2);

function drawItems(doc: Doc, input: InvoiceInput, y: number): number {
  const amount = formatKopecks(input.amountKopecks);
  const money = moneyWidth(doc, amount, 9);
  const widths = [25, CONTENT_WIDTH - 25 - 45 - 40 - 2 * money, 45, 40, money, money] as const;
  const head = ['№', 'Товары (работы, услуги)', 'Кол-во', 'Ед.', 'Цена, руб.', 'Сумма, руб.'];
  const row = ['1', applicationLine(input.applicationNumber, input.applicationName), '1', 'усл.', amount, amount];
  y = drawRow(doc, y, head.map((text, i) => ({ text, width: widths[i]!, bold: true, align: 'center' as const })));
  return drawRow(doc, y, row.map((text, i) => ({ text, width: widths[i]!, align: i >= 4 ? ('right' as const) : i === 1 ? ('left' as const) : ('center' as const) })));
}

function drawTotals(doc: Doc, amountKopecks: number, y: number): number {
  const amount = formatKopecks(amountKopecks);
  const money = moneyWidth(doc, amount, 10, true);
  for (const [label, value] of [['Итого:', amount], ['Без НДС', '—'], ['Всего к оплате:', amount]] as const) {
    useFont(doc, true, 10).text(label, PAGE_MARGIN, y, { width: CONTENT_WIDTH - money - 5, align: 'right' });
    doc.text(value, PAGE_MARGIN + CONTENT_WIDTH - money, y, { width: money, align: 'right' });
    y = doc.y + 2;
  }
  return y + 8;
}

/** A one-page A4 PDF with PT Sans embedded (subset), so Cyrillic shows and copies as text. */
export function invoicePdf(input: InvoiceInput): Promise<Buffer> {
  const { requisites: r, amountKopecks } = input;
  if (!Number.isSafeInteger(amountKopecks) || amountKopecks <= 0) {
    return Promise.reject(new RangeError(`An invoice needs a positive whole number of kopecks, got ${amountKopecks}`));
  }
  const title = `Счёт на оплату № ${input.number} от ${invoiceDate.format(input.date)}`;
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    // Set from the start, so pdfkit never loads (or embeds) its default Helvetica.
    font: fontPath('regular'),
    lang: 'ru-RU',
    info: { Title: title, Author: r.name, Subject: `Оплата по заявке № ${input.applicationNumber}`, CreationDate: input.date },
  });
  doc.registerFont('regular', fontPath('regular'));
  doc.registerFont('bold', fontPath('bold'));

  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  let y = drawBankBlock(doc, r, PAGE_MARGIN);
  useFont(doc, true, 14).text(title, PAGE_MARGIN, y + 18, { width: CONTENT_WIDTH });
  y = doc.y + 4;
  doc.moveTo(PAGE_MARGIN, y).lineTo(PAGE_MARGIN + CONTENT_WIDTH, y).lineWidth(1.5).stroke();
  y = paragraph(doc, 'Поставщик:', payeeLine(r), y + 10);
  const { payer } = input;
  const payerLine = [payer.name, payer.inn && `ИНН ${payer.inn}`, payer.kpp && `КПП ${payer.kpp}`, payer.address].filter(Boolean).join(', ');
  y = paragraph(doc, 'Покупатель\n(заказчик):', payerLine, y);
  y = paragraph(doc, 'Основание:', `Заявка № ${input.applicationNumber}`, y);
  y = drawItems(doc, input, y + 6);
  y = drawTotals(doc, amountKopecks, y + 6);
  useFont(doc, false, 10).text(`Всего наименований 1, на сумму ${formatKopecks(amountKopecks)} руб.`, PAGE_MARGIN, y, { width: CONTENT_WIDTH });
  useFont(doc, true, 10).text(amountInWords(amountKopecks), { width: CONTENT_WIDTH });
  y = doc.y + 12;
  useFont(doc, false, 10).text(`Назначение платежа: ${paymentPurpose(input.applicationNumber, input.applicationName)}`, PAGE_MARGIN, y, { width: CONTENT_WIDTH });
  useFont(doc, false, 8).text('Счёт сформирован автоматически и действителен без подписи и печати.', PAGE_MARGIN, doc.y + 16, { width: CONTENT_WIDTH });
  doc.end();
  return done;
}
