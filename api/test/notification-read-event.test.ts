/**
 * `notification:read`: marking notifications read in one tab tells the user's other tabs and
 * devices (his room), as `message:read` does for messages; nobody else hears it.
 */
import { notificationReadEventSchema } from 'shared/contract';
import { notificationService, type NotificationEmitter } from '../src/modules/notification/service';
import { authHeader, setupTestApp, userIdByPhone, type TestContext } from './helpers';
import { listeningApp } from './socket-helpers';

let ctx: TestContext;
const served = listeningApp(async () => (ctx = await setupTestApp()));

/** Records emits instead of sending them. */
function recordingEmitter() {
  const sent: Array<{ room: string; event: string; payload: unknown }> = [];
  const io = { to: (room: string) => ({ emit: (event: string, payload: unknown) => sent.push({ room, event, payload }) }) };
  return { io: io as unknown as NotificationEmitter, sent };
}

/** A connected tab that records every `notification:read` it hears. */
async function tab(headers: Record<string, string>) {
  const token = headers.authorization!.replace('Bearer ', '');
  const socket = await served.connect(token);
  const heard: unknown[] = [];
  socket.on('notification:read', (payload: unknown) => heard.push(payload));
  return { socket, heard };
}

const settle = () => new Promise((r) => setTimeout(r, 200));

describe('notification read event (service)', () => {
  it('emits the ids it marked, or all, with the unread count, to the user room; nothing when nothing changed', async () => {
    const userId = await userIdByPhone(ctx.db, '79990000003');
    const otherId = await userIdByPhone(ctx.db, '79990000002');
    const quiet = notificationService({ db: ctx.db, io: recordingEmitter().io });
    const a = await quiet.notify({ userId, message: 'A' });
    await quiet.notify({ userId, message: 'B' });
    const foreign = await quiet.notify({ userId: otherId, message: 'Чужое' });
    const { io, sent } = recordingEmitter();
    const notifications = notificationService({ db: ctx.db, io });
    const unreadBefore = (await notifications.list(userId, 'general', 1, 1)).unread;

    // A foreign id is neither marked nor told of.
    expect(await notifications.read(userId, [a.id, foreign.id])).toEqual({ unread: unreadBefore - 1 });
    // Already read: no change, no event.
    await notifications.read(userId, [a.id]);
    expect(await notifications.read(userId, undefined)).toEqual({ unread: 0 });
    await notifications.read(userId, undefined);

    expect(sent).toEqual([
      { room: `user:${userId}`, event: 'notification:read', payload: { ids: [a.id], unread: unreadBefore - 1 } },
      { room: `user:${userId}`, event: 'notification:read', payload: { all: true, unread: 0 } },
    ]);
    for (const { payload } of sent) expect(notificationReadEventSchema.safeParse(payload).success).toBe(true);
  });
});

describe('notification read event (route, real sockets)', () => {
  it('reaches every tab of the user, the one that asked included, and no other user', async () => {
    const userId = await userIdByPhone(ctx.db, '79990000001');
    const headers = await authHeader(ctx.db, userId);
    const otherHeaders = await authHeader(ctx.db, await userIdByPhone(ctx.db, '79990000002'));
    const quiet = notificationService({ db: ctx.db, io: recordingEmitter().io });
    const first = await quiet.notify({ userId, message: 'Первое' });
    await quiet.notify({ userId, message: 'Второе' });
    const [tab1, tab2, stranger] = await Promise.all([tab(headers), tab(await authHeader(ctx.db, userId)), tab(otherHeaders)]);

    const one = await ctx.app.inject({ method: 'POST', url: '/api/notification/read', headers, payload: { ids: [first.id] } });
    expect(one.statusCode).toBe(200);
    const all = await ctx.app.inject({ method: 'POST', url: '/api/notification/read', headers, payload: {} });
    expect(all.json().data).toEqual({ unread: 0 });
    await settle();

    const expected = [{ ids: [first.id], unread: one.json().data.unread }, { all: true, unread: 0 }];
    expect(tab1.heard).toEqual(expected);
    expect(tab2.heard).toEqual(expected);
    expect(stranger.heard).toEqual([]);
  });
});
