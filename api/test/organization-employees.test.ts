import { buildApp } from '../src/app';
import type { Db } from '../src/db';
import { employeesService } from '../src/modules/organization/employees-service';
import { loadCaller } from '../src/policy/caller';
import { testConfig } from '../src/config';
import { caller, makePerson, makeUserWithoutProfile, must, setupDealApp, uniquePhone, type DealContext } from './deal-helpers';
import { getJson } from './helpers';
import { freshInn, lastInviteCode, makeOrganization, makeStaffed } from './organization-helpers';

let d: DealContext;
beforeAll(async () => {
  d = await setupDealApp();
});
afterAll(async () => {
  await d.close();
});

describe('invites', () => {
  it('sends an 8-digit code by SMS (dev inbox, purpose invite), notifies a registered invitee, stores only a hash', async () => {
    const { director, organizationId } = await makeOrganization(d, 'ООО «Приглашающее»');
    const invitee = await makeUserWithoutProfile(d.db);
    const res = await d.api.post(director, 'organization/employee/invite', { phone: `+${invitee.phone}`, position: 'Инженер' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ phone: invitee.phone, position: 'Инженер', status: 'pending', live: true });
    const inbox = await getJson(d.app, `/api/dev/sms?phone=${invitee.phone}`);
    const sms = inbox.body.data.items[0];
    expect(sms).toMatchObject({ purpose: 'invite', code: expect.stringMatching(/^\d{8}$/) });
    // Not the organisation's name: its director's own text, which the platform's sender must not carry to a stranger.
    expect(sms.text).not.toContain('Приглашающее');
    const [stored] = await d.db.query<{ code_hash: string }>('select code_hash from organization_invites where organization_id = $1', [organizationId]);
    expect(stored!.code_hash).not.toContain(sms.code);
    const notes = must(await d.api.get(invitee, 'notification/get-collection', {}), 'notifications');
    expect(notes.items[0].message).toBe('Вас приглашают в организацию ООО «Приглашающее». Код приглашения отправлен по СМС');
    // It opens the dialog where the code goes.
    expect(notes.items[0].link).toBe('/lk/organization?invite');

    const check = await d.api.get(invitee, 'user/invite/code/check', { code: sms.code });
    expect(check.status).toBe(200);
    expect(check.body.data).toMatchObject({ organization: { id: organizationId, name: 'ООО «Приглашающее»' }, position: 'Инженер' });

    const approved = await d.api.post(invitee, 'user/invite/code/approve', { code: sms.code });
    expect(approved.status).toBe(200);
    expect(approved.body.data.employee).toMatchObject({ userId: invitee.userId, position: 'Инженер', director: false });
    // Used: a second approve says he accepted it already, and the membership is not doubled.
    const again = await d.api.post(invitee, 'user/invite/code/approve', { code: sms.code });
    expect([again.status, again.body.code, again.body.message]).toEqual([409, 'invite_accepted', 'Вы уже приняли это приглашение и состоите в организации']);
    const [{ n }] = (await d.db.query<{ n: number }>('select count(*)::int as n from organization_members where organization_id = $1', [organizationId])) as [{ n: number }];
    expect(n).toBe(2);
    // The director hears of it, in words that do not guess the invitee's gender, as the
    // organisation (its employees page is the organisation's, whichever profile he has active).
    const directorNotes = must(await d.api.get(director, 'notification/get-collection', {}), 'notifications');
    expect(directorNotes.items[0]).toMatchObject({ message: `Приглашение в организацию ООО «Приглашающее» принято: Без Профиля`, link: '/lk/employee', profileId: organizationId });
    const list = must(await d.api.get(invitee, 'user/profile/list', {}), 'profiles');
    // He acted for no profile: the organisation is his active one now (QA L O-4; it stayed to be chosen before).
    expect(list.items).toEqual([expect.objectContaining({ id: organizationId, role: 'employee', active: true })]);
  });

  it('answers 404 to anyone but the invitee, 409 once expired, and lets the invitee decline', async () => {
    const { director } = await makeOrganization(d);
    const invitee = await makePerson(d.db, 'customer');
    must(await d.api.post(director, 'organization/employee/invite', { phone: invitee.phone }), 'invite');
    const code = await lastInviteCode(d, invitee.phone);
    const stranger = await makePerson(d.db, 'customer');
    for (const [method, path] of [['GET', 'user/invite/code/check'], ['POST', 'user/invite/code/approve'], ['POST', 'user/invite/code/cancel']] as const) {
      const res = await d.api.call(stranger, method, path, { code });
      expect([path, res.status, res.body.message]).toEqual([path, 404, 'Приглашение не найдено']);
    }
    expect((await d.api.call(director, 'POST', 'user/invite/code/approve', { code })).status).toBe(404);
    const declined = await d.api.post(invitee, 'user/invite/code/cancel', { code });
    expect(declined.status).toBe(200);
    // Declined: said so to the invitee (409), not «не найдено» nor «отозвано».
    const after = await d.api.get(invitee, 'user/invite/code/check', { code });
    expect([after.status, after.body.code]).toEqual([409, 'invite_declined']);

    must(await d.api.post(director, 'organization/employee/invite', { phone: invitee.phone }), 'invite again');
    const fresh = await lastInviteCode(d, invitee.phone);
    await d.db.query(`update organization_invites set expires_at = now() - interval '1 minute' where phone = $1 and status = 'pending'`, [invitee.phone]);
    const expired = await d.api.post(invitee, 'user/invite/code/approve', { code: fresh });
    expect(expired.status).toBe(409);
    expect(expired.body.message).toMatch(/Срок действия приглашения истёк/);
  });

  it('lets the director list and withdraw pending invites; a new invite replaces the old code', async () => {
    const { director } = await makeOrganization(d);
    const invitee = await makePerson(d.db, 'customer');
    must(await d.api.post(director, 'organization/employee/invite', { phone: invitee.phone }), 'first');
    const first = await lastInviteCode(d, invitee.phone);
    const second = must(await d.api.post(director, 'organization/employee/invite', { phone: invitee.phone }), 'second');
    // The old code is answered for what it is now: replaced (not «Приглашение не найдено»).
    const replaced = await d.api.get(invitee, 'user/invite/code/check', { code: first });
    expect([replaced.status, replaced.body.code, replaced.body.message]).toEqual([
      409,
      'invite_replaced',
      'Код приглашения заменён новым: введите код из последнего СМС или попросите руководителя прислать новый',
    ]);
    const invites = must(await d.api.get(director, 'organization/invite/get-collection', {}), 'list');
    // The director's list says who closed each: the first code was replaced by the second.
    expect(invites.items.map((i: { status: string; closedBy: string | null }) => [i.status, i.closedBy])).toEqual([
      ['pending', null],
      ['cancelled', 'reinvite'],
    ]);
    // The invitee is told the first code is void, not sent a second notification like the first.
    const notes = must(await d.api.get(invitee, 'notification/get-collection', {}), 'notifications');
    expect(notes.items.map((n: { message: string }) => n.message)).toEqual([
      'Вас снова приглашают в организацию ООО «Тест». Прежний код больше не действует, новый отправлен по СМС',
      'Вас приглашают в организацию ООО «Тест». Код приглашения отправлен по СМС',
    ]);
    const withdrawn = await d.api.call(director, 'DELETE', 'organization/invite/delete', { id: second.id });
    expect(withdrawn.status).toBe(200);
    expect([withdrawn.body.data.status, withdrawn.body.data.closedBy]).toEqual(['cancelled', 'director']);
    const gone = await d.api.get(invitee, 'user/invite/code/check', { code: await lastInviteCode(d, invitee.phone) });
    expect([gone.status, gone.body.code, gone.body.message]).toEqual([409, 'invite_withdrawn', 'Приглашение отозвано руководителем организации']);
  });

  it('one who had no profile acts for the organisation he joins; one who had keeps his (QA L O-4)', async () => {
    const { director, organizationId } = await makeOrganization(d, 'ООО «Первый Профиль»');
    const newcomer = await makeUserWithoutProfile(d.db);
    must(await d.api.post(director, 'organization/employee/invite', { phone: newcomer.phone }), 'invite');
    must(await d.api.post(newcomer, 'user/invite/code/approve', { code: await lastInviteCode(d, newcomer.phone) }), 'approve');
    const active = async (userId: number) => (await d.db.query<{ id: number | null }>('select active_profile_id as id from users where id = $1', [userId]))[0]!.id;
    expect(await active(newcomer.userId)).toBe(organizationId);

    const executor = await makePerson(d.db, 'executor', 'Свой Профиль');
    must(await d.api.post(director, 'organization/employee/invite', { phone: executor.phone }), 'invite');
    must(await d.api.post(executor, 'user/invite/code/approve', { code: await lastInviteCode(d, executor.phone) }), 'approve');
    expect(await active(executor.userId)).toBe(executor.profileId);
  });

  it('a withdrawal of an invite closed meanwhile says what became of it (QA L-5)', async () => {
    const { director } = await makeOrganization(d, 'ООО «Поздний Отзыв»');
    const withdrawOnce = async (id: number) => {
      const res = await d.api.call(director, 'DELETE', 'organization/invite/delete', { id });
      return [res.status, res.body.message];
    };
    const accepting = await makePerson(d.db, 'executor', 'Пётр Работников');
    const accepted = must(await d.api.post(director, 'organization/employee/invite', { phone: accepting.phone }), 'invite');
    must(await d.api.post(accepting, 'user/invite/code/approve', { code: await lastInviteCode(d, accepting.phone) }), 'approve');
    expect(await withdrawOnce(accepted.id)).toEqual([409, 'Приглашение уже принято: Пётр Работников теперь сотрудник организации']);

    const declining = await makePerson(d.db, 'executor', 'Семён Отказов');
    const declined = must(await d.api.post(director, 'organization/employee/invite', { phone: declining.phone }), 'invite');
    must(await d.api.post(declining, 'user/invite/code/cancel', { code: await lastInviteCode(d, declining.phone) }), 'decline');
    expect(await withdrawOnce(declined.id)).toEqual([409, 'Приглашение уже отклонено']);

    const first = must(await d.api.post(director, 'organization/employee/invite', { phone: uniquePhone() }), 'invite');
    expect((await d.api.call(director, 'DELETE', 'organization/invite/delete', { id: first.id })).status).toBe(200);
    expect(await withdrawOnce(first.id)).toEqual([409, 'Приглашение уже отозвано']);
  });

  it('refuses to invite a member (409) and lets only the director invite (403)', async () => {
    const s = await makeStaffed(d);
    const again = await d.api.post(s.director, 'organization/employee/invite', { phone: s.employee.phone });
    expect(again.status).toBe(409);
    const byEmployee = await d.api.post(s.employee, 'organization/employee/invite', { phone: '79990001122' });
    expect(byEmployee.status).toBe(403);
    expect(byEmployee.body.message).toBe('Это может сделать только руководитель организации');
  });
});

describe('invite limits', () => {
  it("use a bucket of their own: inviting a phone again and again leaves its owner's registration and recovery codes alone", async () => {
    // The default limits (5 codes an hour per phone) on the same database, at a fixed time: one rate window.
    const at = Date.now();
    const app = await buildApp({ config: testConfig(), db: d.db, logger: false, now: () => at });
    try {
      const { director } = await makeOrganization(d, 'ООО «Настойчивое»');
      const invitee = await makePerson(d.db, 'customer');
      const stranger = uniquePhone();
      const send = (url: string, payload: object, headers: Record<string, string> = {}) =>
        app.inject({ method: 'POST', url: `/api/${url}`, payload, headers, remoteAddress: '10.7.7.1' });
      for (const phone of [invitee.phone, stranger]) {
        for (let i = 0; i < 5; i++) expect((await send('organization/employee/invite', { phone }, director.headers)).statusCode).toBe(200);
        const refused = await send('organization/employee/invite', { phone }, director.headers);
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toEqual({ code: 'rate_limited', message: expect.stringMatching(/^Слишком много приглашений на этот номер. Попробуйте через \d+ (секунд[уы]?|минут[уы]?)$/) });
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      }
      // The invitees' own codes still go out.
      expect((await send('user/password/recovery/send/sms', { phone: invitee.phone })).statusCode).toBe(200);
      expect((await send('register/code-receive/phone', { phone: stranger })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('invite SMS abuse', () => {
  it("carries none of the organisation's name, whatever its director calls it", async () => {
    const { director, organizationId } = await makeOrganization(d, 'ООО «Тест»');
    const bait = 'Сбербанк». Ваша карта заблокирована! Срочно: https://sber-help.example/unlock или звоните +7 900 000-00-00. «';
    must(await d.api.post(director, 'organization/update', { id: organizationId, name: bait }), 'rename');
    const phone = uniquePhone();
    must(await d.api.post(director, 'organization/employee/invite', { phone }), 'invite');
    const [sms] = (await getJson(d.app, `/api/dev/sms?phone=${phone}`)).body.data.items;
    expect(sms.text).toMatch(/^Вас приглашают в организацию на площадке «Маркетплейс услуг». Код приглашения: \d{8}, действует 7 дней\. Введите его в разделе «Организации» личного кабинета\.$/);
    // The bait's phone as written: a bare «900» may be part of the random 8-digit code.
    expect(sms.text).not.toMatch(/Сбербанк|https?:|\+7 900/);
  });

  it('a director hiring a team takes nothing from his address’s SMS budget: 25 invites from one office pass', async () => {
    // The default limits (20 SMS an hour per IP) but the installation's, which other tests share.
    const office = await buildApp({ config: testConfig(), db: d.db, logger: false, auth: { limits: { smsGlobal: { max: 1_000_000, windowSeconds: 1 } } } });
    try {
      const o: DealContext = { ...d, app: office, api: caller(office) };
      const { director } = await makeOrganization(o, 'ООО «Бригада»');
      const statuses: number[] = [];
      for (let i = 0; i < 25; i++) statuses.push((await o.api.post(director, 'organization/employee/invite', { phone: uniquePhone() })).status);
      expect(statuses).toEqual(Array(25).fill(200));
    } finally {
      await office.close();
    }
  });

  it('one user sends at most 50 invites a day, however many organisations he makes', async () => {
    const { director } = await makeOrganization(d, 'ООО «Первая»');
    for (let i = 0; i < 50; i++) expect((await d.api.post(director, 'organization/employee/invite', { phone: uniquePhone() })).status).toBe(200);
    // A second organisation of his (made active) has its own bucket, but he has spent his.
    must(await d.api.post(director, 'organization/create', { inn: freshInn(), name: 'ООО «Вторая»' }), 'second organisation');
    const refused = await d.api.post(director, 'organization/employee/invite', { phone: uniquePhone() });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ code: 'rate_limited', message: expect.stringMatching(/^Слишком много приглашений. Попробуйте через /) });
    // Another director is not held by his spending.
    const other = await makeOrganization(d, 'ООО «Другая»');
    expect((await d.api.post(other.director, 'organization/employee/invite', { phone: uniquePhone() })).status).toBe(200);
  });
});

/** A new person invited by the director under `position`, who accepts. */
async function hireInto(director: Awaited<ReturnType<typeof makeOrganization>>['director'], name: string, position: string) {
  const person = await makePerson(d.db, 'executor', name);
  must(await d.api.post(director, 'organization/employee/invite', { phone: person.phone, position }), 'invite');
  must(await d.api.post(person, 'user/invite/code/approve', { code: await lastInviteCode(d, person.phone) }), 'approve');
  return person;
}

describe('employees', () => {
  it('lists members with search over name, phone and position; the director updates a position', async () => {
    const s = await makeStaffed(d, 'ООО «Список»');
    const all = must(await d.api.get(s.employee, 'organization/employee/get-collection', {}), 'all');
    expect(all.total).toBe(2);
    expect(all.items[0]).toMatchObject({ userId: s.director.userId, director: true });
    expect(all.items[1]).toMatchObject({ id: s.employeeMemberId, userId: s.employee.userId, phone: s.employee.phone, position: 'Прораб', director: false });
    const byPosition = must(await d.api.get(s.director, 'organization/employee/get-collection', { query: 'проР' }), 'position');
    expect(byPosition.items.map((e: { userId: number }) => e.userId)).toEqual([s.employee.userId]);
    const byPhone = must(await d.api.get(s.director, 'organization/employee/get-collection', { query: s.employee.phone.slice(-6) }), 'phone');
    expect(byPhone.items.map((e: { userId: number }) => e.userId)).toEqual([s.employee.userId]);
    // As a phone is written: «8 999 123-45-67», «+7 (999) 123-45-67», «89991234567».
    const p = s.employee.phone;
    for (const typed of [`8 ${p.slice(1, 4)} ${p.slice(4, 7)}-${p.slice(7, 9)}-${p.slice(9)}`, `+7 (${p.slice(1, 4)}) ${p.slice(4, 7)}-${p.slice(7, 9)}-${p.slice(9)}`, `8${p.slice(1)}`]) {
      const found = must(await d.api.get(s.director, 'organization/employee/get-collection', { query: typed }), typed);
      expect([typed, found.items.map((e: { userId: number }) => e.userId)]).toEqual([typed, [s.employee.userId]]);
    }
    const byName = must(await d.api.get(s.director, 'organization/employee/get-collection', { query: 'Руководитель' }), 'name');
    expect(byName.items.map((e: { userId: number }) => e.userId)).toEqual([s.director.userId]);

    const updated = await d.api.call(s.director, 'PUT', 'organization/employee/update', { id: s.employeeMemberId, position: 'Главный инженер' });
    expect(updated.status).toBe(200);
    expect(updated.body.data.position).toBe('Главный инженер');
    expect((await d.api.call(s.employee, 'PUT', 'organization/employee/update', { id: s.employeeMemberId, position: 'Директор' })).status).toBe(403);
  });

  it('finds employees by name and position whether е or ё is typed or stored, and by phone as before', async () => {
    const { director } = await makeOrganization(d, 'ООО «Ёлочка»');
    const hire = (name: string, position: string) => hireInto(director, name, position);
    const petr = await hire('Пётр Сотрудников', 'Ведущий инженер');
    const semen = await hire('Семен Ежов', 'Монтёр');
    const found = async (query: string) =>
      must(await d.api.get(director, 'organization/employee/get-collection', { query }), query).items.map((e: { userId: number }) => e.userId);
    // ё stored, е typed, and the other way round; case does not matter either.
    expect(await found('петр')).toEqual([petr.userId]);
    expect(await found('ПЁТР')).toEqual([petr.userId]);
    expect(await found('Семён')).toEqual([semen.userId]);
    expect(await found('монтер')).toEqual([semen.userId]);
    expect(await found('монтёр')).toEqual([semen.userId]);
    // The position and the phone are still searched; the total counts the same matches.
    expect(await found('инжен')).toEqual([petr.userId]);
    expect(await found(petr.phone.slice(-7))).toEqual([petr.userId]);
    const counted = must(await d.api.get(director, 'organization/employee/get-collection', { query: 'сотрудников' }), 'total');
    expect([counted.total, counted.items.length]).toEqual([1, 1]);
  });

  it('finds an employee by the words of his name in any order, and by name and position together (QA BAB-3)', async () => {
    const { director } = await makeOrganization(d, 'ООО «Порядок слов»');
    const hire = (name: string, position: string) => hireInto(director, name, position);
    const orlov = await hire('Николай Орлов', 'Прораб');
    const ezhov = await hire('Семён Ежов', 'Монтёр');
    const found = async (query: string) => {
      const page = must(await d.api.get(director, 'organization/employee/get-collection', { query }), query);
      expect(page.total).toBe(page.items.length);
      return page.items.map((e: { userId: number }) => e.userId);
    };
    expect(await found('Николай Орлов')).toEqual([orlov.userId]);
    expect(await found('Орлов Николай')).toEqual([orlov.userId]);
    expect(await found('  орлов   НИК ')).toEqual([orlov.userId]);
    expect(await found('Ежов монтер')).toEqual([ezhov.userId]);
    // Every word is to be found in one employee: the words of two find neither.
    expect(await found('Орлов Ежов')).toEqual([]);
  });

  it('lists the director first, then the employees by name with Ё as Е', async () => {
    const { director } = await makeOrganization(d, 'ООО «Алфавит»');
    for (const name of ['Яковлев Иван', 'Ёлкин Семён', 'Аксенов Пётр', 'ежов Олег']) {
      const person = await makePerson(d.db, 'executor', name);
      must(await d.api.post(director, 'organization/employee/invite', { phone: person.phone }), 'invite');
      must(await d.api.post(person, 'user/invite/code/approve', { code: await lastInviteCode(d, person.phone) }), 'approve');
    }
    const list = must(await d.api.get(director, 'organization/employee/get-collection', {}), 'list');
    expect(list.items.map((e: { name: string }) => e.name)).toEqual(['Руководитель Тестов', 'Аксенов Пётр', 'ежов Олег', 'Ёлкин Семён', 'Яковлев Иван']);
    // ARCHITECTURE §3's sort (QA OOO-2): by name either way, or by joining; the director first.
    const names = async (sort: Record<string, string>) =>
      must(await d.api.get(director, 'organization/employee/get-collection', sort), 'sorted').items.map((e: { name: string }) => e.name);
    expect(await names({ attributeSort: 'name', typeSort: 'desc' })).toEqual(['Руководитель Тестов', 'Яковлев Иван', 'Ёлкин Семён', 'ежов Олег', 'Аксенов Пётр']);
    expect(await names({ attributeSort: 'id', typeSort: 'asc' })).toEqual(['Руководитель Тестов', 'Яковлев Иван', 'Ёлкин Семён', 'Аксенов Пётр', 'ежов Олег']);
    const bad = await d.api.get(director, 'organization/employee/get-collection', { attributeSort: 'phone' });
    expect(bad.status).toBe(422);
  });

  it('removes an employee (he falls back to his own profile); never the director; an employee may leave', async () => {
    const s = await makeStaffed(d);
    const directorRow = must(await d.api.get(s.director, 'organization/employee/get-collection', {}), 'list').items[0];
    const keep = await d.api.call(s.director, 'DELETE', 'organization/employee/delete', { id: directorRow.id });
    expect([keep.status, keep.body.message]).toEqual([409, 'Руководителя нельзя исключить из организации: сначала передайте руководство другому сотруднику']);
    // An employee may remove nobody but himself: the director is not his to remove (403, as every
    // director-only call), not a 409 that would have him hand over a leadership he does not hold.
    const byEmployee = await d.api.call(s.employee, 'DELETE', 'organization/employee/delete', { id: directorRow.id });
    expect([byEmployee.status, byEmployee.body.message]).toEqual([403, 'Это может сделать только руководитель организации']);
    const removed = await d.api.call(s.director, 'DELETE', 'organization/employee/delete', { id: s.employeeMemberId });
    expect(removed.status).toBe(200);
    expect((await d.api.get(s.employee, 'organization/get/profile', {})).status).toBe(403);
    const [{ a, own }] = (await d.db.query<{ a: number | null; own: number }>(
      `select active_profile_id as a, (select id from profiles where user_id = u.id and type = 'executor') as own from users u where id = $1`,
      [s.employee.userId],
    )) as [{ a: number | null; own: number }];
    expect(a).toBe(own);
    // Alone now, she is not sent to hand over to «другому сотруднику» there is none of (QA L-6).
    const alone = await d.api.call(s.director, 'DELETE', 'organization/employee/delete', { id: directorRow.id });
    expect([alone.status, alone.body.message]).toEqual([409, 'Руководителя нельзя исключить из организации: сначала пригласите сотрудника и передайте руководство ему']);

    const t = await makeStaffed(d);
    const left = await d.api.call(t.employee, 'DELETE', 'organization/employee/delete', { id: t.employeeMemberId });
    expect(left.status).toBe(200);
    expect(left.body.message).toBe('Вы вышли из организации');
  });

  it('hands the organisation over: the old director stays an employee and cannot manage any more', async () => {
    const s = await makeStaffed(d, 'ООО «Передача»');
    const res = await d.api.post(s.director, 'organization/director/update', { id: s.employeeMemberId });
    expect(res.status).toBe(200);
    expect(res.body.data.director).toMatchObject({ userId: s.employee.userId, director: true });
    expect(res.body.data.previous).toMatchObject({ userId: s.director.userId, director: false });
    const [owner] = await d.db.query<{ user_id: number }>('select user_id from profiles where id = $1', [s.organizationId]);
    expect(owner!.user_id).toBe(s.employee.userId);

    const profile = must(await d.api.get(s.director, 'organization/get/profile', {}), 'old director');
    expect(profile).toMatchObject({ role: 'employee', director: { userId: s.employee.userId } });
    expect((await d.api.post(s.director, 'organization/update', { id: s.organizationId, name: 'ООО «Назад»' })).status).toBe(403);
    expect((await d.api.post(s.director, 'organization/director/update', { id: s.employeeMemberId })).status).toBe(403);
    expect((await d.api.post(s.director, 'organization/employee/invite', { phone: '79990003344' })).status).toBe(403);
    // The new director manages: renames the organisation.
    expect((await d.api.post(s.employee, 'organization/update', { id: s.organizationId, name: 'ООО «Вперёд»' })).status).toBe(200);
  });

  it('a hand-over to an employee removed meanwhile says he is gone, as a removal that came first does, and changes nothing (QA W-3)', async () => {
    const s = await makeStaffed(d, 'ООО «Передача на ходу»');
    // The removal commits between the service's check of the member and its transaction.
    const removingFirst: Db = {
      ...d.db,
      transaction: async (fn) => {
        await d.db.query('delete from organization_members where id = $1', [s.employeeMemberId]);
        return d.db.transaction(fn);
      },
    };
    const caller = (await loadCaller(d.db, { userId: s.director.userId, sessionId: 'test' }))!;
    await expect(employeesService({ db: removingFirst }).handOver(caller, s.employeeMemberId)).rejects.toMatchObject({
      statusCode: 409,
      code: 'employee_changed',
      message: 'Сотрудник не найден',
    });
    const [owner] = await d.db.query<{ user_id: number }>('select user_id from profiles where id = $1', [s.organizationId]);
    expect(owner!.user_id).toBe(s.director.userId);
    expect(must(await d.api.get(s.director, 'organization/get/profile', {}), 'director')).toMatchObject({ role: 'director' });
  });
});
