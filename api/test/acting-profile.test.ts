import { completeFields, makePerson, makeUserWithoutProfile, must, SAMPLE_PDF, setupDealApp, type DealContext, type Person } from './deal-helpers';
import { facilityFields } from './cabinet-helpers';
import { freshInn, lastInviteCode, makeOrganization, makeStaffed } from './organization-helpers';

/**
 * QA RR-1: the active profile is the user's, so a tab that has not yet heard of a switch made in
 * another tab would write as the other profile. A write sent with `X-Profile-Id` (the profile the
 * tab shows) is refused with 409 `profile_changed` when that is not the active one, and does nothing.
 */
let d: DealContext;
beforeAll(async () => {
  d = await setupDealApp();
});
afterAll(async () => {
  await d.close();
});

const as = (who: Pick<Person, 'headers'>, profileId: number | string) => ({ headers: { ...who.headers, 'x-profile-id': String(profileId) } });
const changed = (now: string) => `Активный профиль сменился в другой вкладке или на другом устройстве: ${now}. Проверьте, от чьего имени вы действуете, и повторите.`;
const count = async (sql: string, params: unknown[]) => Number((await d.db.query<{ n: string }>(`select count(*) as n ${sql}`, params))[0]!.n);

/** A customer who also has an executor profile, the executor one active now (switched in another tab). */
async function switchedToExecutor() {
  const customer = await makePerson(d.db, 'customer', 'Анна Двойная');
  const executorProfile = must(await d.api.call(customer, 'PUT', 'user/profile/update', { type: 'executor', name: 'Анна Исполнитель' }), 'executor').profile.id as number;
  return { customer, executorProfile };
}

describe('a write sent as a profile that is not the active one', () => {
  it('is refused with 409 profile_changed naming the active profile, and nothing is written', async () => {
    const { customer, executorProfile } = await switchedToExecutor();
    const before = await count('from applications where customer_profile_id = $1', [customer.profileId]);
    const res = await d.api.call(as(customer, customer.profileId), 'POST', 'application/create', await completeFields(d.db));
    expect([res.status, res.body.code, res.body.message]).toEqual([409, 'profile_changed', changed('сейчас «Исполнитель»')]);
    expect(await count('from applications where customer_profile_id in ($1, $2)', [customer.profileId, executorProfile])).toBe(before);
  });

  it('a reply written for the organisation is not sent as the employee’s own profile (the report’s repro A)', async () => {
    const s = await makeStaffed(d, 'ООО «СтройИнвест Тест»');
    const customer = await makePerson(d.db, 'customer');
    const app = must(await d.api.post(customer, 'application/create', await completeFields(d.db)), 'create');
    // Another tab of the employee switched back to his own executor profile.
    must(await d.api.call(s.employee, 'PUT', 'user/profile/update', { type: 'executor' }), 'switch');
    const res = await d.api.post(as(s.employee, s.organizationId), 'application/reply/send', { id: app.id, comment: 'Отклик сотрудника' });
    expect([res.status, res.body.code, res.body.message]).toEqual([409, 'profile_changed', changed('сейчас «Исполнитель»')]);
    expect(await count('from application_replies where application_id = $1', [app.id])).toBe(0);
    // Sent again as the profile active now, it goes.
    const own = must(await d.api.get(s.employee, 'user/get/token', {}), 'user').activeProfileId as number;
    expect((await d.api.post(as(s.employee, own), 'application/reply/send', { id: app.id, comment: 'Отклик сотрудника' })).status).toBe(200);
  });

  it('names the organisation when it is the active one now, its own quotes not doubled (QA VV-3)', async () => {
    const s = await makeStaffed(d, 'ООО «Активная»');
    const own = must(await d.api.call(s.employee, 'PUT', 'user/profile/update', { type: 'executor' }), 'switch').profile.id as number;
    must(await d.api.call(s.employee, 'PUT', 'user/profile/update', { id: s.organizationId }), 'switch back');
    const res = await d.api.post(as(s.employee, own), 'profile/service/add', { serviceId: 1 });
    expect([res.status, res.body.message]).toEqual([409, changed('сейчас ООО «Активная»')]);
  });

  it('says the profile the tab shows is no longer the user’s when it is not: nobody switched (QA VV-4)', async () => {
    const s = await makeStaffed(d, 'ООО «Исключившая»');
    must(await d.api.call(s.director, 'DELETE', 'organization/employee/delete', { id: s.employeeMemberId }), 'remove');
    const res = await d.api.post(as(s.employee, s.organizationId), 'profile/service/add', { serviceId: 1 });
    expect([res.status, res.body.code, res.body.message]).toEqual([
      409,
      'profile_changed',
      'Профиль, открытый на этой странице, вам больше недоступен: сейчас «Исполнитель». Проверьте, от чьего имени вы действуете, и повторите.',
    ]);
    // A profile id that never was his reads the same.
    expect((await d.api.post(as(s.employee, 999_999), 'profile/service/add', { serviceId: 1 })).body.message).toMatch(/^Профиль, открытый на этой странице, вам больше недоступен/);
  });

  it('an id past the integer column names no profile of his, a read or a write: the same 409, not a 500 (QA ZZ-2)', async () => {
    const customer = await makePerson(d.db, 'customer');
    for (const id of ['2147483648', '9999999999999999']) {
      for (const res of [await d.api.post(as(customer, id), 'application/create', await completeFields(d.db)), await d.api.get(as(customer, id), 'balance/get/token', {})]) {
        expect([id, res.status, res.body.code, res.body.message]).toEqual([
          id,
          409,
          'profile_changed',
          'Профиль, открытый на этой странице, вам больше недоступен: сейчас «Заказчик». Проверьте, от чьего имени вы действуете, и повторите.',
        ]);
      }
    }
    expect(await count('from applications where customer_profile_id = $1', [customer.profileId])).toBe(0);
  });

  it('says there is no active profile when there is none', async () => {
    const user = await makeUserWithoutProfile(d.db);
    const res = await d.api.post(as(user, 5), 'profile/service/add', { serviceId: 1 });
    // Profile 5 was never his: the text says it is not his, and that none is active.
    expect([res.status, res.body.code, res.body.message]).toEqual([
      409,
      'profile_changed',
      'Профиль, открытый на этой странице, вам больше недоступен: активного профиля нет. Проверьте, от чьего имени вы действуете, и повторите.',
    ]);
  });

  it('is said before what is wrong with the input, as an upload’s is: not field errors for a profile the tab no longer acts as (QA ZZ-3)', async () => {
    const { customer } = await switchedToExecutor();
    for (const res of [
      await d.api.post(as(customer, customer.profileId), 'bank-requisite/create', {}),
      await d.api.get(as(customer, customer.profileId), 'user/application/get-collection', { role: 'zz' }),
    ]) {
      expect([res.status, res.body.code, res.body.errors]).toEqual([409, 'profile_changed', undefined]);
    }
    // The active profile's own header: the input is read, and refused for itself.
    expect((await d.api.post(customer, 'bank-requisite/create', {})).status).toBe(422);
  });

  it('checks an upload (multipart) too, before its file is stored', async () => {
    const { organizationId, director } = await makeOrganization(d, 'ООО «Загрузки»');
    const own = must(await d.api.call(director, 'PUT', 'user/profile/update', { type: 'customer' }), 'switch back').profile.id as number;
    expect(own).not.toBe(organizationId);
    const res = await d.api.form(as(director, organizationId), 'organization/document/upload', {}, [SAMPLE_PDF]);
    expect([res.status, res.body.code]).toEqual([409, 'profile_changed']);
    expect(await count('from organization_documents where organization_id = $1', [organizationId])).toBe(0);
  });
});

describe('what the header does not stop', () => {
  it('the active profile’s own header, and no header at all, act as before', async () => {
    const customer = await makePerson(d.db, 'customer');
    expect((await d.api.post(as(customer, customer.profileId), 'application/create', await completeFields(d.db))).status).toBe(200);
    expect((await d.api.post(customer, 'application/create', await completeFields(d.db))).status).toBe(200);
  });

  it('a read of the profile’s own is refused as well, showing nothing of the active one’s (QA TT-2)', async () => {
    const { customer, executorProfile } = await switchedToExecutor();
    for (const path of ['balance/get/token', 'balance/history/get-collection', 'bank-requisite/get-collection', 'user/application/get-collection', 'messaging/get-collection']) {
      const res = await d.api.get(as(customer, customer.profileId), path, {});
      expect([path, res.status, res.body.code, res.body.data]).toEqual([path, 409, 'profile_changed', undefined]);
    }
    expect((await d.api.get(as(customer, executorProfile), 'balance/get/token', {})).status).toBe(200);
    expect((await d.api.get(customer, 'balance/get/token', {})).status).toBe(200);
  });

  it('the pages open to guests too, an application’s and a facility’s, refuse a signed-in stale read; a guest still reads them (QA ZZ-1)', async () => {
    const customer = await makePerson(d.db, 'customer', 'Анна Страничная');
    const applicationId = must(await d.api.post(customer, 'application/create', await completeFields(d.db)), 'application').id as number;
    const typeId = must(await d.api.get(null, 'profile/facility/get/type', {}), 'types').items[0].id as number;
    const facilityId = must(await d.api.form(customer, 'profile/facility/create', facilityFields(typeId), [SAMPLE_PDF]), 'facility').id as number;
    const executorProfile = must(await d.api.call(customer, 'PUT', 'user/profile/update', { type: 'executor', name: 'Анна Исполнитель' }), 'executor').profile.id as number;
    const pages = [
      ['application/get', applicationId],
      ['profile/facility/get', facilityId],
    ] as const;
    for (const [path, id] of pages) {
      // The tab that shows the customer: not the executor's view under the customer's header.
      const stale = await d.api.get(as(customer, customer.profileId), path, { id });
      expect([path, stale.status, stale.body.code, stale.body.data]).toEqual([path, 409, 'profile_changed', undefined]);
      expect([path, (await d.api.get(as(customer, executorProfile), path, { id })).status]).toEqual([path, 200]);
      // A guest's header names no caller: the public view, as without it.
      const guest = await d.api.get({ headers: { 'x-profile-id': String(customer.profileId) } }, path, { id });
      expect([path, guest.status]).toEqual([path, (await d.api.get(null, path, { id })).status]);
    }
  });

  it('a read about the user rather than a profile goes with a stale header: the tab catches up through it', async () => {
    const { customer } = await switchedToExecutor();
    const stale = as(customer, customer.profileId);
    for (const path of ['user/get/token', 'user/profile/list', 'organization/get-collection', 'notification/get-collection', 'bank-requisite/currency/get-collection']) {
      expect([path, (await d.api.get(stale, path, {})).status]).toEqual([path, 200]);
    }
    // The bank's lookup by BIC is reference data too (QA WW-3): whatever it answers, not the switch.
    expect((await d.api.get(stale, 'bank-requisite/bank/get', { bic: '044525225' })).body.code).not.toBe('profile_changed');
  });

  it('a header that is not a positive integer is a 422 in Russian, and nothing is written', async () => {
    const customer = await makePerson(d.db, 'customer');
    for (const bad of ['abc', '0', '-3', '1.5', '']) {
      const res = await d.api.post(as(customer, bad), 'application/create', await completeFields(d.db));
      expect([bad, res.status, res.body.message]).toEqual([bad, 422, 'Некорректный заголовок X-Profile-Id: обновите страницу и повторите']);
    }
    expect(await count('from applications where customer_profile_id = $1', [customer.profileId])).toBe(0);
  });

  it('the switch itself, and the calls about the user rather than a profile, go with a stale header', async () => {
    const { customer, executorProfile } = await switchedToExecutor();
    const stale = as(customer, customer.profileId);
    // Switching back from the tab that still shows the customer.
    expect((await d.api.call(stale, 'PUT', 'user/profile/update', { id: executorProfile })).status).toBe(200);
    expect((await d.api.call(as(customer, 424_242), 'PUT', 'user/profile/update', { id: customer.profileId })).status).toBe(200);
    expect((await d.api.call(as(customer, executorProfile), 'POST', 'user/update', { name: 'Анна Переименованная' })).status).toBe(200);
    expect((await d.api.post(as(customer, executorProfile), 'notification/read', { ids: [] })).status).toBe(200);
    // An organisation made now becomes the active profile; one named by id is directed whichever profile is active.
    const created = await d.api.post(as(customer, executorProfile), 'organization/create', { inn: freshInn(), name: 'ООО «Из другой вкладки»' });
    expect(created.status).toBe(200);
    const organizationId = created.body.data.organization.id as number;
    expect((await d.api.post(as(customer, executorProfile), 'organization/update', { id: organizationId, name: 'ООО «Переименованное»' })).status).toBe(200);
    expect((await d.api.call(as(customer, executorProfile), 'DELETE', 'organization/delete', { id: organizationId })).status).toBe(200);
  });

  it('an invite is answered whichever profile the invitee’s tab shows', async () => {
    const { organizationId, director } = await makeOrganization(d, 'ООО «Приглашающее»');
    const { customer: invitee, executorProfile } = await switchedToExecutor();
    must(await d.api.post(as(director, organizationId), 'organization/employee/invite', { phone: invitee.phone, position: 'Мастер' }), 'invite');
    const approved = await d.api.post(as(invitee, invitee.profileId), 'user/invite/code/approve', { code: await lastInviteCode(d, invitee.phone) });
    expect(approved.status).toBe(200);
    expect(executorProfile).not.toBe(invitee.profileId);
  });
});
