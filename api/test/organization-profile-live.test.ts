/**
 * QA: a change of the active profile the server makes — an organisation created (made active), left
 * («Покинуть организацию») or deleted (its members fall back to a profile of their own) — reached
 * no other tab of the user: tab 2 kept saying «Профиль: Заказчик» while every call of it acted as
 * the new organisation (the requisites it added went to the organisation), and the director's
 * other tab stayed on the deleted organisation. Each is told to all the user's sockets now, as a
 * profile switch is (`user:changed`). So is what changes the profiles the members see: the
 * organisation renamed (their switchers), a new position (their staff pages).
 */
import { USER_CHANGED_EVENT } from 'shared/contract';
import { makePerson, must, setupDealApp, type DealContext, type Person } from './deal-helpers';
import { freshInn, lastInviteCode, makeStaffed } from './organization-helpers';
import { heardAtLeast, listeningApp } from './socket-helpers';

let d: DealContext;
const served = listeningApp(async () => (d = await setupDealApp()));

/** A tab of `who`, recording the `user:changed` events it hears. */
const tab = (who: Person) => served.tab(who, USER_CHANGED_EVENT);
const quiet = () => new Promise((r) => setTimeout(r, 200));
const activeOf = async (who: Person) => must(await d.api.get(who, 'user/get/token', {}), 'user').activeProfileId as number | null;

describe('a change of the active profile the server makes is told to every tab of the user', () => {
  it('an organisation created: the other tab hears it, and the user it then loads acts as the organisation', async () => {
    const person = await makePerson(d.db, 'customer', 'Анна Создательница');
    const stranger = await tab(await makePerson(d.db, 'customer', 'Посторонний Тестов'));
    const [first, second] = [await tab(person), await tab(person)];

    const created = must(await d.api.post(person, 'organization/create', { inn: freshInn(), name: 'ООО «Новая»' }), 'create');
    await heardAtLeast(second.heard, 1);
    await heardAtLeast(first.heard, 1);
    expect([first.heard.length, second.heard.length]).toEqual([1, 1]);
    expect(await activeOf(person)).toBe(created.organization.id);
    await quiet();
    expect(stranger.heard).toEqual([]);
  });

  it('an employee who leaves: his other tab hears it and falls back with the server', async () => {
    const s = await makeStaffed(d, 'ООО «Покидаемая»');
    const other = await tab(s.employee);
    must(await d.api.call(s.employee, 'DELETE', 'organization/employee/delete', { id: s.employeeMemberId }), 'leave');
    await heardAtLeast(other.heard, 1);
    expect(other.heard).toHaveLength(1);
    expect(await activeOf(s.employee)).not.toBe(s.organizationId);
  });

  it('an employee removed by the director: each of his tabs hears it', async () => {
    const s = await makeStaffed(d, 'ООО «Исключающая»');
    const employeeTab = await tab(s.employee);
    must(await d.api.call(s.director, 'DELETE', 'organization/employee/delete', { id: s.employeeMemberId }), 'remove');
    await heardAtLeast(employeeTab.heard, 1);
    expect(employeeTab.heard).toHaveLength(1);
  });

  it('an organisation deleted: the director\'s other tab hears it, and so does every member\'s', async () => {
    const s = await makeStaffed(d, 'ООО «Удаляемая»');
    const [directorTab, employeeTab] = [await tab(s.director), await tab(s.employee)];
    must(await d.api.call(s.director, 'DELETE', 'organization/delete', { id: s.organizationId }), 'delete');
    await heardAtLeast(directorTab.heard, 1);
    await heardAtLeast(employeeTab.heard, 1);
    expect([directorTab.heard.length, employeeTab.heard.length]).toEqual([1, 1]);
    expect(await activeOf(s.director)).not.toBe(s.organizationId);
  });

  it('an invite accepted: the new member\'s other tabs list the organisation', async () => {
    const s = await makeStaffed(d, 'ООО «Принимающая»');
    const newcomer = await makePerson(d.db, 'executor', 'Новый Сотрудник');
    must(await d.api.post(s.director, 'organization/employee/invite', { phone: newcomer.phone }), 'invite');
    const other = await tab(newcomer);
    must(await d.api.post(newcomer, 'user/invite/code/approve', { code: await lastInviteCode(d, newcomer.phone) }), 'approve');
    await heardAtLeast(other.heard, 1);
    expect(other.heard).toHaveLength(1);
  });
});

describe('a change of what the members see of the organisation is told to each of them', () => {
  it('a new position: the employee and the director hear it (their staff pages load it again), nobody else', async () => {
    const s = await makeStaffed(d, 'ООО «Должностная»');
    const stranger = await tab(await makePerson(d.db, 'executor', 'Посторонний Тестов'));
    const [directorTab, employeeTab] = [await tab(s.director), await tab(s.employee)];
    must(await d.api.call(s.director, 'PUT', 'organization/employee/update', { id: s.employeeMemberId, position: 'Главный инженер' }), 'position');
    await heardAtLeast(employeeTab.heard, 1);
    await heardAtLeast(directorTab.heard, 1);
    expect([directorTab.heard.length, employeeTab.heard.length]).toEqual([1, 1]);
    await quiet();
    expect(stranger.heard).toEqual([]);
  });

  it('the organisation renamed: every member hears it (their profile switchers load the new name), nobody else', async () => {
    const s = await makeStaffed(d, 'ООО «Старое имя»');
    const stranger = await tab(await makePerson(d.db, 'customer', 'Посторонний Тестов'));
    const [directorTab, employeeTab] = [await tab(s.director), await tab(s.employee)];
    must(await d.api.post(s.director, 'organization/update', { id: s.organizationId, name: 'ООО «Новое имя»' }), 'rename');
    await heardAtLeast(employeeTab.heard, 1);
    await heardAtLeast(directorTab.heard, 1);
    expect([directorTab.heard.length, employeeTab.heard.length]).toEqual([1, 1]);
    const profiles = must(await d.api.get(s.employee, 'user/profile/list', {}), 'profiles').items as Array<{ id: number; name: string }>;
    expect(profiles.find((p) => p.id === s.organizationId)?.name).toBe('ООО «Новое имя»');
    await quiet();
    expect(stranger.heard).toEqual([]);
  });

  it('a refused change tells nothing', async () => {
    const s = await makeStaffed(d, 'ООО «Отказная»');
    const employeeTab = await tab(s.employee);
    expect((await d.api.post(s.employee, 'organization/update', { id: s.organizationId, name: 'ООО «Захват»' })).status).toBe(403);
    expect((await d.api.call(s.employee, 'PUT', 'organization/employee/update', { id: s.employeeMemberId, position: 'Директор' })).status).toBe(403);
    await quiet();
    expect(employeeTab.heard).toEqual([]);
  });
});
