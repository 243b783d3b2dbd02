export interface DateFormatOptions {
  /** IANA zone; the browser's own by default. */
  timeZone?: string;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A bare `YYYY-MM-DD` is a calendar date, not UTC midnight: read it in local time so it never shifts a day. */
export function parseDate(value: string | Date): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const m = DATE_ONLY.exec(value);
  const date = m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The parts of a moment as Russian writes them: '22', 'ноября', '2026', '14', '05'. */
interface DateParts {
  day: string;
  month: string;
  year: string;
  hour: string;
  minute: string;
}

/** Month names in the genitive, as a date says them («22 ноября»). */
const MONTHS_GENITIVE = ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'];

const twoDigits = (n: number) => String(n).padStart(2, '0');

// A formatter costs far more to make than to use (a list renders dozens of dates): one per kind.
const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * In the runtime's own zone the parts come from the date itself, written out: the first
 * `Intl.DateTimeFormat` of a page loads ICU's locale data (about 30 ms of the main thread here, in
 * the middle of the first render of a list of cards). Another zone needs Intl's time zone data.
 */
function dateParts(date: Date, options: DateFormatOptions, withTime: boolean): DateParts {
  const zone = options.timeZone;
  if (!zone) {
    return {
      day: String(date.getDate()),
      month: MONTHS_GENITIVE[date.getMonth()]!,
      year: String(date.getFullYear()),
      hour: twoDigits(date.getHours()),
      minute: twoDigits(date.getMinutes()),
    };
  }
  const key = `${withTime}|${zone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('ru-RU', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: zone,
      ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' as const } : {}),
    });
    formatters.set(key, formatter);
  }
  const parts = formatter.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: part('day'), month: part('month'), year: part('year'), hour: part('hour'), minute: part('minute') };
}

function zoneFor(value: string | Date, options: DateFormatOptions): DateFormatOptions {
  // A calendar date was built in local time; shifting it to another zone would move the day.
  return typeof value === 'string' && DATE_ONLY.test(value) ? {} : options;
}

/** '22 ноября 2026' (genitive month, no 'г.'); '—' for an unreadable value. */
export function formatDate(value: string | Date, options: DateFormatOptions = {}): string {
  const date = parseDate(value);
  if (!date) return '—';
  const parts = dateParts(date, zoneFor(value, options), false);
  return `${parts.day} ${parts.month} ${parts.year}`;
}

/** '22 ноября 2026, 14:05'. */
export function formatDateTime(value: string | Date, options: DateFormatOptions = {}): string {
  const date = parseDate(value);
  if (!date) return '—';
  const parts = dateParts(date, zoneFor(value, options), true);
  return `${parts.day} ${parts.month} ${parts.year}, ${parts.hour}:${parts.minute}`;
}

/** '14:05': the time of day in the browser's zone; '' for an unreadable value. */
export function formatTime(value: string | Date): string {
  const date = parseDate(value);
  if (!date) return '';
  const parts = dateParts(date, {}, true);
  return `${parts.hour}:${parts.minute}`;
}

/** The local calendar day of a moment, `YYYY-MM-DD` (days of a chat are the reader's days). */
export function localDayKey(value: string | Date): string {
  const date = parseDate(value);
  if (!date) return '';
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** A chat's day separator: «Сегодня», «Вчера», '22 ноября' this year, else '22 ноября 2025'. */
export function formatDayLabel(value: string | Date, now: Date = new Date()): string {
  const date = parseDate(value);
  if (!date) return '—';
  const day = localDayKey(date);
  if (day === localDayKey(now)) return 'Сегодня';
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (day === localDayKey(yesterday)) return 'Вчера';
  const parts = dateParts(date, {}, false);
  const dayMonth = `${parts.day} ${parts.month}`;
  return date.getFullYear() === now.getFullYear() ? dayMonth : `${dayMonth} ${parts.year}`;
}
