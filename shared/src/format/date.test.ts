import { formatDate, formatDateTime, parseDate } from './date';

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

describe('parseDate', () => {
  it('reads a calendar date as local midnight', () => {
    const d = parseDate('2026-11-22');
    expect([d?.getFullYear(), d?.getMonth(), d?.getDate(), d?.getHours()]).toEqual([2026, 10, 22, 0]);
  });
});
