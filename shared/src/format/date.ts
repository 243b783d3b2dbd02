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

/** The parts of a wall-clock reading: the date's own (local) fields, or its UTC fields for a shifted date. */
function wallClockParts(date: Date, utc: boolean): DateParts {
  return {
    day: String(utc ? date.getUTCDate() : date.getDate()),
    month: MONTHS_GENITIVE[utc ? date.getUTCMonth() : date.getMonth()]!,
    year: String(utc ? date.getUTCFullYear() : date.getFullYear()),
    hour: twoDigits(utc ? date.getUTCHours() : date.getHours()),
    minute: twoDigits(utc ? date.getUTCMinutes() : date.getMinutes()),
  };
}

/**
 * A stretch of time over which a zone's offset from UTC stays the same: `[from, until)` in epoch
 * milliseconds. The shell's server sends the public zone's current one with a page
 * (`currentZoneWindows`), and a moment inside it is written out like one in the runtime's own zone.
 */
export interface ZoneWindow {
  zone: string;
  offsetMinutes: number;
  from: number;
  until: number;
}

let zoneWindows = new Map<string, ZoneWindow>();

const isZoneWindow = (value: unknown): value is ZoneWindow => {
  const w = value as Partial<ZoneWindow> | null;
  return (
    typeof w === 'object' &&
    w !== null &&
    typeof w.zone === 'string' &&
    Number.isInteger(w.offsetMinutes) &&
    Math.abs(w.offsetMinutes!) <= 18 * 60 &&
    Number.isFinite(w.from) &&
    Number.isFinite(w.until) &&
    w.from! < w.until!
  );
};

/** The windows this page came with (anything malformed is left out); an empty list forgets them. */
export function setZoneWindows(windows: unknown): void {
  zoneWindows = new Map((Array.isArray(windows) ? windows : []).filter(isZoneWindow).map((w) => [w.zone, w]));
}

/**
 * In the runtime's own zone, or in a zone whose offset at that moment came with the page
 * (`setZoneWindows`), the parts come from the date itself, written out: the first
 * `Intl.DateTimeFormat` of a page loads ICU's locale and zone data (30–90 ms of the main thread
 * here, in the middle of hydrating the page). Any other moment and zone asks Intl.
 */
function dateParts(date: Date, options: DateFormatOptions, withTime: boolean): DateParts {
  const zone = options.timeZone;
  if (!zone) return wallClockParts(date, false);
  const window = zoneWindows.get(zone);
  const at = date.getTime();
  if (window && at >= window.from && at < window.until) return wallClockParts(new Date(at + window.offsetMinutes * 60_000), true);
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

const DAY_MS = 86_400_000;
const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at a moment, in milliseconds (to the second), by Intl. */
function zoneOffsetMs(zone: string, at: number): number {
  let formatter = offsetFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    offsetFormatters.set(zone, formatter);
  }
  const second = Math.floor(at / 1000) * 1000;
  const parts = formatter.formatToParts(second);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second')) - second;
}

/** Between `outside` (another offset) and `inside` (`offset`): the moment of `offset` next to the change. */
function offsetChange(zone: string, offset: number, outside: number, inside: number): number {
  let [lo, hi] = [outside, inside];
  while (Math.abs(hi - lo) > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (zoneOffsetMs(zone, mid) === offset) hi = mid;
    else lo = mid;
  }
  return hi;
}

/**
 * The window of `zone` around `at`, found by Intl (on the server): day by day back to the last
 * change of offset (at most `backDays`) and forward to the next (at most `aheadDays`), each change
 * to the millisecond. Null for a zone Intl does not know or an offset that is not whole minutes.
 */
export function zoneWindow(zone: string, at: number = Date.now(), { backDays = 1100, aheadDays = 400 } = {}): ZoneWindow | null {
  let offset: number;
  try {
    offset = zoneOffsetMs(zone, at);
  } catch {
    return null;
  }
  if (!Number.isFinite(offset) || offset % 60_000 !== 0) return null;
  const edge = (direction: -1 | 1, days: number) => {
    let inside = at;
    for (let day = 1; day <= days; day++) {
      const probe = at + direction * day * DAY_MS;
      if (zoneOffsetMs(zone, probe) !== offset) {
        const change = offsetChange(zone, offset, probe, inside);
        return direction < 0 ? change : change + 1;
      }
      inside = probe;
    }
    return direction < 0 ? inside : inside + 1;
  };
  return { zone, offsetMinutes: offset / 60_000, from: edge(-1, backDays), until: edge(1, aheadDays) };
}

const currentWindows = new Map<string, ZoneWindow | null>();

/** Each zone's window around now, for a page the server sends: found once, kept until it ends. */
export function currentZoneWindows(zones: readonly string[], now: number = Date.now()): ZoneWindow[] {
  return zones.flatMap((zone) => {
    let window = currentWindows.get(zone);
    if (window === undefined || (window && (now < window.from || now >= window.until))) {
      window = zoneWindow(zone, now);
      currentWindows.set(zone, window);
    }
    return window ? [window] : [];
  });
}

/**
 * The zone of the public pages' moments: Moscow time, never the zone of the machine that renders
 * them, so the server's HTML (ARCHITECTURE §9) and the browser's first render agree.
 */
export const PUBLIC_TIME_ZONE = 'Europe/Moscow';

function zoneFor(value: string | Date, options: DateFormatOptions): DateFormatOptions {
  // A calendar date was built in local time; shifting it to another zone would move the day.
  return typeof value === 'string' && DATE_ONLY.test(value) ? {} : options;
}

const calendarFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar date (`YYYY-MM-DD`) of a moment in a zone, Moscow's by default (the product's
 * deadlines are Moscow days): from the page's zone window when it holds the moment (no Intl while
 * a server-rendered page hydrates), else by one kept Intl formatter per zone.
 */
export function calendarDateIn(at: Date = new Date(), zone: string = PUBLIC_TIME_ZONE): string {
  const window = zoneWindows.get(zone);
  const t = at.getTime();
  if (window && t >= window.from && t < window.until) {
    const shifted = new Date(t + window.offsetMinutes * 60_000);
    return `${shifted.getUTCFullYear()}-${twoDigits(shifted.getUTCMonth() + 1)}-${twoDigits(shifted.getUTCDate())}`;
  }
  let formatter = calendarFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    calendarFormatters.set(zone, formatter);
  }
  return formatter.format(at);
}

/** '22 ноября 2026' (genitive month, no 'г.'); '—' for an unreadable value. */
export function formatDate(value: string | Date, options: DateFormatOptions = {}): string {
  const date = parseDate(value);
  if (!date) return '—';
  const parts = dateParts(date, zoneFor(value, options), false);
  return `${parts.day} ${parts.month} ${parts.year}`;
}

/**
 * The day of a moment by the product's calendar, Moscow's (`PUBLIC_TIME_ZONE`), as the public pages
 * date it: one upload has one date on every page, the cabinet's too, whatever the visitor's zone
 * (QA AAC-6: «6 декабря» in the cabinet, «7 декабря» on the public page, just after midnight).
 */
export const formatProductDate = (value: string | Date): string => formatDate(value, { timeZone: PUBLIC_TIME_ZONE });

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
