import type { Notification } from 'shared/contract';
import { notificationService, type NotificationEmitter } from '../src/modules/notification/service';
import { authHeader, getJson, setupTestApp, userIdByPhone, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupTestApp();
});
afterAll(() => ctx.close());

/** Records emits instead of sending them; the socket tests check real delivery. */
function recordingEmitter() {
  const sent: Array<{ room: string; event: string; payload: unknown }> = [];
  const io = { to: (room: string) => ({ emit: (event: string, payload: unknown) => sent.push({ room, event, payload }) }) };
  return { io: io as unknown as NotificationEmitter, sent };
}

describe('notify', () => {
  it('stores the notification and emits it with the unread count to the user room', async () => {
    const userId = await userIdByPhone(ctx.db, '79990000003');
    const { io, sent } = recordingEmitter();
    const { notify } = notificationService({ db: ctx.db, io });
    const first = await notify({ userId, message: 'Новый отклик на заявку', link: '/lk/application/detail/1', applicationId: 1 });
    const second = await notify({ userId, message: 'Вторая' });
    expect(first).toEqual({
      id: expect.any(Number),
      message: 'Новый отклик на заявку',
      link: '/lk/application/detail/1',
      // The lk page of that application refreshes itself on the event.
      applicationId: 1,
      // Which of the user's profiles it concerns: none named here.
      profileId: null,
      read: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      kind: 'general',
      unread: 1,
    });
    expect(second).toMatchObject({ link: null, applicationId: null, unread: 2 });
    expect(sent).toEqual([
      { room: `user:${userId}`, event: 'notification', payload: first },
      { room: `user:${userId}`, event: 'notification', payload: second },
    ]);
    const [row] = await ctx.db.query<{ user_id: number; kind: string; read_at: unknown }>('select user_id, kind, read_at from notifications where id = $1', [first.id]);
    expect(row).toEqual({ user_id: userId, kind: 'general', read_at: null });
  });
});

describe('notification collections', () => {
  let headers: Record<string, string>;
  let other: Record<string, string>;
  beforeAll(async () => {
    const userId = await userIdByPhone(ctx.db, '79990000001');
    headers = await authHeader(ctx.db, userId);
    other = await authHeader(ctx.db, await userIdByPhone(ctx.db, '79990000002'));
    const { notify } = notificationService({ db: ctx.db, io: recordingEmitter().io });
    for (let i = 1; i <= 25; i++) await notify({ userId, message: `Уведомление ${i}` });
    for (let i = 1; i <= 3; i++) await notify({ userId, message: `Сообщение ${i}`, kind: 'message', link: '/lk/message' });
  });

  it('pages general notifications newest first with the unread count', async () => {
    const first = await getJson(ctx.app, '/api/notification/get-collection', headers);
    expect(first.status).toBe(200);
    const { items, ...meta } = first.body.data;
    expect(meta).toEqual({ total: 25, page: 1, limit: 20, unread: 25 });
    expect(items).toHaveLength(20);
    expect(items[0]).toMatchObject({ message: 'Уведомление 25', read: false, link: null });
    const last = await getJson(ctx.app, '/api/notification/get-collection?page=2&limit=20', headers);
    expect(last.body.data.items.map((n: Notification) => n.message)).toEqual(['Уведомление 5', 'Уведомление 4', 'Уведомление 3', 'Уведомление 2', 'Уведомление 1']);
    const bad = await getJson(ctx.app, '/api/notification/get-collection?page=0', headers);
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ page: 'Номер страницы начинается с 1' });
  });

  it('keeps message notifications apart', async () => {
    const res = await getJson(ctx.app, '/api/notification/message/get-collection', headers);
    expect(res.body.data).toMatchObject({ total: 3, unread: 3, page: 1, limit: 20 });
    expect(res.body.data.items.map((n: Notification) => n.message)).toEqual(['Сообщение 3', 'Сообщение 2', 'Сообщение 1']);
  });

  it("shows nobody else's notifications", async () => {
    const res = await getJson(ctx.app, '/api/notification/get-collection', other);
    expect(res.body.data).toMatchObject({ items: [], total: 0, unread: 0 });
  });

  it('marks given ids read, ignoring ids of other users, then all of the panel', async () => {
    const page = (await getJson(ctx.app, '/api/notification/get-collection?limit=2', headers)).body.data.items as Notification[];
    const foreignUser = await userIdByPhone(ctx.db, '79990000002');
    const foreign = await notificationService({ db: ctx.db, io: recordingEmitter().io }).notify({ userId: foreignUser, message: 'Чужое' });
    const read = await ctx.app.inject({ method: 'POST', url: '/api/notification/read', headers, payload: { ids: [...page.map((n) => n.id), foreign.id] } });
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual({ unread: 23 });
    const after = (await getJson(ctx.app, '/api/notification/get-collection?limit=3', headers)).body.data;
    expect(after.items.map((n: Notification) => n.read)).toEqual([true, true, false]);
    expect(after.unread).toBe(23);
    expect((await getJson(ctx.app, '/api/notification/get-collection', other)).body.data.unread).toBe(1);

    const all = await ctx.app.inject({ method: 'POST', url: '/api/notification/read', headers, payload: {} });
    expect(all.json().data).toEqual({ unread: 0 });
    // "All" is the notifications panel; the messages badge is cleared by reading messages.
    expect((await getJson(ctx.app, '/api/notification/message/get-collection', headers)).body.data.unread).toBe(3);
    const messages = (await getJson(ctx.app, '/api/notification/message/get-collection', headers)).body.data.items as Notification[];
    await ctx.app.inject({ method: 'POST', url: '/api/notification/read', headers, payload: { ids: [messages[0]!.id] } });
    expect((await getJson(ctx.app, '/api/notification/message/get-collection', headers)).body.data.unread).toBe(2);
  });

  it('validates ids', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/notification/read', headers, payload: { ids: ['x'] } });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['ids.0']);
  });
});
