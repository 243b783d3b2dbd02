import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { roublesToKopecks } from '../src/modules/payment/amounts';
import { gostQrPayload, gostQrPng, gostQrSymbol, paymentPurpose, qrValue } from '../src/modules/payment/qr';
import { DEMO_REQUISITES, type PayeeRequisites } from '../src/modules/payment/requisites';

/** Reads the QR back as a banking app would: the PNG's pixels, then the code's raw bytes as UTF-8. */
function decode(png: Buffer): { text: string; width: number; image: PNG } {
  const image = PNG.sync.read(png);
  const code = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
  if (!code) throw new Error('no QR code found');
  return { text: Buffer.from(code.binaryData).toString('utf8'), width: image.width, image };
}

const payload = (over: Partial<Parameters<typeof gostQrPayload>[0]> = {}) =>
  gostQrPayload({ requisites: DEMO_REQUISITES, amountKopecks: roublesToKopecks(1234.5), purpose: paymentPurpose(1024, 'Ремонт кровли'), ...over });

describe('ГОСТ Р 56042-2014 payload', () => {
  // ARCHITECTURE §8: exactly these fields in this order; the payee's KPP (DEMO_REQUISITES has one) is on the invoice only.
  it('is UTF-8 (ST00012) with exactly the fields of ARCHITECTURE §8, in its order, and no KPP', () => {
    expect(DEMO_REQUISITES.kpp).toBe('770001001');
    expect(payload()).toBe(
      'ST00012|Name=ООО «Демо-маркетплейс» (тестовые реквизиты)|PersonalAcc=40702810500000001234|BankName=ПАО Сбербанк' +
        '|BIC=044525225|CorrespAcc=30101810400000000225|PayeeINN=7700000009|Sum=123450' +
        '|Purpose=Оплата по заявке № 1024 «Ремонт кровли». Без НДС',
    );
  });

  it('carries the sum in kopecks', () => {
    expect(payload({ amountKopecks: roublesToKopecks(0.29) })).toContain('|Sum=29|');
    expect(payload({ amountKopecks: roublesToKopecks(999_999_999_999.99) })).toContain('|Sum=99999999999999|');
  });

  it('keeps separators and line breaks out of values, so no field can be forged', () => {
    const text = payload({ purpose: 'Оплата|Sum=1\r\nPersonalAcc=0\u2028x' });
    expect(text.split('|').map((pair) => pair.split('=')[0])).toEqual(['ST00012', 'Name', 'PersonalAcc', 'BankName', 'BIC', 'CorrespAcc', 'PayeeINN', 'Sum', 'Purpose']);
    expect(text).toContain('|Purpose=Оплата/Sum=1 PersonalAcc=0 x');
    expect(text).not.toMatch(/[\r\n]/);
  });

  it('cuts values to the standard’s lengths without splitting a character', () => {
    expect([...qrValue('ё'.repeat(300), 210)].length).toBe(210);
    expect(qrValue('😀😀', 1)).toBe('😀');
    // Not inside an emoji sequence: a family (three code points joined) or a flag is kept whole or left out.
    expect(qrValue('Дом 👨‍👩‍👧', 6)).toBe('Дом');
    expect(qrValue('Окна 🇷🇺', 6)).toBe('Окна');
    const longName = payload({ requisites: { ...DEMO_REQUISITES, bankName: 'Б'.repeat(60) } });
    expect(longName).toContain(`|BankName=${'Б'.repeat(45)}|`);
    expect(paymentPurpose(7, 'я'.repeat(400)).length).toBeLessThanOrEqual(210);
  });

  it('is the same for a payee without a KPP (an entrepreneur)', () => {
    const noKpp: PayeeRequisites = { ...DEMO_REQUISITES, inn: '500100732259', kpp: null };
    expect(payload({ requisites: noKpp })).toBe(payload().replace('|PayeeINN=7700000009|', '|PayeeINN=500100732259|'));
  });

  it('refuses a sum that is not a positive whole number of kopecks', () => {
    for (const bad of [0, -100, 12.5, Number.NaN]) expect(() => payload({ amountKopecks: bad })).toThrow(RangeError);
  });
});

describe('payment QR image', () => {
  // Decoding is slow under Jest (byte loops in its VM): one image serves the checks that can share it.
  let png: Buffer;
  let decoded: ReturnType<typeof decode>;
  beforeAll(() => {
    png = gostQrPng(payload());
    decoded = decode(png);
  });

  it('decodes back to the same payload, Cyrillic included', () => {
    expect(decoded.text).toBe(payload());
    expect(decoded.text).toContain('Оплата по заявке № 1024');
  });

  it('decodes a long payload too (a larger symbol version)', () => {
    const text = payload({ purpose: paymentPurpose(987654, 'Капитальный ремонт '.repeat(10)) });
    expect(decode(gostQrPng(text)).text).toBe(text);
  });

  it('uses error correction M', () => {
    // The qrcode package numbers the levels L=1, M=0, Q=3, H=2, as the format bits do.
    expect(gostQrSymbol(payload()).errorCorrectionLevel.bit).toBe(0);
  });

  it('draws 8 px modules inside a 4-module white quiet zone', () => {
    const { width, image } = decoded;
    const symbol = gostQrSymbol(payload());
    expect(width).toBe((symbol.modules.size + 2 * 4) * 8);
    const isWhite = (x: number, y: number) => image.data[(y * width + x) * 4] === 255;
    const border = Array.from({ length: width }, (_, i) => [isWhite(i, 31), isWhite(31, i), isWhite(i, 0), isWhite(width - 1, i)]).flat();
    expect(border.every(Boolean)).toBe(true);
    // The top-left finder pattern: dark from the first pixel after the quiet zone, 7 modules wide.
    expect([isWhite(32, 32), isWhite(32 + 7 * 8 - 1, 32), isWhite(32 + 7 * 8, 32)]).toEqual([false, false, true]);
    // One bit per pixel keeps the file small.
    expect(png.length).toBeLessThan(4000);
  });
});
