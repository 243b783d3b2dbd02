import fc from 'fast-check';
import { calendarDateIn, currentZoneWindows, formatDate, formatDateTime, formatDayLabel, formatTime, localDayKey, parseDate, setZoneWindows, zoneWindow } from './date';

describe('formatDate', () => {
  it('formats a calendar date with the genitive month and no "г."', () => {
    expect(formatDate('2026-11-22')).toBe('22 ноября 2026');
    expect(formatDate('2026-03-01')).toBe('1 марта 2026');
  });

  it('never shifts a calendar date to the previous day', () => {
    expect(formatDate('2026-01-01', { timeZone: 'America/Los_Angeles' })).toBe('1 января 2026');
  });

  it('formats a timestamp in the given zone', () => {
    expect(formatDate('2026-11-21T22:30:00Z', { timeZone: 'Europe/Moscow' })).toBe('22 ноября 2026');
    expect(formatDate('2026-11-21T22:30:00Z', { timeZone: 'UTC' })).toBe('21 ноября 2026');
  });

  it('shows a dash for an unreadable value', () => {
    expect(formatDate('не дата')).toBe('—');
  });
});

describe('formatDateTime', () => {
  it('adds 24-hour time after a comma', () => {
    expect(formatDateTime('2026-11-22T11:05:00Z', { timeZone: 'Europe/Moscow' })).toBe('22 ноября 2026, 14:05');
    expect(formatDateTime('2026-05-09T00:00:00Z', { timeZone: 'UTC' })).toBe('9 мая 2026, 00:00');
  });
});

describe("the runtime's own zone, written out without Intl", () => {
  it("gives what Intl's ru-RU long date (and 24-hour time) gives for the same moment", () => {
    const intlDate = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' });
    const intlTime = new Intl.DateTimeFormat('ru-RU', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    const byIntl = (date: Date) => {
      const parts = intlDate.formatToParts(date);
      const part = (type: string) => parts.find((p) => p.type === type)?.value;
      return `${part('day')} ${part('month')} ${part('year')}`;
    };
    fc.assert(
      fc.property(fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-12-31T23:59:59Z'), noInvalidDate: true }), (date) => {
        expect(formatDate(date)).toBe(byIntl(date));
        expect(formatTime(date)).toBe(intlTime.format(date));
        expect(formatDateTime(date)).toBe(`${byIntl(date)}, ${intlTime.format(date)}`);
      }),
      { numRuns: 1000 },
    );
  });

  it('names every month in the genitive', () => {
    const months = Array.from({ length: 12 }, (_, month) => formatDate(new Date(2026, month, 15)).split(' ')[1]);
    expect(months).toEqual(['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря']);
  });
});

describe('zone windows: a zone’s offset sent with the page', () => {
  const DAY = 86_400_000;
  afterEach(() => setZoneWindows([]));

  it('finds the offset and, to the millisecond, the changes around a moment', () => {
    expect(zoneWindow('Europe/Berlin', Date.UTC(2026, 5, 1))).toEqual({
      zone: 'Europe/Berlin',
      offsetMinutes: 120,
      from: Date.UTC(2026, 2, 29, 1),
      until: Date.UTC(2026, 9, 25, 1),
    });
    expect(zoneWindow('America/New_York', Date.UTC(2026, 0, 15))).toEqual({
      zone: 'America/New_York',
      offsetMinutes: -300,
      from: Date.UTC(2025, 10, 2, 6),
      until: Date.UTC(2026, 2, 8, 7),
    });
    // Moscow has kept +3 since 2014: the window is as long as the search looks.
    const at = Date.UTC(2026, 10, 27, 12);
    expect(zoneWindow('Europe/Moscow', at)).toEqual({ zone: 'Europe/Moscow', offsetMinutes: 180, from: at - 1100 * DAY, until: at + 400 * DAY + 1 });
    expect(zoneWindow('Europe/Moscow', Date.UTC(2014, 5, 1), { backDays: 30, aheadDays: 400 })).toMatchObject({ offsetMinutes: 240, until: Date.UTC(2014, 9, 25, 22) });
    expect(zoneWindow('Нет/Такой')).toBeNull();
  });

  it('gives, with a window, what Intl gives for every moment of every zone, inside the window or not', () => {
    const zones = ['Europe/Moscow', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Pacific/Chatham', 'America/Sao_Paulo'];
    const byIntl = (date: Date, zone: string) => {
      const parts = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: zone }).formatToParts(date);
      const part = (type: string) => parts.find((p) => p.type === type)?.value;
      return `${part('day')} ${part('month')} ${part('year')}, ${part('hour')}:${part('minute')}`;
    };
    const moment = (min: string, max: string) => fc.date({ min: new Date(min), max: new Date(max), noInvalidDate: true }).map((d) => d.getTime());
    fc.assert(
      fc.property(fc.constantFrom(...zones), moment('2005-01-01', '2035-01-01'), fc.array(fc.integer({ min: -40 * DAY, max: 40 * DAY }), { maxLength: 8 }), (zone, at, shifts) => {
        const window = zoneWindow(zone, at, { backDays: 200, aheadDays: 200 })!;
        setZoneWindows([window]);
        const moments = [window.from - 1, window.from, window.until - 1, window.until, ...shifts.map((shift) => at + shift)];
        for (const t of moments) {
          const date = new Date(t);
          expect(formatDateTime(date, { timeZone: zone })).toBe(byIntl(date, zone));
          expect(formatDate(date, { timeZone: zone })).toBe(byIntl(date, zone).split(',')[0]);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('writes a moment inside the window out without asking Intl', () => {
    const at = Date.UTC(2026, 10, 21, 22, 30);
    setZoneWindows([zoneWindow('Europe/Moscow', at)]);
    const formatToParts = jest.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    try {
      expect(formatDateTime(new Date(at), { timeZone: 'Europe/Moscow' })).toBe('22 ноября 2026, 01:30');
      expect(formatToParts).not.toHaveBeenCalled();
    } finally {
      formatToParts.mockRestore();
    }
  });

  it('trusts a well-formed window, leaves out a malformed one, and forgets them all on an empty list', () => {
    const moment = '2026-05-09T00:00:00Z';
    setZoneWindows([{ zone: 'UTC', offsetMinutes: 60, from: 0, until: 4e12 }]);
    expect(formatDateTime(moment, { timeZone: 'UTC' })).toBe('9 мая 2026, 01:00');
    for (const malformed of [
      { zone: 'UTC', offsetMinutes: 60.5, from: 0, until: 4e12 },
      { zone: 'UTC', offsetMinutes: 60, from: 4e12, until: 0 },
      { zone: 'UTC', offsetMinutes: 60 * 19, from: 0, until: 4e12 },
      { zone: 'UTC', offsetMinutes: '60', from: 0, until: 4e12 },
      null,
    ]) {
      setZoneWindows([malformed]);
      expect(formatDateTime(moment, { timeZone: 'UTC' })).toBe('9 мая 2026, 00:00');
    }
    setZoneWindows('не список');
    expect(formatDateTime(moment, { timeZone: 'UTC' })).toBe('9 мая 2026, 00:00');
    setZoneWindows([{ zone: 'UTC', offsetMinutes: 60, from: 0, until: 4e12 }]);
    setZoneWindows([]);
    expect(formatDateTime(moment, { timeZone: 'UTC' })).toBe('9 мая 2026, 00:00');
  });

  it('keeps a zone’s current window until it ends (the server finds it once)', () => {
    const now = Date.UTC(2026, 5, 1);
    const [first] = currentZoneWindows(['Europe/Berlin'], now);
    expect(currentZoneWindows(['Europe/Berlin'], now + DAY)[0]).toBe(first);
    const [next] = currentZoneWindows(['Europe/Berlin'], first!.until);
    expect(next).toMatchObject({ offsetMinutes: 60, from: Date.UTC(2026, 9, 25, 1) });
    expect(currentZoneWindows(['Нет/Такой', 'Europe/Berlin'], first!.until)).toEqual([next]);
  });
});

describe('parseDate', () => {
  it('reads a calendar date as local midnight', () => {
    const d = parseDate('2026-11-22');
    expect([d?.getFullYear(), d?.getMonth(), d?.getDate(), d?.getHours()]).toEqual([2026, 10, 22, 0]);
  });
});

describe('formatDayLabel and formatTime (a chat’s days, in the reader’s zone)', () => {
  const now = new Date(2026, 10, 22, 9, 30);

  it('says «Сегодня» and «Вчера» by the local calendar, not by 24 hours', () => {
    expect(formatDayLabel(new Date(2026, 10, 22, 0, 1), now)).toBe('Сегодня');
    expect(formatDayLabel(new Date(2026, 10, 21, 23, 59), now)).toBe('Вчера');
    expect(formatDayLabel(new Date(2026, 10, 21, 0, 0), now)).toBe('Вчера');
  });

  it('names older days with the genitive month, the year only when it is not this one', () => {
    expect(formatDayLabel(new Date(2026, 10, 20, 12, 0), now)).toBe('20 ноября');
    expect(formatDayLabel(new Date(2025, 11, 31, 12, 0), now)).toBe('31 декабря 2025');
    expect(formatDayLabel(new Date(2026, 0, 1, 0, 0), new Date(2026, 0, 2, 8, 0))).toBe('Вчера');
    expect(formatDayLabel(new Date(2025, 11, 31, 23, 0), new Date(2026, 0, 1, 8, 0))).toBe('Вчера');
  });

  it('gives the time as 24-hour HH:MM and the day key as YYYY-MM-DD', () => {
    expect(formatTime(new Date(2026, 10, 22, 7, 5))).toBe('07:05');
    expect(localDayKey(new Date(2026, 0, 3, 23, 59))).toBe('2026-01-03');
    expect(formatTime('не дата')).toBe('');
  });
});

describe('calendarDateIn', () => {
  afterEach(() => setZoneWindows([]));

  it('is Moscow’s calendar day, from the page’s zone window without Intl while it holds the moment', () => {
    const late = new Date('2026-12-06T21:30:00Z');
    setZoneWindows([zoneWindow('Europe/Moscow', late.getTime())]);
    const made = jest.spyOn(Intl, 'DateTimeFormat');
    expect(calendarDateIn(late)).toBe('2026-12-07');
    expect(calendarDateIn(new Date('2026-12-06T20:59:59Z'))).toBe('2026-12-06');
    expect(made).not.toHaveBeenCalled();
    made.mockRestore();
  });

  it('asks Intl once per zone without a window', () => {
    expect(calendarDateIn(new Date('2026-12-06T21:30:00Z'))).toBe('2026-12-07');
    expect(calendarDateIn(new Date('2026-12-06T12:00:00Z'), 'Asia/Vladivostok')).toBe('2026-12-06');
    expect(calendarDateIn(new Date('2026-12-06T14:30:00Z'), 'Asia/Vladivostok')).toBe('2026-12-07');
  });
});
