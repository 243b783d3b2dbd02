import { moneyService } from '../src/modules/money/service';
import { must, setupDealApp, type DealContext } from './deal-helpers';
import { makeStaffed } from './organization-helpers';

let d: DealContext;
beforeAll(async () => {
  d = await setupDealApp();
});
afterAll(async () => {
  await d.close();
});

/** Money for the organisation as it really arrives: a seeded application paid by its customer, released to it. */
async function fund(profileId: number, kopecks: number): Promise<void> {
  const money = moneyService({ db: d.db, feePercent: 0 });
  // One with nothing paid on it (the seeded deals hold money): the release moves exactly `kopecks`.
  const [app] = await d.db.query<{ id: number; customer: number }>(
    "select id, customer_profile_id as customer from applications where payment_status = 'none' order by id desc limit 1",
  );
  await money.recordPayment({ applicationId: app!.id, customerProfileId: app!.customer, amountKopecks: kopecks, operationId: `ex-member-${app!.id}` });
  await money.release({ applicationId: app!.id, executorProfileId: profileId });
}

describe('an ex-member whose active profile still names the organisation', () => {
  it('gets none of its data: no balance, no services, no profile, the profile list and the caller agree', async () => {
    const s = await makeStaffed(d, 'ООО «Бывшие»');
    await fund(s.organizationId, 150_000);
    const [service] = await d.db.query<{ id: number }>('select id from services where parent_id is not null order by id limit 1');
    must(await d.api.post(s.employee, 'profile/service/add', { serviceId: service!.id }), 'service/add');

    // While a member he acts for it.
    expect(must(await d.api.get(s.employee, 'balance/get/token', {}), 'balance')).toEqual({ profileId: s.organizationId, amount: 1500, currency: 'RUB' });
    expect(must(await d.api.get(s.employee, 'profile/service/get-collection', {}), 'services').items.map((i: { id: number }) => i.id)).toEqual([service!.id]);

    // The membership goes while users.active_profile_id stays (no call leaves this behind; the guard must not rely on that).
    await d.db.query('delete from organization_members where organization_id = $1 and user_id = $2', [s.organizationId, s.employee.userId]);
    const [{ active }] = (await d.db.query<{ active: number | null }>('select active_profile_id as active from users where id = $1', [s.employee.userId])) as [{ active: number | null }];
    expect(active).toBe(s.organizationId);

    expect(must(await d.api.get(s.employee, 'balance/get/token', {}), 'balance after')).toEqual({ profileId: null, amount: 0, currency: 'RUB' });
    expect(must(await d.api.get(s.employee, 'profile/service/get-collection', {}), 'services after')).toEqual({ items: [], total: 0, page: 1, limit: 1 });
    expect((await d.api.get(s.employee, 'organization/get/profile', {})).status).toBe(403);
    expect((await d.api.get(s.employee, 'balance/history/get-collection', {})).status).toBe(403);
    expect((await d.api.post(s.employee, 'profile/service/add', { serviceId: service!.id })).status).toBe(403);

    const profiles = must(await d.api.get(s.employee, 'user/profile/list', {}), 'profiles').items as Array<{ id: number; active: boolean }>;
    expect(profiles.map((p) => p.id)).not.toContain(s.organizationId);
    expect(profiles.filter((p) => p.active)).toEqual([]);

    // The director still sees it all.
    expect(must(await d.api.get(s.director, 'balance/get/token', {}), 'director balance')).toMatchObject({ profileId: s.organizationId, amount: 1500 });
  });
});

describe('a removed employee switching back to the organisation', () => {
  it('is told he is not a member of it (403), not that the profile is someone else\'s; nothing changes', async () => {
    const s = await makeStaffed(d, 'ООО «Ушедшие»');
    must(await d.api.call(s.director, 'DELETE', 'organization/employee/delete', { id: s.employeeMemberId }), 'remove');
    const [before] = await d.db.query<{ active: number | null }>('select active_profile_id as active from users where id = $1', [s.employee.userId]);
    const refused = await d.api.call(s.employee, 'PUT', 'user/profile/update', { id: s.organizationId });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Вы не состоите в этой организации', code: 'forbidden' });
    const [after] = await d.db.query<{ active: number | null }>('select active_profile_id as active from users where id = $1', [s.employee.userId]);
    expect(after).toEqual(before);
    // A personal profile of another user is still «someone else's».
    const [personal] = await d.db.query<{ id: number }>("select id from profiles where user_id = $1 and type = 'customer'", [s.director.userId]);
    const foreign = await d.api.call(s.employee, 'PUT', 'user/profile/update', { id: personal!.id });
    expect(foreign.body).toEqual({ message: 'Профиль принадлежит другому пользователю', code: 'forbidden' });
  });
});
