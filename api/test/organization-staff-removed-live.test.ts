/**
 * QA: when the director removed an employee, the removed one was told, but the other members' open
 * /lk/employee kept listing him until a reload (a member who left was told to the director alone).
 * The staff who remain hear it live, as the organisation (its staff page reloads on a notification).
 */
import { notificationEventSchema } from 'shared/contract';
import { makePerson, must, setupDealApp, type DealContext, type Person } from './deal-helpers';
import { lastInviteCode, makeStaffed } from './organization-helpers';
import { heardAtLeast, listeningApp } from './socket-helpers';

let d: DealContext;
const served = listeningApp(async () => (d = await setupDealApp()));

/** One more employee of the organisation, joined by invite: his membership id too. */
async function hire(director: Person, name: string): Promise<{ person: Person; memberId: number }> {
  const person = await makePerson(d.db, 'executor', name);
  must(await d.api.post(director, 'organization/employee/invite', { phone: person.phone }), 'invite');
  const approved = must(await d.api.post(person, 'user/invite/code/approve', { code: await lastInviteCode(d, person.phone) }), 'approve');
  return { person, memberId: approved.employee.id };
}

const staffNames = async (who: Person): Promise<string[]> =>
  (must(await d.api.get(who, 'organization/employee/get-collection', {}), 'staff').items as Array<{ name: string }>).map((e) => e.name).sort();

describe('an employee removed by the director', () => {
  it('is heard live by the other members (their staff pages reload with it), as the organisation; the director is not told of her own act', async () => {
    const s = await makeStaffed(d, 'ООО «Чистка»');
    const removed = await hire(s.director, 'Пётр Уходящий');
    const colleagueTab = await served.tab(s.employee);
    const removedTab = await served.tab(removed.person);
    const directorTab = await served.tab(s.director);

    must(await d.api.call(s.director, 'DELETE', 'organization/employee/delete', { id: removed.memberId }), 'remove');
    await heardAtLeast(colleagueTab.heard, 1);
    await heardAtLeast(removedTab.heard, 1);

    const message = 'Сотрудник исключён из организации ООО «Чистка»: Пётр Уходящий';
    expect(colleagueTab.heard).toHaveLength(1);
    expect(notificationEventSchema.parse(colleagueTab.heard[0])).toMatchObject({ message, link: '/lk/employee', profileId: s.organizationId });
    // Stored too, so a device that was off hears it in the bell.
    const stored = must(await d.api.get(s.employee, 'notification/get-collection', {}), 'notifications').items;
    expect(stored[0]).toMatchObject({ message, link: '/lk/employee', profileId: s.organizationId });
    // The removed one hears his own notice only, and the list the colleague reloads no longer has him.
    expect(removedTab.heard).toEqual([expect.objectContaining({ message: 'Руководитель исключил вас из организации ООО «Чистка». Её профиль вам больше недоступен' })]);
    expect(await staffNames(s.employee)).toEqual(['Руководитель Тестов', 'Сотрудник Тестов']);
    await new Promise((r) => setTimeout(r, 200));
    expect(directorTab.heard).toEqual([]);
  });
});

describe('an employee who leaves', () => {
  it('is heard live by the director and by the other members alike', async () => {
    const s = await makeStaffed(d, 'ООО «Уход»');
    const other = await hire(s.director, 'Ольга Остающаяся');
    const directorTab = await served.tab(s.director);
    const otherTab = await served.tab(other.person);

    must(await d.api.call(s.employee, 'DELETE', 'organization/employee/delete', { id: s.employeeMemberId }), 'leave');
    await heardAtLeast(directorTab.heard, 1);
    await heardAtLeast(otherTab.heard, 1);

    const message = 'Сотрудник покинул организацию ООО «Уход»: Сотрудник Тестов';
    for (const t of [directorTab, otherTab]) {
      expect(t.heard).toEqual([expect.objectContaining({ message, link: '/lk/employee', profileId: s.organizationId })]);
    }
  });
});
