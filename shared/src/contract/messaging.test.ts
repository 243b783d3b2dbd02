import { isTimeZoneName, messageGetCollection, MESSAGING_MESSAGES } from './messaging';

const parse = (query: Record<string, string>) => messageGetCollection.query!.safeParse({ messagingId: '5', ...query });

describe('message/get-collection’s timeZone', () => {
  it('takes an IANA name the API’s Intl and PostgreSQL read alike, and blank as none', () => {
    for (const zone of ['Pacific/Kiritimati', 'Europe/Moscow', 'America/Argentina/Buenos_Aires', 'America/Port-au-Prince', 'Etc/GMT+3', 'UTC']) {
      expect(isTimeZoneName(zone)).toBe(true);
      expect(parse({ from: '2026-12-01', timeZone: zone }).data).toMatchObject({ timeZone: zone });
    }
    const blank = parse({ timeZone: '' });
    expect(blank.success).toBe(true);
    expect(blank.data?.timeZone).toBeUndefined();
  });

  it('refuses unknown names and the ones the two read differently, at the field, in Russian', () => {
    for (const zone of ['Mars/Olympus', 'Moscow', 'IST', 'BST', '+03:00', 'UTC+3', 'Europe/Moscow; drop table messages', 'Europe/../Moscow']) {
      expect(isTimeZoneName(zone)).toBe(false);
      expect(parse({ timeZone: zone }).error?.issues).toEqual([expect.objectContaining({ path: ['timeZone'], message: MESSAGING_MESSAGES.timeZone })]);
    }
    expect(parse({ timeZone: `Europe/${'M'.repeat(60)}` }).error?.issues[0]).toMatchObject({ path: ['timeZone'], message: 'Не длиннее 64 символов' });
  });
});
