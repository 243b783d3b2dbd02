import { makePerson, makeUserWithoutProfile, must, setupDealApp, type DealContext, type Who } from './deal-helpers';
import { freshInn, lastInviteCode, makeOrganization, makeStaffed } from './organization-helpers';

/**
 * Leaving an organisation, being removed from it or its deletion takes it away as the active
 * profile; the user then acts as a profile of his own rather than as none at all.
 */
let d: DealContext;
beforeAll(async () => {
  d = await setupDealApp();
});
afterAll(async () => {
  await d.close();
});

/** What the user's session and profile list both say is active (they must agree). */
async function activeOf(who: Who & { userId: number }): Promise<number | null> {
  const session = must(await d.api.get(who, 'user/get/token', {}), 'user/get/token');
  const profiles = must(await d.api.get(who, 'user/profile/list', {}), 'user/profile/list').items as Array<{ id: number; active: boolean }>;
  const listed = profiles.filter((p) => p.active).map((p) => p.id);
  expect(listed).toEqual(session.activeProfileId === null ? [] : [session.activeProfileId]);
  const [row] = await d.db.query<{ a: number | null }>('select active_profile_id as a from users where id = $1', [who.userId]);
  expect(row!.a).toBe(session.activeProfileId);
  return session.activeProfileId;
}

/** The user's personal profile of a type. */
async function ownProfile(userId: number, type: 'customer' | 'executor'): Promise<number> {
  const [row] = await d.db.query<{ id: number }>('select id from profiles where user_id = $1 and type = $2', [userId, type]);
  return row!.id;
}

/** Invites `who` into an organisation and has him accept; answers his membership id. */
async function join(director: Who, organizationId: number, who: Who & { phone: string }): Promise<number> {
  must(await d.api.post(director, 'organization/employee/invite', { phone: who.phone }), 'invite');
  const approved = must(await d.api.post(who, 'user/invite/code/approve', { code: await lastInviteCode(d, who.phone) }), 'approve');
  const [member] = await d.db.query<{ id: number }>('select id from organization_members where organization_id = $1 and user_id = $2', [organizationId, approved.employee.userId]);
  return member!.id;
}

const switchTo = async (who: Who, id: number) => must(await d.api.call(who, 'PUT', 'user/profile/update', { id }), 'switch');

describe('the active profile after the organisation goes away from a member', () => {
  it('falls back to his own profile when he leaves («Покинуть организацию»)', async () => {
    const s = await makeStaffed(d, 'ООО «Уходящие»');
    expect(await activeOf(s.employee)).toBe(s.organizationId);
    const left = await d.api.call(s.employee, 'DELETE', 'organization/employee/delete', { id: s.employeeMemberId });
    expect([left.status, left.body.message]).toEqual([200, 'Вы вышли из организации']);
    expect(await activeOf(s.employee)).toBe(await ownProfile(s.employee.userId, 'executor'));
    // He acts as it at once: his own profile answers, not a 403 for having none.
    expect(must(await d.api.get(s.employee, 'balance/get/token', {}), 'balance').profileId).toBe(await ownProfile(s.employee.userId, 'executor'));
  });

  it('falls back to his oldest own profile when the director removes him («Исключить»), before any other organisation of his', async () => {
    const other = await makeOrganization(d, 'ООО «Первое место работы»');
    const s = await makeOrganization(d, 'ООО «Исключающее»');
    const employee = await makeUserWithoutProfile(d.db);
    // A member of another organisation first (its id is older than his own profiles)…
    await join(other.director, other.organizationId, employee);
    // …then two own profiles, the executor one first.
    must(await d.api.call(employee, 'PUT', 'user/profile/update', { type: 'executor', name: 'Исполнитель Уволенный' }), 'executor');
    must(await d.api.call(employee, 'PUT', 'user/profile/update', { type: 'customer', name: 'Заказчик Уволенный' }), 'customer');
    const memberId = await join(s.director, s.organizationId, employee);
    await switchTo(employee, s.organizationId);
    const executorId = await ownProfile(employee.userId, 'executor');
    expect(executorId).toBeLessThan(await ownProfile(employee.userId, 'customer'));
    expect(other.organizationId).toBeLessThan(executorId);

    const removed = await d.api.call(s.director, 'DELETE', 'organization/employee/delete', { id: memberId });
    expect([removed.status, removed.body.message]).toEqual([200, 'Сотрудник исключён из организации']);
    expect(await activeOf(employee)).toBe(executorId);
  });

  it('falls back to another organisation he is a member of when he has no profile of his own, and to none without one', async () => {
    const first = await makeOrganization(d, 'ООО «Запасное»');
    const second = await makeOrganization(d, 'ООО «Основное»');
    const member = await makeUserWithoutProfile(d.db);
    const firstMemberId = await join(first.director, first.organizationId, member);
    const secondMemberId = await join(second.director, second.organizationId, member);
    await switchTo(member, second.organizationId);
    must(await d.api.call(second.director, 'DELETE', 'organization/employee/delete', { id: secondMemberId }), 'remove from second');
    expect(await activeOf(member)).toBe(first.organizationId);

    must(await d.api.call(member, 'DELETE', 'organization/employee/delete', { id: firstMemberId }), 'leave first');
    expect(await activeOf(member)).toBeNull();
  });

  it('keeps the active profile of a member who acts as another one', async () => {
    const s = await makeStaffed(d);
    const own = await ownProfile(s.employee.userId, 'executor');
    await switchTo(s.employee, own);
    must(await d.api.call(s.director, 'DELETE', 'organization/employee/delete', { id: s.employeeMemberId }), 'remove');
    expect(await activeOf(s.employee)).toBe(own);
  });
});

describe('the active profile after the organisation is deleted', () => {
  it('falls back, for the director and every member acting as it, to a profile of each one\'s own', async () => {
    const s = await makeStaffed(d, 'ООО «Закрывающееся»');
    const director = await makePerson(d.db, 'executor', 'Второй Руководитель');
    const created = must(await d.api.post(director, 'organization/create', { inn: freshInn(), name: 'ООО «Удаляемое»' }), 'create');
    const id = created.organization.id as number;
    await join(director, id, s.employee);
    await switchTo(s.employee, id);
    expect(await activeOf(director)).toBe(id);

    const deleted = await d.api.call(director, 'DELETE', 'organization/delete', { id });
    expect(deleted.status).toBe(200);
    expect(await activeOf(director)).toBe(director.profileId);
    // His own executor profile comes before the organisation he is still a member of.
    expect(await activeOf(s.employee)).toBe(await ownProfile(s.employee.userId, 'executor'));
    expect(await activeOf(s.director)).toBe(s.organizationId);
  });
});
