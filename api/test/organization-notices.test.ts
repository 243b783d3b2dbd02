/**
 * A member whom the director's action concerns is told, and his open tabs reload his profiles:
 * removed from the organisation, the organisation deleted, made its director. Before, a removed
 * employee's tab went on acting for the organisation until a reload, and its next action failed
 * with a reason that did not say why («Откликаться на заявки могут исполнители и организации»).
 */
import { notificationEventSchema } from 'shared/contract';
import { applicationIn, makePerson, must, setupDealApp, type DealContext, type Person } from './deal-helpers';
import { makeStaffed } from './organization-helpers';
import { heardAtLeast, listeningApp } from './socket-helpers';

let d: DealContext;
const served = listeningApp(async () => (d = await setupDealApp()));

/** The user's stored notifications, newest first. */
async function notices(who: Person): Promise<Array<{ message: string; link: string | null }>> {
  return must(await d.api.get(who, 'notification/get-collection', {}), 'notifications').items;
}

describe('membership notices', () => {
  it('tells a removed employee, with profilesChanged on the event (not stored); one who leaves is not told', async () => {
    const s = await makeStaffed(d, 'ООО «Исключение»');
    const employeeTab = await served.tab(s.employee);
    const directorTab = await served.tab(s.director);
    must(await d.api.call(s.director, 'DELETE', 'organization/employee/delete', { id: s.employeeMemberId }), 'remove');
    await heardAtLeast(employeeTab.heard, 1);

    const message = 'Руководитель исключил вас из организации ООО «Исключение». Её профиль вам больше недоступен';
    expect(employeeTab.heard).toHaveLength(1);
    const event = notificationEventSchema.parse(employeeTab.heard[0]);
    expect(event).toMatchObject({ message, link: '/lk/profile', profilesChanged: true });
    expect((await notices(s.employee))[0]).toEqual(expect.objectContaining({ message, link: '/lk/profile' }));
    expect((await notices(s.employee))[0]).not.toHaveProperty('profilesChanged');
    expect(directorTab.heard).toEqual([]);

    const t = await makeStaffed(d, 'ООО «Уход»');
    const before = (await notices(t.employee)).length;
    const leaverTab = await served.tab(t.employee);
    must(await d.api.call(t.employee, 'DELETE', 'organization/employee/delete', { id: t.employeeMemberId }), 'leave');
    await new Promise((r) => setTimeout(r, 200));
    expect(leaverTab.heard).toEqual([]);
    expect(await notices(t.employee)).toHaveLength(before);
  });

  it("takes the organisation's notices from a member removed from it (one who leaves goes the same way): they lead where he may no longer go (QA J-6)", async () => {
    const s = await makeStaffed(d, 'ООО «Доступ»');
    const customer = await makePerson(d.db, 'customer');
    const replier = await makePerson(d.db, 'executor');
    // Named on a deal, the organisation's members are told, each under the organisation's profile.
    await applicationIn(d, 'executor_named', { customer, executor: s.director, replier });
    const ofOrganization = async (who: Person) => (await notices(who)).filter((n) => (n as { profileId?: number | null }).profileId === s.organizationId);
    expect(await ofOrganization(s.employee)).not.toHaveLength(0);
    const directorsBefore = (await ofOrganization(s.director)).length;
    expect(directorsBefore).toBeGreaterThan(0);

    must(await d.api.call(s.director, 'DELETE', 'organization/employee/delete', { id: s.employeeMemberId }), 'remove');

    expect(await ofOrganization(s.employee)).toEqual([]);
    // His bell counts only what is left: the removal itself first among them.
    const list = must(await d.api.get(s.employee, 'notification/get-collection', {}), 'notifications');
    expect(list.items[0].message).toBe('Руководитель исключил вас из организации ООО «Доступ». Её профиль вам больше недоступен');
    expect(list.unread).toBe(list.items.filter((n: { read: boolean }) => !n.read).length);
    // The director keeps hers (and is told of the removal).
    expect((await ofOrganization(s.director)).length).toBeGreaterThanOrEqual(directorsBefore);
  });

  it('tells the employees of a deleted organisation, and the new director of a hand-over', async () => {
    const s = await makeStaffed(d, 'ООО «Закрытие»');
    const employeeTab = await served.tab(s.employee);
    must(await d.api.call(s.director, 'DELETE', 'organization/delete', { id: s.organizationId }), 'delete');
    await heardAtLeast(employeeTab.heard, 1);
    expect(employeeTab.heard).toEqual([
      expect.objectContaining({ message: 'Организация ООО «Закрытие» удалена руководителем. Её профиль вам больше недоступен', link: '/lk/profile', profilesChanged: true }),
    ]);

    const h = await makeStaffed(d, 'ООО «Смена»');
    const heirTab = await served.tab(h.employee);
    must(await d.api.post(h.director, 'organization/director/update', { id: h.employeeMemberId }), 'hand over');
    await heardAtLeast(heirTab.heard, 1);
    expect(heirTab.heard).toEqual([
      expect.objectContaining({ message: 'Вам передано руководство организацией ООО «Смена»', link: '/lk/organization', profilesChanged: true }),
    ]);
  });
});
