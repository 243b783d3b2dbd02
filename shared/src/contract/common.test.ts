import { z } from 'zod';
import {
  addressSchema,
  allCalls,
  callbackCreate,
  facilityDocumentPublicDownload,
  idListQuery,
  idSchema,
  DATE_FORMAT_MESSAGE,
  DATE_IMPOSSIBLE_MESSAGE,
  DATE_YEARS_MESSAGE,
  isCalendarDate,
  isoDateSchema,
  logout,
  emailSchema,
  FACILITY_MESSAGES,
  facilityFieldsSchema,
  nameText,
  organizationNameSchema,
  notificationRead,
  optionalQueryString,
  passwordSchema,
  personNameSchema,
  queryId,
  safeText,
  userAddressSearch,
} from './index';

const firstMessage = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;
const LATIN_TYPE_NAMES = /\b(string|number|boolean|object|array|int|bigint|null|undefined|date)\b/;

describe('Russian default messages', () => {
  it.each([
    [z.string(), 5, 'Ожидается строка'],
    [z.number(), 'x', 'Ожидается число'],
    [z.number().int(), 1.5, 'Ожидается целое число'],
    [z.array(z.string()), 'x', 'Ожидается список'],
    [z.object({}), [], 'Ожидается объект'],
    [z.boolean(), 1, 'Ожидается логическое значение'],
    [z.string(), undefined, 'Обязательное поле'],
    [z.string().max(3), 'abcd', 'Не длиннее 3 символов'],
    [z.string().min(5), 'ab', 'Не короче 5 символов'],
    [z.number().max(10), 11, 'Значение должно быть не больше 10'],
    [z.number().positive(), -1, 'Значение должно быть больше 0'],
    [z.number().lt(5), 5, 'Значение должно быть меньше 5'],
    [z.number().min(2), 1, 'Значение должно быть не меньше 2'],
    [z.array(z.number()).max(1), [1, 2], 'Не больше 1 элемента'],
    [z.enum(['asc', 'desc']), 'x', 'Недопустимое значение'],
    [z.email(), 'x', 'Укажите корректный адрес электронной почты'],
    [z.strictObject({}), { secret: 1 }, 'Лишние поля в запросе'],
  ])('%#: %p', (schema, value, message) => {
    const text = firstMessage(schema as z.ZodType, value);
    expect(text).toBe(message);
    expect(text).not.toMatch(LATIN_TYPE_NAMES);
  });

  it('keeps a schema’s own message', () => {
    expect(firstMessage(z.string({ error: 'Укажите имя' }), 5)).toBe('Укажите имя');
  });
});

describe('safeText', () => {
  const line = safeText({ max: 10 });
  const text = safeText({ max: 10, multiline: true });

  it('trims and NFC-normalises', () => {
    expect(line.parse('  Йо  '.normalize('NFD'))).toBe('Йо');
  });

  // The bidi marks too (QA RRR-1: «Итого \u200f1000 - 50000 ₽» reads «Итого 50000 - 1000 ₽»), in values under the line's 10.
  it.each(['a\u0000', '\u0007', 'a\u007f', '\u0085', '\u009f', 'a\u202eb', '\u2066x', '\ud800', '1\u200f0 - 50', 'a\u061cb', 'a\u200eb'])('refuses %p', (value) => {
    expect(firstMessage(line, value)).toBe('Текст содержит недопустимые символы');
    expect(text.safeParse(value).success).toBe(false);
  });

  it('allows line breaks and tabs only in multi-line text', () => {
    expect(text.parse('a\nb\n\tc')).toBe('a\nb\n\tc');
    expect(line.safeParse('a\nb').success).toBe(false);
  });

  it('counts a line break once however it came: CRLF (a multipart form sends every one so) or a lone CR is stored as LF (QA M-1)', () => {
    expect(text.parse('a\r\nb\rc')).toBe('a\nb\nc');
    const three = safeText({ max: 3, multiline: true });
    expect(three.parse('a\r\nb')).toBe('a\nb');
    expect(three.safeParse('a\r\nbc').success).toBe(false);
  });

  it('takes a tab in a single-line text for the space it looks like (pasted from a spreadsheet cell, QA M-4)', () => {
    expect(safeText({ max: 20 }).parse('Покраска\tстен')).toBe('Покраска стен');
    expect(personNameSchema.parse('Иван\tПетров')).toBe('Иван Петров');
    expect(personNameSchema.parse('Иван \t Петров')).toBe('Иван Петров');
  });

  it('limits the length', () => {
    expect(firstMessage(line, 'x'.repeat(11))).toBe('Не длиннее 10 символов');
  });

  it('takes a required text of zero-width characters (and spaces between them) for blank', () => {
    const title = safeText({ max: 200, min: 1, required: 'Укажите название заявки' });
    const blank = ['\u200b\u200b', ' \u200b \u2060 ', '\u200d', '\u00ad\u00ad', '\u3164\u3164', '\u034f\u034f', '\u2062\u2063', '\u180e', '\u00a0\u00a0'];
    for (const value of blank) expect({ value, message: firstMessage(title, value) }).toEqual({ value, message: 'Укажите название заявки' });
    expect(title.parse('\u200bДача')).toBe('\u200bДача');
    // An optional one is empty, as one of spaces is (QA MMM-2: it was kept, and a page showed an empty section).
    expect(line.parse('\u200b')).toBe('');
  });

  // The Braille pattern blank U+2800 and the musical null notehead U+1D159 are no default-ignorables
  // but are drawn as empty space: «\u2800» once passed for a facility's or an organisation's name.
  it('takes a required text of blank glyphs and Hangul fillers for blank, wherever a name is required', () => {
    const blank = ['\u2800', '\u2800 \u2800', '\u{1D159}', '\u3164', '\uFFA0\uFFA0', '\u115F\u1160', '\u2800\u200b\u3164'];
    const required: Array<[z.ZodType, string]> = [
      [safeText({ max: 200, min: 1, required: 'Укажите название заявки' }), 'Укажите название заявки'],
      [organizationNameSchema, 'Укажите название организации'],
      [facilityFieldsSchema.shape.name, FACILITY_MESSAGES.nameRequired],
    ];
    for (const [schema, message] of required) {
      for (const value of blank) expect({ value, message: firstMessage(schema, value) }).toEqual({ value, message });
      expect(schema.parse('\u2800Дача')).toBe('\u2800Дача');
    }
  });

  it('guards query strings the same way', () => {
    expect(optionalQueryString().safeParse('a\u0000').success).toBe(false);
    expect(optionalQueryString().parse('  ')).toBeUndefined();
    expect(firstMessage(optionalQueryString(), ['a', 'b'])).toMatch(/[а-я]/);
  });
});

describe('e-mail', () => {
  it('takes addresses in Cyrillic and refuses what is no address', () => {
    for (const good of ['тест@пример.рф', 'anna@example.ru', 'иван.петров@почта.рус']) expect(emailSchema.safeParse(good).success).toBe(true);
    const bad = ['тест@', '@пример.рф', 'тест пример@рф', 'anna@@example.ru', 'a@b', 'a@.', 'x@-', 'a..b@c..d', 'a@b,c', 'a@b.c;d', '<script>@x.ru'];
    // Hidden characters: a zero-width space, a right-to-left override, a NUL (the database's refusal was a 500).
    bad.push('ab\u200b@mail.ru', 'ab\u202e@mail.ru', 'ab@mail\u0000.ru');
    for (const value of bad) expect({ value, message: firstMessage(emailSchema, value) }).toEqual({ value, message: 'Укажите корректный адрес электронной почты' });
  });
});

describe('names', () => {
  it.each([
    ['\u200b\u200b\u200b', 'Имя должно содержать буквы'],
    ['\u200bЯ\u200b', 'Имя — не короче 2 символов'],
    ['12345', 'Имя должно содержать буквы'],
    ['\u202eнавИ', 'Имя содержит недопустимые символы'],
    ['Иван\u0000', 'Имя содержит недопустимые символы'],
    [42, 'Укажите имя'],
  ])('refuses %p', (value, message) => {
    expect(personNameSchema.safeParse(value).error?.issues.map((i) => i.message)).toContain(message);
  });

  // A Hangul filler is a letter (Lo) that shows nothing: «\u3164\u3164» once passed for a name, as
  // did one letter padded with Braille blanks.
  it.each(['\u3164\u3164', '\uFFA0\u115F\u1160', '\u2800\u2800', '\u2800 \u2800', 'Я\u2800', '\u3164Я', 'Я\u00ad\u00ad'])('refuses %p, a name of characters that show nothing', (value) => {
    expect(personNameSchema.safeParse(value).success).toBe(false);
    expect(organizationNameSchema.safeParse(value).success).toBe(value.includes('Я'));
  });

  it.each(['', '   ', '\t'])('asks for a name when none is typed (%p): «Укажите имя», and that alone', (value) => {
    expect(personNameSchema.safeParse(value).error?.issues.map((i) => i.message)).toEqual(['Укажите имя']);
  });

  it('accepts names in any script, with hyphens and apostrophes', () => {
    for (const name of ["Д'Артаньян", 'Анна-Мария', 'ООО «Ромашка»', 'José', 'Ли 2']) expect(personNameSchema.parse(name)).toBe(name);
  });

  it('takes its own limits', () => {
    expect(nameText({ max: 5 }).safeParse('Иваныч').success).toBe(false);
  });

  it('drops what shows nothing inside a name (a zero-width space, a soft hyphen), so a search for it as shown finds it; a line separator is refused (QA M-5)', () => {
    expect(personNameSchema.parse('Иван\u200bПетров')).toBe('ИванПетров');
    expect(personNameSchema.parse('Иван\u00adПетров')).toBe('ИванПетров');
    expect(personNameSchema.parse('Иван \u200b Петров')).toBe('Иван Петров');
    expect(personNameSchema.safeParse('Иван\u2028Петров').error?.issues.map((i) => i.message)).toContain('Имя содержит недопустимые символы');
    expect(safeText({ max: 20, multiline: true }).parse('a\u2028b')).toBe('a\nb');
  });

  it('keeps one space between words', () => {
    expect(personNameSchema.parse('  Ольга   Иванова ')).toBe('Ольга Иванова');
    expect(personNameSchema.parse('Анна\u00A0\u00A0Мария')).toBe('Анна Мария');
  });
});

describe('passwords', () => {
  it('refuses spaces only, too few visible characters, control characters', () => {
    expect(firstMessage(passwordSchema, '        ')).toMatch(/не считая пробелов/);
    expect(passwordSchema.safeParse('a b c d e f g').success).toBe(false);
    expect(passwordSchema.safeParse('Сложный-пароль\u0000').success).toBe(false);
  });

  it('asks for one left empty, and says how long one too short must be', () => {
    expect(firstMessage(passwordSchema, '')).toBe('Введите пароль');
    expect(firstMessage(passwordSchema, 'abc')).toBe('Пароль — не короче 8 символов');
  });

  it('accepts passphrases', () => {
    expect(passwordSchema.safeParse('корова ест траву').success).toBe(true);
  });
});

describe('dates', () => {
  it.each(['0000-01-01', '1899-12-31', '2101-01-01', '9999-99-99', '2026-02-30', '2025-02-29', '2026-13-01', '26-01-01', '2026-1-1'])(
    'refuses %p',
    (value) => {
      const result = isoDateSchema.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/[а-я]/);
    },
  );

  it.each(['1900-01-01', '2024-02-29', '2100-12-31', '2030-06-15'])('accepts %p', (value) => {
    expect(isoDateSchema.parse(value)).toBe(value);
  });

  it.each([
    ['2027-02-29', DATE_IMPOSSIBLE_MESSAGE],
    ['2026-13-01', DATE_IMPOSSIBLE_MESSAGE],
    ['2026-04-31', DATE_IMPOSSIBLE_MESSAGE],
    ['29.02.2027', DATE_FORMAT_MESSAGE],
    ['2026-1-1', DATE_FORMAT_MESSAGE],
    ['2101-01-01', DATE_YEARS_MESSAGE],
  ])('tells %p what is wrong with it: %p', (value, message) => {
    expect(isoDateSchema.safeParse(value).error?.issues.map((issue) => issue.message)).toEqual([message]);
  });

  it('checks the calendar for years below 100 too', () => {
    expect(isCalendarDate('0004-02-29')).toBe(true);
    expect(isCalendarDate('0001-02-29')).toBe(false);
  });
});

describe('ids and addresses', () => {
  it('keeps body ids inside PostgreSQL integer', () => {
    expect(idSchema.safeParse(2_147_483_647).success).toBe(true);
    expect(idSchema.safeParse(2_147_483_648).success).toBe(false);
    // Query ids above it are well-formed: the API answers 404 or an empty list for them.
    expect(queryId().parse('99999999999')).toBe(99999999999);
    expect(queryId().parse(' 17 ')).toBe(17);
    // Only the digits the app writes: not hexadecimal, exponents or fractions that Number reads.
    for (const odd of ['0x10', '1e1', '16.0', '+16', '']) expect(queryId().safeParse(odd).success).toBe(false);
    expect(idListQuery.safeParse(Array.from({ length: 101 }, (_, i) => i + 1).join(',')).success).toBe(false);
    expect(idListQuery.parse('3, 7,3')).toEqual([3, 7]);
  });

  it('limits the address and its coordinates', () => {
    const ok = { value: 'г Москва', cityFiasId: '0c5b2444-70a0-4932-980c-b4dc0d3f02b5', geoLat: 55.75, geoLon: 37.61 };
    expect(addressSchema.parse(ok)).toEqual(ok);
    for (const bad of [
      { value: 'x'.repeat(501) },
      { value: 'ул\u0000' },
      { geoLat: 90.01 },
      { geoLon: -180.01 },
      { geoLat: Infinity },
      { cityFiasId: 'x'.repeat(65) },
      { cityFiasId: 'a b' },
    ]) {
      expect(addressSchema.safeParse({ ...ok, ...bad }).success).toBe(false);
    }
  });
});

describe('contract layout', () => {
  it('says logout reads no bearer', () => {
    expect(logout.auth).toBe('none');
  });

  it('still lists every call once, the moved ones included', () => {
    const keys = allCalls.map((c) => `${c.method} ${c.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const call of [callbackCreate, notificationRead, userAddressSearch, facilityDocumentPublicDownload]) expect(allCalls).toContain(call);
  });
});
