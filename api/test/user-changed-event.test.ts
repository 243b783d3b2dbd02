/**
 * A user's name, phone or active profile changed in one tab is told to all his tabs and devices
 * (`user:changed`), which load them again. Before, another tab kept the old name in its header and,
 * worse, the old profile while every call it made acted as the new one (the active profile is the
 * server's).
 */
import type { Socket } from 'socket.io-client';
import { USER_CHANGED_EVENT } from 'shared/contract';
import { hashPassword } from '../src/lib/password';
import { lastSmsCode, makePerson, makeUserWithoutProfile, must, setupDealApp, uniquePhone, type DealContext, type Person } from './deal-helpers';
import { inProfileRoom, listeningApp } from './socket-helpers';

let d: DealContext;
const served = listeningApp(async () => (d = await setupDealApp()));

/** A tab of `who`, counting the `user:changed` events it hears. */
async function tab(who: Person): Promise<{ socket: Socket; heard: () => number }> {
  const socket = await served.connect(who.headers.authorization!.replace('Bearer ', ''));
  let count = 0;
  socket.on(USER_CHANGED_EVENT, () => (count += 1));
  return { socket, heard: () => count };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 60 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
}
const quiet = () => new Promise((r) => setTimeout(r, 200));

describe('user:changed', () => {
  it('a profile switch, a new name and a new phone are told to every tab of the user, and to no one else', async () => {
    const user = await makePerson(d.db, 'customer', 'Ирина Вкладкина');
    const other = await makePerson(d.db, 'customer', 'Посторонний Тестов');
    const [first, second, stranger] = [await tab(user), await tab(user), await tab(other)];

    must(await d.api.call(user, 'PUT', 'user/profile/update', { type: 'executor' }), 'switch');
    await until(() => first.heard() === 1 && second.heard() === 1);
    expect([first.heard(), second.heard()]).toEqual([1, 1]);

    must(await d.api.post(user, 'user/update', { name: 'Ирина Новикова' }), 'rename');
    await until(() => second.heard() === 2);
    expect(second.heard()).toBe(2);

    const phone = uniquePhone();
    // Moving the phone asks for the current password (QA AAD-1): the person is given one.
    const password = 'пароль-вкладок-1';
    await d.db.query('update users set password_hash = $2 where id = $1', [user.userId, await hashPassword(password)]);
    must(await d.api.post(user, 'user/update/phone/send/code', { phone, password }), 'send code');
    must(await d.api.post(user, 'user/update/phone', { phone, code: await lastSmsCode(d.db, phone) }), 'change phone');
    await until(() => second.heard() === 3);
    expect(second.heard()).toBe(3);

    await quiet();
    expect(stranger.heard()).toBe(0);
  });

  it("a new user's first profile, made with his tabs open, has them in its room at once: its messages reach them without a reconnect", async () => {
    const newcomer = await makeUserWithoutProfile(d.db);
    const token = newcomer.headers.authorization!.replace('Bearer ', '');
    await served.connect(token);
    await served.connect(token);
    const made = must(await d.api.call(newcomer, 'PUT', 'user/profile/update', { type: 'executor' }), 'first profile') as { profile: { id: number } };
    await inProfileRoom(d.app, made.profile.id, 2);
  });

  it('a refused change tells nothing', async () => {
    const user = await makePerson(d.db, 'customer');
    const other = await tab(user);
    expect((await d.api.post(user, 'user/update', { name: '' })).status).toBe(422);
    expect((await d.api.call(user, 'PUT', 'user/profile/update', { id: 999_999_999 })).status).toBe(404);
    await quiet();
    expect(other.heard()).toBe(0);
  });
});
