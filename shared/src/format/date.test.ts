import fc from 'fast-check';
import { formatDate, formatDateTime, formatDayLabel, formatTime, localDayKey, parseDate } from './date';

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
