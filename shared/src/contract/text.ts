import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/**
 * Text and date primitives of the contract: every text field is built from `safeText` (or
 * `nameText`), every date from `isoDateSchema`, so forms and API refuse the same input and
 * nothing the database would choke on (NUL bytes, year 0) gets past validation.
 */

/**
 * C0 controls, DEL and C1 controls, and the line and paragraph separators (a line break inside a
 * one-line text, QA M-5); multi-line texts keep tab, line feed and carriage return (and take the
 * separators for line feeds: safeText).
 */
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
const CONTROL_MULTILINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** Half of a surrogate pair: not text, and not encodable as UTF-8. */
const LONE_SURROGATE = /\p{Cs}/u;
/**
 * Unicode's bidi controls: embeddings, overrides, isolates and the three invisible marks (U+200E,
 * U+200F, U+061C). They make shown text differ from stored text: «Итого \u200f1000 - 50000 ₽» reads
 * «Итого 50000 - 1000 ₽» (QA RRR-1).
 */
const BIDI_CONTROL = /\p{Bidi_Control}/u;
/**
 * Characters that show nothing on their own: Unicode's default-ignorables (zero-width spaces and
 * joiners, soft hyphens, variation selectors, the Hangul fillers U+115F, U+1160, U+3164, U+FFA0)
 * and two that are not default-ignorable but are drawn as empty space all the same: the Braille
 * pattern blank U+2800 and the musical null notehead U+1D159 (the usual «invisible name» tricks).
 */
const INVISIBLE_CLASS = String.raw`\p{Default_Ignorable_Code_Point}\u2800\u{1D159}`;
const INVISIBLE = new RegExp(`[${INVISIBLE_CLASS}]`, 'gu');

export const FORBIDDEN_TEXT_MESSAGE = 'Текст содержит недопустимые символы';

export function hasForbiddenCharacters(value: string, multiline = false): boolean {
  return (multiline ? CONTROL_MULTILINE : CONTROL).test(value) || LONE_SURROGATE.test(value) || BIDI_CONTROL.test(value);
}

const FORBIDDEN_ANYWHERE = new RegExp(`${CONTROL.source}|${LONE_SURROGATE.source}|${BIDI_CONTROL.source}`, 'gu');

/**
 * A one-line text without what `hasForbiddenCharacters` refuses: a value read from a link
 * (`?query=%00`) that the API would answer with a 422, failing the whole list.
 */
export function withoutForbiddenCharacters(value: string): string {
  return value.replace(FORBIDDEN_ANYWHERE, '');
}

/** What a required text may not consist of alone: spaces and characters that show nothing (INVISIBLE). */
const SHOWS_NOTHING = new RegExp(`[\\p{White_Space}${INVISIBLE_CLASS}]`, 'gu');

/** The length a reader sees: characters that show nothing (INVISIBLE) do not count, spaces do. */
export const visibleLength = (value: string): number => value.replace(INVISIBLE, '').length;

/**
 * The characters a reader sees, spaces left out: what a required text's least length counts (the
 * one «blank» rule of `safeText` with `min` and of `nameText`).
 */
const shownCharacters = (value: string): string => value.replace(SHOWS_NOTHING, '');

/**
 * A value that shows nothing: empty, spaces, or characters that show nothing (INVISIBLE) alone. An
 * optional field given one is left empty (null), as one given spaces is: a position of «\u200b» is
 * no position, a file named «\u200b.pdf» has no name (QA KKK-1).
 */
export const isBlankText = (value: string): boolean => shownCharacters(value) === '';

let graphemes: Intl.Segmenter | null | undefined;
/** What a reader takes for one character (an emoji with its modifiers, a flag); null where the runtime has no segmenter. */
const graphemeSegmenter = () =>
  (graphemes ??= typeof Intl.Segmenter === 'function' ? new Intl.Segmenter('ru', { granularity: 'grapheme' }) : null);

/**
 * The start of a text, at most `max` characters (code points, as PostgreSQL counts them), cut between
 * what a reader takes for characters: never inside a surrogate pair (a lone half is «�» or invalid
 * JSON), nor inside an emoji sequence or a flag (QA KKK-2). The one way to cut a text short.
 */
export function cutText(value: string, max: number): string {
  // A string's UTF-16 length is never below its count of code points.
  if (value.length <= max) return value;
  const segmenter = graphemeSegmenter();
  const pieces: Iterable<string> = segmenter ? (function* () { for (const { segment } of segmenter.segment(value)) yield segment; })() : value;
  let cut = '';
  let count = 0;
  for (const piece of pieces) {
    const size = segmenter ? Array.from(piece).length : 1;
    if (count + size > max) break;
    cut += piece;
    count += size;
  }
  // Code points alone: a joiner left at the end would join nothing.
  return segmenter ? cut : cut.replace(/\u200D+$/, '');
}

export interface TextOptions {
  max: number;
  /** Minimal length after trimming; 1 makes the field required-and-not-blank. */
  min?: number;
  /** Descriptions and comments: line breaks and tabs allowed. */
  multiline?: boolean;
  /** Message for a missing value or a value of the wrong type. */
  required?: string;
  tooShort?: string;
  tooLong?: string;
  invalid?: string;
}

/**
 * A text field: NFC, trimmed, length-limited, without control or bidi-control characters. A line
 * break is one character however it came: a browser sends each as CRLF in multipart forms (the
 * HTML standard's FormData encoding), the field counted one (QA M-1). A tab pasted into a
 * single-line field (from a spreadsheet's cell) is the space it looks like (QA M-4).
 */
export function safeText({ max, min = 0, multiline = false, required, tooShort, tooLong, invalid }: TextOptions) {
  let schema = z
    .string(required ? { error: required } : undefined)
    .overwrite((v) => (multiline ? v.replace(/\r\n?|[\u2028\u2029]/g, '\n') : v.replace(/\t/g, ' ')))
    .normalize('NFC')
    .trim();
  const short = tooShort ?? (min === 1 && required ? required : `Не короче ${min} символов`);
  if (min > 0) schema = schema.min(min, { error: short });
  // An optional text (no least length, no message for a missing one) of characters that show
  // nothing is as empty as one of spaces: a facility's description or «О себе» of «\u200b» is no
  // empty section on the page (QA MMM-2). A required one is refused (below, or by its own checks: a
  // name's); one with a forbidden character is refused as such.
  else if (!required) schema = schema.overwrite((v) => (isBlankText(v) && !hasForbiddenCharacters(v, multiline) ? '' : v));
  const checked = schema
    .max(max, { error: tooLong ?? `Не длиннее ${max} символов` })
    .refine((v) => !hasForbiddenCharacters(v, multiline), { error: invalid ?? FORBIDDEN_TEXT_MESSAGE });
  // Characters that show nothing (zero-width ones, soft hyphens, fillers: Unicode's default-
  // ignorables, and the Braille blank) and the spaces between them are no text a reader sees: a
  // title of «\u200b\u200b», «\u3164» or «\u2800» is as blank as one of spaces.
  return min > 0 ? checked.refine((v) => shownCharacters(v).length >= min, { error: short }) : checked;
}

/**
 * A zero-width space, word joiner, BOM or soft hyphen inside a name shows nothing and only stops a
 * search for the name on the screen finding it (QA M-5), or a bank matching a payee's name against
 * its own records (QA AAP-10): dropped, and the spaces they stood between made one. (Joiners stay:
 * scripts need them.)
 */
export const dropInvisibleInside = (value: string): string => value.replace(/[\u00AD\u200B\u2060\uFEFF]/g, '').replace(/[ \t\u00A0]{2,}/g, ' ').trim();

/**
 * A person's or an organisation's name: a single-line `safeText` that must contain a letter
 * and be long enough in the characters a reader sees (`shownCharacters`: a Hangul filler is a
 * «letter» that shows nothing, so «\u3164\u3164» is no name, nor is «Я\u2800»). Runs of spaces
 * inside are one space («Ольга   Иванова» is stored, listed and searched as «Ольга Иванова»), and
 * characters that show nothing between letters are gone.
 */
export function nameText({ max = 100, min = 2, required = 'Укажите имя', tooShort, tooLong, invalid }: Partial<TextOptions> = {}) {
  const short = tooShort ?? `Имя — не короче ${min} символов`;
  return safeText({ max, required, tooLong: tooLong ?? `Имя — не длиннее ${max} символов`, invalid: invalid ?? 'Имя содержит недопустимые символы' })
    .overwrite((v) => v.replace(/[ \t\u00A0]{2,}/g, ' '))
    // Nothing typed (or only spaces) is «Укажите имя», as a missing name is, and that alone; a name
    // typed too short says its least length.
    .refine((v) => v !== '', { error: required, abort: true })
    .overwrite(dropInvisibleInside)
    .refine((v) => shownCharacters(v).length >= min, { error: short })
    .refine((v) => /\p{L}/u.test(shownCharacters(v)), { error: 'Имя должно содержать буквы' });
}

/** Dates the product deals with (deadlines and the like); PostgreSQL refuses year 0, we refuse far earlier. */
export const DATE_YEAR_MIN = 1900;
export const DATE_YEAR_MAX = 2100;
export const DATE_FORMAT_MESSAGE = 'Укажите дату в формате ГГГГ-ММ-ДД';
/** A real day outside the years above: the API's refusal and the date field's own, in one text. */
export const DATE_YEARS_MESSAGE = `Укажите дату с ${DATE_YEAR_MIN} по ${DATE_YEAR_MAX} год`;
/** A date in the right shape that the calendar has not (30 February): the API's refusal and the date field's own. */
export const DATE_IMPOSSIBLE_MESSAGE = 'Такой даты нет: проверьте день и месяц';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` that exists in the calendar (no 30 February). */
export function isCalendarDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(2000, mo - 1, d));
  date.setUTCFullYear(y);
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

const yearOf = (value: string) => Number(value.slice(0, 4));

/** A calendar date (ISO) of the years the product takes, DATE_YEAR_MIN to DATE_YEAR_MAX. */
export const isWithinDateYears = (value: string): boolean => yearOf(value) >= DATE_YEAR_MIN && yearOf(value) <= DATE_YEAR_MAX;

/**
 * The calendar date of a moment in a zone, `YYYY-MM-DD`: Moscow's by default, the calendar of the
 * product's deadlines (a deadline is the last day of work, a Moscow day).
 */
export const todayIn = (at: Date, timeZone = 'Europe/Moscow'): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/**
 * `missing`: what a body without the date is told; else it is told the format, as for any other
 * non-date. One message per date: the checks after the format's pass over what fails an earlier
 * one themselves. None aborts the parse (`abort`): an object's own checks (`create`'s missing
 * fields) would be skipped, and a form told them only on its next try (QA BAC-1).
 */
const isoDate = (missing = DATE_FORMAT_MESSAGE) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? missing : DATE_FORMAT_MESSAGE) })
    .refine((v) => ISO_DATE.test(v), { error: DATE_FORMAT_MESSAGE })
    .refine((v) => !ISO_DATE.test(v) || isCalendarDate(v), { error: DATE_IMPOSSIBLE_MESSAGE })
    .refine((v) => !isCalendarDate(v) || isWithinDateYears(v), {
      error: DATE_YEARS_MESSAGE,
    });

/** ISO calendar date `YYYY-MM-DD`, a real day between DATE_YEAR_MIN and DATE_YEAR_MAX. */
export const isoDateSchema = lazySchema(() => isoDate());

/** isoDateSchema for a date the call cannot go without: its absence said in the field's words («Укажите срок …»), not as a format. */
export const requiredIsoDate = (missing: string) => isoDate(missing);
