/**
 * What QA found the organisation's members not told of, with real sockets:
 * - a hand-over reached the new director alone: the old director's other tabs and devices went on
 *   offering the director's actions (and their «Сохранить» answered 403), the other members' pages
 *   kept the old director;
 * - the director was not told of a member who left or an invite declined, and her staff page stayed
 *   stale until a reload;
 * - a withdrawn or replaced code answered «Приглашение не найдено»;
 * - a newcomer invited by SMS learnt neither where to go nor, once registered, of the invite;
 * - a removed employee leaving from his stale page was told «Выберите профиль».
 */
import { notificationEventSchema } from 'shared/contract';
import { lastSmsCode, makePerson, makeUserWithoutProfile, must, setupDealApp, uniquePhone, type DealContext, type Person } from './deal-helpers';
import { getJson } from './helpers';
import { lastInviteCode, makeOrganization, makeStaffed } from './organization-helpers';
import { heardAtLeast, listeningApp } from './socket-helpers';

let d: DealContext;
const served = listeningApp(async () => (d = await setupDealApp()));

/** The user's stored notifications, newest first. */
async function notices(who: Pick<Person, 'headers'>): Promise<Array<{ message: string; link: string | null; profileId: number | null }>> {
  return must(await d.api.get(who, 'notification/get-collection', {}), 'notifications').items;
}

/** One more employee of the organisation, joined by invite. */
async function hire(director: Person, name: string): Promise<Person> {
  const person = await makePerson(d.db, 'executor', name);
  must(await d.api.post(director, 'organization/employee/invite', { phone: person.phone }), 'invite');
  must(await d.api.post(person, 'user/invite/code/approve', { code: await lastInviteCode(d, person.phone) }), 'approve');
  return person;
}

describe('a hand-over of the directorship', () => {
  it('is heard live by every member: the old director (each of her tabs), the new one and the others, each reloading their profiles', async () => {
    const s = await makeStaffed(d, 'ООО «Эстафета»');
    const other = await hire(s.director, 'Ольга Третья');
    const [heir] = must(await d.api.get(s.director, 'organization/employee/get-collection', { query: 'Сотрудник Тестов' }), 'staff').items as Array<{ name: string }>;
    const oldDirectorTab = await served.tab(s.director);
    const oldDirectorOtherTab = await served.tab(s.director);
    const heirTab = await served.tab(s.employee);
    const otherTab = await served.tab(other);

    must(await d.api.post(s.director, 'organization/director/update', { id: s.employeeMemberId }), 'hand over');
    for (const t of [oldDirectorTab, oldDirectorOtherTab, heirTab, otherTab]) await heardAtLeast(t.heard, 1);

    const handedOver = `Вы передали руководство организацией ООО «Эстафета». Новый руководитель: ${heir!.name}`;
    for (const t of [oldDirectorTab, oldDirectorOtherTab]) {
      expect(t.heard).toHaveLength(1);
      expect(notificationEventSchema.parse(t.heard[0])).toMatchObject({ message: handedOver, link: '/lk/organization', profileId: s.organizationId, profilesChanged: true });
    }
    expect(heirTab.heard).toEqual([
      expect.objectContaining({ message: 'Вам передано руководство организацией ООО «Эстафета»', link: '/lk/organization', profilesChanged: true }),
    ]);
    expect(otherTab.heard).toEqual([
      expect.objectContaining({
        message: `Новый руководитель организации ООО «Эстафета»: ${heir!.name}`,
        link: '/lk/employee',
        profileId: s.organizationId,
        profilesChanged: true,
      }),
    ]);
    // Stored, so a device that was off hears of it in the bell.
    expect((await notices(s.director))[0]).toMatchObject({ message: handedOver, profileId: s.organizationId });
  });
});

describe('the director is told what a member or an invitee did', () => {
  it('a member who left: her tab hears it (her staff page reloads with it), as the organisation; the leaver is not told', async () => {
    const s = await makeStaffed(d, 'ООО «Проводы»');
    const directorTab = await served.tab(s.director);
    const leaverTab = await served.tab(s.employee);
    must(await d.api.call(s.employee, 'DELETE', 'organization/employee/delete', { id: s.employeeMemberId }), 'leave');
    await heardAtLeast(directorTab.heard, 1);

    const message = 'Сотрудник покинул организацию ООО «Проводы»: Сотрудник Тестов';
    expect(directorTab.heard).toEqual([expect.objectContaining({ message, link: '/lk/employee', profileId: s.organizationId })]);
    expect((await notices(s.director))[0]).toMatchObject({ message, link: '/lk/employee', profileId: s.organizationId });
    expect(leaverTab.heard).toEqual([]);
  });

  it('an invite declined: her tab hears it (her pending invites reload with it), as the organisation', async () => {
    const { director, organizationId } = await makeOrganization(d, 'ООО «Отказ»');
    const invitee = await makePerson(d.db, 'customer', 'Нина Отказова');
    must(await d.api.post(director, 'organization/employee/invite', { phone: invitee.phone }), 'invite');
    const directorTab = await served.tab(director);
    must(await d.api.post(invitee, 'user/invite/code/cancel', { code: await lastInviteCode(d, invitee.phone) }), 'decline');
    await heardAtLeast(directorTab.heard, 1);

    const message = 'Приглашение в организацию ООО «Отказ» отклонено: Нина Отказова';
    expect(directorTab.heard).toEqual([expect.objectContaining({ message, link: '/lk/employee', profileId: organizationId })]);
    expect((await notices(director))[0]).toMatchObject({ message, link: '/lk/employee', profileId: organizationId });
  });
});

describe('a code that no longer works', () => {
  it('withdrawn by the director: «Принять», «Отклонить» and the check say so (409), not «Приглашение не найдено»', async () => {
    const { director } = await makeOrganization(d, 'ООО «Отзыв»');
    const invitee = await makePerson(d.db, 'customer');
    const invite = must(await d.api.post(director, 'organization/employee/invite', { phone: invitee.phone }), 'invite');
    const code = await lastInviteCode(d, invitee.phone);
    // The offer is on his screen (checked) when the director withdraws it.
    must(await d.api.get(invitee, 'user/invite/code/check', { code }), 'check');
    must(await d.api.call(director, 'DELETE', 'organization/invite/delete', { id: invite.id }), 'withdraw');

    for (const [method, path] of [['POST', 'user/invite/code/approve'], ['POST', 'user/invite/code/cancel'], ['GET', 'user/invite/code/check']] as const) {
      const res = await d.api.call(invitee, method, path, { code });
      expect([path, res.status, res.body.code, res.body.message]).toEqual([path, 409, 'invite_withdrawn', 'Приглашение отозвано руководителем организации']);
    }
    // Anyone else still finds nothing: the code is bound to the invitee's phone.
    const stranger = await makePerson(d.db, 'customer');
    expect((await d.api.post(stranger, 'user/invite/code/approve', { code })).body).toMatchObject({ message: 'Приглашение не найдено' });
  });

  it('replaced by a new invite: the old code says so; the new one works', async () => {
    const { director } = await makeOrganization(d, 'ООО «Замена»');
    const invitee = await makePerson(d.db, 'customer');
    must(await d.api.post(director, 'organization/employee/invite', { phone: invitee.phone }), 'first');
    const old = await lastInviteCode(d, invitee.phone);
    must(await d.api.post(director, 'organization/employee/invite', { phone: invitee.phone }), 'second');

    const res = await d.api.post(invitee, 'user/invite/code/approve', { code: old });
    expect([res.status, res.body.code, res.body.message]).toEqual([
      409,
      'invite_replaced',
      'Код приглашения заменён новым: введите код из последнего СМС или попросите руководителя прислать новый',
    ]);
    expect((await d.api.post(invitee, 'user/invite/code/approve', { code: await lastInviteCode(d, invitee.phone) })).status).toBe(200);
  });

  it('declined by the invitee himself (another tab): said as declined, not withdrawn by the director', async () => {
    const { director } = await makeOrganization(d, 'ООО «Сам»');
    const invitee = await makePerson(d.db, 'customer');
    must(await d.api.post(director, 'organization/employee/invite', { phone: invitee.phone }), 'invite');
    const code = await lastInviteCode(d, invitee.phone);
    must(await d.api.post(invitee, 'user/invite/code/cancel', { code }), 'decline');
    const res = await d.api.post(invitee, 'user/invite/code/approve', { code });
    expect([res.status, res.body.code, res.body.message]).toEqual([409, 'invite_declined', 'Вы отклонили это приглашение. Если передумали, попросите руководителя прислать новое']);
  });
});

describe('a newcomer invited by SMS', () => {
  it('is told the site in the SMS, and once he registers with that phone, the invite is in his bell', async () => {
    const { director } = await makeOrganization(d, 'ООО «Новички»');
    const phone = uniquePhone();
    must(await d.api.post(director, 'organization/employee/invite', { phone }), 'invite');
    const [sms] = (await getJson(d.app, `/api/dev/sms?phone=${phone}`)).body.data.items as Array<{ text: string; code: string }>;
    expect(sms!.text).toBe(`Вас приглашают в организацию на площадке «Маркетплейс услуг». Код приглашения: ${sms!.code}, действует 7 дней. Введите его в разделе «Организации» личного кабинета.`);

    must(await d.api.post(null, 'register/code-receive/phone', { phone }), 'register code');
    must(await d.api.post(null, 'register/code-check/phone', { phone, code: await lastSmsCode(d.db, phone) }), 'register check');
    const registered = must(
      await d.api.post(null, 'register', { phone, name: 'Новый Сотрудник', password: 'Сложный-пароль-7', passwordConfirm: 'Сложный-пароль-7' }),
      'register',
    );
    const newcomer = { headers: { authorization: `Bearer ${registered.token}` } };
    expect(await notices(newcomer)).toEqual([
      expect.objectContaining({ message: 'Вас приглашают в организацию ООО «Новички». Код приглашения отправлен по СМС', link: '/lk/organization?invite' }),
    ]);
    // The code from that SMS takes him in.
    expect((await d.api.post(newcomer, 'user/invite/code/approve', { code: sms!.code })).status).toBe(200);
  });
});

describe('a removed employee leaving from his stale page', () => {
  it('is told he is no longer a member (403), not to choose a profile', async () => {
    // Without a profile of his own: removed, he falls back to none.
    const { director } = await makeOrganization(d, 'ООО «Бывший»');
    const member = await makeUserWithoutProfile(d.db);
    const phone = member.phone;
    must(await d.api.post(director, 'organization/employee/invite', { phone }), 'invite');
    const approved = must(await d.api.post(member, 'user/invite/code/approve', { code: await lastInviteCode(d, phone) }), 'approve');
    must(await d.api.call(member, 'PUT', 'user/profile/update', { id: approved.organization.id }), 'switch');
    must(await d.api.call(director, 'DELETE', 'organization/employee/delete', { id: approved.employee.id }), 'remove');

    const left = await d.api.call(member, 'DELETE', 'organization/employee/delete', { id: approved.employee.id });
    expect([left.status, left.body.message]).toEqual([403, 'Вы больше не состоите в организации']);
  });

  it('with a profile of his own to fall back to: the same answer', async () => {
    const s = await makeStaffed(d, 'ООО «Бывший-2»');
    must(await d.api.call(s.director, 'DELETE', 'organization/employee/delete', { id: s.employeeMemberId }), 'remove');
    const left = await d.api.call(s.employee, 'DELETE', 'organization/employee/delete', { id: s.employeeMemberId });
    expect([left.status, left.body.message]).toEqual([403, 'Вы больше не состоите в организации']);
  });
});
