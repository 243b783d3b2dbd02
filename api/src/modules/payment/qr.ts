import QRCode from 'qrcode';
import { cutText } from 'shared/contract';
import { bilevelPng } from './png';
import type { PayeeRequisites } from './requisites';

/**
 * Payment QR codes of ГОСТ Р 56042-2014 («Стандарты финансовых операций. Символы
 * двумерного штрихового кода для осуществления платежей физических лиц»), which Russian
 * banking apps read to fill a transfer: `ST0001` + encoding `2` (UTF-8), then `Key=Value`
 * pairs separated by `|`.
 */

/** The standard's maximal lengths (characters) of the fields used here. */
const MAX_LENGTH = {
  Name: 160,
  PersonalAcc: 20,
  BankName: 45,
  BIC: 9,
  CorrespAcc: 20,
  PayeeINN: 12,
  Sum: 18,
  Purpose: 210,
} as const;

type Field = keyof typeof MAX_LENGTH;

/**
 * `|` separates fields and a line break ends the payload for some readers, so neither may occur
 * inside a value; other control characters are dropped for the same reason.
 */
export function qrValue(value: string, maxLength: number): string {
  const clean = value
    .replace(/\|/g, '/')
    .replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  // Between characters as a reader sees them: never inside a surrogate pair or an emoji sequence.
  return cutText(clean, maxLength).trimEnd();
}

export interface GostQrInput {
  requisites: PayeeRequisites;
  /** Whole kopecks: the standard's `Sum` is in kopecks. */
  amountKopecks: number;
  purpose: string;
}

/**
 * `ST00012|Name=…|PersonalAcc=…|BankName=…|BIC=…|CorrespAcc=…|PayeeINN=…|Sum=…|Purpose=…`: exactly
 * ARCHITECTURE §8's fields in its order. The payee's KPP is on the PDF invoice, not in the QR.
 */
export function gostQrPayload({ requisites: r, amountKopecks, purpose }: GostQrInput): string {
  if (!Number.isSafeInteger(amountKopecks) || amountKopecks <= 0) {
    throw new RangeError(`A payment QR needs a positive whole number of kopecks, got ${amountKopecks}`);
  }
  // The required fields first, in the standard's order, then the additional ones §8 names.
  const fields: [Field, string][] = [
    ['Name', r.name],
    ['PersonalAcc', r.account],
    ['BankName', r.bankName],
    ['BIC', r.bic],
    ['CorrespAcc', r.corrAccount],
    ['PayeeINN', r.inn],
    ['Sum', String(amountKopecks)],
    ['Purpose', purpose],
  ];
  const pairs = fields
    .map(([key, value]) => [key, qrValue(value, MAX_LENGTH[key])] as const)
    .filter(([, value]) => value !== '')
    .map(([key, value]) => `${key}=${value}`);
  return ['ST00012', ...pairs].join('|');
}

/** The QR symbol: one byte-mode segment of the payload's UTF-8 bytes (what `ST00012` promises), error correction M. */
export function gostQrSymbol(payload: string): QRCode.QRCode {
  return QRCode.create([{ data: Buffer.from(payload, 'utf8'), mode: 'byte' }], { errorCorrectionLevel: 'M' });
}

/** Pixels per module and the quiet zone in modules (the QR standard asks for at least 4). */
export const QR_SCALE = 8;
export const QR_MARGIN = 4;

/**
 * The payload as a 1-bit PNG, 8 px per module with a 4-module quiet zone. The `qrcode` package
 * encodes the symbol; its own renderer writes 32-bit RGBA through pngjs, several times the bytes and slower.
 */
export function gostQrPng(payload: string): Buffer {
  const { modules } = gostQrSymbol(payload);
  return bilevelPng({ size: modules.size, isDark: (row, col) => modules.get(row, col) === 1 }, QR_SCALE, QR_MARGIN);
}

/** The invoice line for an application: «Оплата по заявке № 12 «Ремонт кровли»». */
export function applicationLine(applicationNumber: number, applicationName: string): string {
  // 150 characters of the name keep the whole purpose within the standard's 210.
  const name = qrValue(applicationName, 150);
  return `Оплата по заявке № ${applicationNumber}${name ? ` «${name}»` : ''}`;
}

/** The purpose that names the application (§8): the same words on the invoice and in the QR. */
export function paymentPurpose(applicationNumber: number, applicationName: string): string {
  return `${applicationLine(applicationNumber, applicationName)}. Без НДС`;
}
