import type { Socket } from 'socket.io-client';
import { signAccessToken } from '../src/lib/jwt';
import { notificationService, type NewNotification } from '../src/modules/notification/service';
import { profileRoom, userRoom } from '../src/plugins/socket';
import { authHeader, setupTestApp, userIdByPhone, type TestContext } from './helpers';
import { listeningApp } from './socket-helpers';

let ctx: TestContext;
const served = listeningApp(async () => (ctx = await setupTestApp()));

/** Stores a notification and pushes it through the app's real socket server. */
const notify = (input: NewNotification) => notificationService({ db: ctx.db, io: ctx.app.io }).notify(input);

const tokenOf = (headers: Record<string, string>) => headers.authorization!.replace('Bearer ', '');

/** Resolves with the connected socket, or rejects with the server's connect_error. */
const socket = (token?: string): Promise<Socket> => served.connect(token);

/** Every `notification` event the socket hears. */
function heard(s: Socket): unknown[] {
  const events: unknown[] = [];
  s.on('notification', (e) => events.push(e));
  return events;
}

/** Lets in-flight websocket frames arrive before asserting that something did not. */
const settle = () => new Promise((r) => setTimeout(r, 150));

function bind(headers: Record<string, string>, id: string) {
  return ctx.app.inject({ method: 'PUT', url: '/api/user/socket/update', headers, payload: { id } });
}

describe('socket handshake', () => {
  it('refuses a forged, an expired and a revoked token with connect_error', async () => {
    const userId = await userIdByPhone(ctx.db, '79990000001');
    const headers = await authHeader(ctx.db, userId);
    const sid = JSON.parse(Buffer.from(tokenOf(headers).split('.')[1]!, 'base64url').toString()).sid as string;
    const expired = signAccessToken({ sub: userId, sid }, 'test-secret', 60, Math.floor(Date.now() / 1000) - 3600);
    const otherSecret = signAccessToken({ sub: userId, sid }, 'another-secret', 3600);
    for (const bad of ['not-a-token', expired, otherSecret]) {
      await expect(socket(bad)).rejects.toMatchObject({ message: 'Сессия истекла. Войдите снова', data: { code: 'token_invalid' } });
    }
    await ctx.db.query('update auth_sessions set revoked_at = now() where id = $1', [sid]);
    await expect(socket(tokenOf(headers))).rejects.toMatchObject({ data: { code: 'token_invalid' } });
  });

  it('delivers a notification to every socket of its user and to no one else', async () => {
    const anna = await userIdByPhone(ctx.db, '79990000001');
    const ivan = await userIdByPhone(ctx.db, '79990000002');
    const annaTab1 = await socket(tokenOf(await authHeader(ctx.db, anna)));
    const annaTab2 = await socket(tokenOf(await authHeader(ctx.db, anna)));
    const ivanTab = await socket(tokenOf(await authHeader(ctx.db, ivan)));
    const guest = await socket();
    const [a1, a2, i1, g] = [heard(annaTab1), heard(annaTab2), heard(ivanTab), heard(guest)];
    const sent = await notify({ userId: anna, message: 'Исполнитель откликнулся', link: '/lk/application/detail/3' });
    await settle();
    expect(a1).toEqual([sent]);
    expect(a2).toEqual([sent]);
    expect(sent).toMatchObject({ message: 'Исполнитель откликнулся', read: false, unread: 1 });
    expect(i1).toEqual([]);
    expect(g).toEqual([]);
  });
});

describe('user/socket/update', () => {
  // Binding used to accept any socket id (a guest's, another user's): whoever knew an id could
  // pull that tab into their room or theirs into someone else's. Only the caller's own
  // authenticated socket binds now; the client reconnects with the new token after a login.
  it('binds the caller’s own authenticated socket, which then receives notifications', async () => {
    const userId = await userIdByPhone(ctx.db, '79990000003');
    const headers = await authHeader(ctx.db, userId);
    const tab = await socket(tokenOf(headers));
    const events = heard(tab);
    const res = await bind(headers, tab.id!);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { ok: true } });
    const sent = await notify({ userId, message: 'После привязки' });
    await settle();
    expect(events).toEqual([sent]);
  });

  it('refuses a guest socket: it stays out of the caller’s room', async () => {
    const userId = await userIdByPhone(ctx.db, '79990000003');
    const guest = await socket();
    const events = heard(guest);
    const res = await bind(await authHeader(ctx.db, userId), guest.id!);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Сокет не найден', code: 'not_found' });
    await notify({ userId, message: 'Не гостю' });
    await settle();
    expect(events).toEqual([]);
  });

  it('refuses another user’s socket: it keeps hearing its owner only', async () => {
    const owner = await userIdByPhone(ctx.db, '79990000004');
    const intruder = await userIdByPhone(ctx.db, '79990000005');
    const tab = await socket(tokenOf(await authHeader(ctx.db, owner)));
    const events = heard(tab);
    const res = await bind(await authHeader(ctx.db, intruder), tab.id!);
    expect(res.statusCode).toBe(404);
    await notify({ userId: intruder, message: 'Чужому' });
    const own = await notify({ userId: owner, message: 'Владельцу' });
    await settle();
    expect(events).toEqual([own]);
  });

  it('takes the socket out of another user’s and another profile’s room it was left in (QA Z-10: a leave that never came)', async () => {
    const userId = await userIdByPhone(ctx.db, '79990000003');
    const other = await userIdByPhone(ctx.db, '79990000004');
    const profileOf = async (id: number) => (await ctx.db.query<{ id: number }>('select active_profile_id as id from users where id = $1', [id]))[0]!.id;
    const [own, foreign] = [await profileOf(userId), await profileOf(other)];
    expect(own).not.toBe(foreign);
    const headers = await authHeader(ctx.db, userId);
    const tab = await socket(tokenOf(headers));
    const roomsOf = async () => [...((await ctx.app.io.in(tab.id!).fetchSockets())[0]?.rooms ?? [])];
    // The connect's own bind first (its profile rooms come a query later), so the stale rooms below outlive it.
    for (let i = 0; i < 60 && !(await roomsOf()).includes(profileRoom(own)); i++) await new Promise((r) => setTimeout(r, 25));
    // A removal whose leave never reached this socket (a Redis outage during it).
    ctx.app.io.in(tab.id!).socketsJoin([userRoom(other), profileRoom(foreign)]);
    expect(await roomsOf()).toEqual(expect.arrayContaining([userRoom(other), profileRoom(foreign)]));
    const events = heard(tab);

    expect((await bind(headers, tab.id!)).statusCode).toBe(200);
    const rooms = await roomsOf();
    expect(rooms).toEqual(expect.arrayContaining([userRoom(userId), profileRoom(own)]));
    expect(rooms).not.toContain(userRoom(other));
    expect(rooms).not.toContain(profileRoom(foreign));
    await notify({ userId: other, message: 'Чужому после привязки' });
    const mine = await notify({ userId, message: 'Своему после привязки' });
    await settle();
    expect(events).toEqual([mine]);
  });

  it('answers 404 for an unknown socket and for a room name', async () => {
    const headers = await authHeader(ctx.db, await userIdByPhone(ctx.db, '79990000006'));
    const victim = await userIdByPhone(ctx.db, '79990000001');
    const victimTab = await socket(tokenOf(await authHeader(ctx.db, victim)));
    const events = heard(victimTab);
    const unknown = await bind(headers, 'no-such-socket');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Сокет не найден', code: 'not_found' });
    // A room name is not a socket id: it must not pull the victim's sockets into the caller's room.
    expect((await bind(headers, `user:${victim}`)).statusCode).toBe(404);
    const sent = await notify({ userId: victim, message: 'Только владельцу' });
    await settle();
    expect(events).toEqual([sent]);
    const empty = await ctx.app.inject({ method: 'PUT', url: '/api/user/socket/update', headers, payload: {} });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ id: 'Укажите идентификатор сокета' });
  });
});
