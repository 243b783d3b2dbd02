import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PROFILE_DATA_CHANGED_EVENT, type Facility } from 'shared/contract';
import { profileRoom } from '../src/plugins/socket';
import { facilityFields, requisiteBody } from './cabinet-helpers';
import { caller, makePerson, must, SAMPLE_PDF, type Person } from './deal-helpers';
import { setupTestApp, type TestContext } from './helpers';
import { inProfileRoom, listenOnLoopback, socketClients } from './socket-helpers';

/**
 * profile:data-changed (PROFILE_DATA_CHANGED_EVENT) over real sockets: a facility or a bank
 * requisite created, changed or deleted is told to every tab of the acting profile — the acting
 * user's other tabs, an organisation's other members — and to nobody else; a refused call tells
 * nobody. Without it those tabs kept a stale list (no window focus refetches it).
 */
let ctx: TestContext;
let api: ReturnType<typeof caller>;
let url: string;
let typeId: number;
let rub: number;
const filesDir = mkdtempSync(path.join(os.tmpdir(), 'profile-data-event-'));
const connect = socketClients();

beforeAll(async () => {
  ctx = await setupTestApp({ filesDir });
  api = caller(ctx.app);
  typeId = must(await api.get(null, 'profile/facility/get/type', {}), 'types').items[0].id;
  [{ id: rub }] = (await ctx.db.query<{ id: number }>("select id from currencies where code = 'RUB'")) as [{ id: number }];
  url = await listenOnLoopback(ctx.app);
});
afterAll(async () => {
  await ctx.close();
  rmSync(filesDir, { recursive: true, force: true });
});

/** An organisation: its director, and an employee who acts for it (his active profile). */
async function organisation(): Promise<{ director: Person; employee: Person }> {
  const director = await makePerson(ctx.db, 'organization', 'ООО «Вектор»');
  const employee = await makePerson(ctx.db, 'customer', 'Сотрудник Вектора');
  await ctx.db.query('insert into organization_members (organization_id, user_id, director) values ($1, $2, false)', [director.profileId, employee.userId]);
  await ctx.db.query('update users set active_profile_id = $2 where id = $1', [employee.userId, director.profileId]);
  return { director, employee: { ...employee, profileId: director.profileId } };
}

/** A tab of `who`, keeping the profile:data-changed events it hears. */
async function tab(who: Person): Promise<unknown[]> {
  const socket = await connect(url, who.headers.authorization!.replace('Bearer ', ''));
  const heard: unknown[] = [];
  socket.on(PROFILE_DATA_CHANGED_EVENT, (payload: unknown) => heard.push(payload));
  return heard;
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 60 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
};
/** Long enough for an event that would come to have come. */
const quiet = () => new Promise((r) => setTimeout(r, 200));

describe('facilities', () => {
  it("tells the acting employee's other tab and the director of each change to the organisation's facilities; not a stranger", async () => {
    const { director, employee } = await organisation();
    const stranger = await makePerson(ctx.db, 'customer', 'Посторонний');
    const [acting, otherTab, directorTab, strangerTab] = [await tab(employee), await tab(employee), await tab(director), await tab(stranger)];
    await inProfileRoom(ctx.app, director.profileId, 3);
    const told = { profileId: director.profileId, what: 'facilities' };
    /** After a step: each of the organisation's tabs heard one more event, the stranger none. */
    const heardTimes = async (n: number) => {
      await until(() => [acting, otherTab, directorTab].every((h) => h.length >= n));
      await quiet();
      for (const heard of [acting, otherTab, directorTab]) expect(heard).toEqual(Array(n).fill(told));
      expect(strangerTab).toEqual([]);
    };

    const facility = must(await api.form<Facility>(employee, 'profile/facility/create', { ...facilityFields(typeId), public: 'false' }, [SAMPLE_PDF]), 'create');
    await heardTimes(1);

    must(await api.form(employee, 'profile/facility/update', { _method: 'PUT', id: String(facility.id), ...facilityFields(typeId, { name: 'Склад на Тверской' }) }), 'update');
    await heardTimes(2);

    const [doc] = facility.documents;
    must(await api.call(director, 'PUT', 'profile/facility/document/update', { id: doc!.id, public: true }), 'document public');
    await heardTimes(3);

    must(await api.post(employee, 'profile/facility/document/delete', { id: doc!.id }), 'document delete');
    await heardTimes(4);

    // Another profile's call on it is refused and tells nobody.
    expect((await api.call(stranger, 'DELETE', 'profile/facility/delete', { id: facility.id })).status).toBe(403);
    await heardTimes(4);

    must(await api.call(employee, 'DELETE', 'profile/facility/delete', { id: facility.id }), 'delete');
    await heardTimes(5);
  });

  it("tells a personal profile's other tab of a facility created in one; not another user", async () => {
    const owner = await makePerson(ctx.db, 'customer');
    const other = await makePerson(ctx.db, 'customer');
    const [first, second, otherTab] = [await tab(owner), await tab(owner), await tab(other)];
    await inProfileRoom(ctx.app, owner.profileId, 2);
    await inProfileRoom(ctx.app, other.profileId, 1);

    must(await api.form(owner, 'profile/facility/create', facilityFields(typeId)), 'create');
    await until(() => first.length === 1 && second.length === 1);
    await quiet();
    expect([first, second]).toEqual([[{ profileId: owner.profileId, what: 'facilities' }], [{ profileId: owner.profileId, what: 'facilities' }]]);
    expect(otherTab).toEqual([]);
  });
});

describe('bank requisites', () => {
  it("tells the director's other tab and the employee of each change to the organisation's requisites; not a stranger or a refusal", async () => {
    const { director, employee } = await organisation();
    const stranger = await makePerson(ctx.db, 'organization', 'ООО «Чужие»');
    const [acting, otherTab, employeeTab, strangerTab] = [await tab(director), await tab(director), await tab(employee), await tab(stranger)];
    await inProfileRoom(ctx.app, director.profileId, 3);
    await inProfileRoom(ctx.app, stranger.profileId, 1);
    const told = { profileId: director.profileId, what: 'requisites' };
    const heardTimes = async (n: number) => {
      await until(() => [acting, otherTab, employeeTab].every((h) => h.length >= n));
      await quiet();
      for (const heard of [acting, otherTab, employeeTab]) expect(heard).toEqual(Array(n).fill(told));
      expect(strangerTab).toEqual([]);
    };

    const requisite = must(await api.post<{ id: number }>(director, 'bank-requisite/create', requisiteBody(rub, { bankName: 'ПАО Сбербанк' })), 'create');
    await heardTimes(1);

    must(await api.call(director, 'PUT', 'bank-requisite/update', { id: requisite.id, recipientName: 'ООО «Вектор»' }), 'update');
    await heardTimes(2);

    // An employee may not change them, nor may another profile (403, ARCHITECTURE §8): nobody is told.
    expect((await api.post(employee, 'bank-requisite/create', requisiteBody(rub, { account: '40702810900000005678' }))).status).toBe(403);
    expect((await api.call(stranger, 'DELETE', 'bank-requisite/delete', { id: requisite.id })).status).toBe(403);
    await heardTimes(2);

    must(await api.call(director, 'DELETE', 'bank-requisite/delete', { id: requisite.id }), 'delete');
    await heardTimes(3);
  });
});

it('keeps a committed change when the event cannot be sent: the call still succeeds', async () => {
  const owner = await makePerson(ctx.db, 'executor');
  const to = jest.spyOn(ctx.app.io, 'to').mockImplementation(() => {
    throw new Error('socket adapter down');
  });
  try {
    const requisite = must(await api.post<{ id: number }>(owner, 'bank-requisite/create', requisiteBody(rub)), 'create');
    must(await api.form(owner, 'profile/facility/create', facilityFields(typeId)), 'facility create');
    expect(to).toHaveBeenCalledWith(profileRoom(owner.profileId));
    expect(await ctx.db.query('select 1 from bank_requisites where id = $1 and deleted_at is null', [requisite.id])).toHaveLength(1);
  } finally {
    to.mockRestore();
  }
});
