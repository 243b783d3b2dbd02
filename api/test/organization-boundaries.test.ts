/**
 * Two organisation guards no ordinary call reaches (QA Z-19, Z-20): an invite's expiry at its very
 * instant, on a fixed clock, and the removal's SQL guard against a membership that became the
 * director's between the policy's check and the delete (a hand-over that committed first).
 */
import type { Queryable } from '../src/db';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { employeesService } from '../src/modules/organization/employees-service';
import { loadCaller } from '../src/policy/caller';
import { caller, makePerson, meddling, must, setupDealApp, type DealContext } from './deal-helpers';
import { lastInviteCode, makeOrganization, makeStaffed } from './organization-helpers';

let d: DealContext;
beforeAll(async () => {
  d = await setupDealApp();
});
afterAll(() => d.close());

describe('an invite’s expiry', () => {
  it('is refused (409) at the very millisecond it expires, and valid one millisecond before', async () => {
    const clock = Date.now();
    // An app on the same database whose clock stands still.
    const app = await buildApp({ config: testConfig(), db: d.db, logger: false, now: () => clock });
    try {
      const { director } = await makeOrganization(d, 'ООО «Срок»');
      const invitee = await makePerson(d.db, 'customer');
      must(await d.api.post(director, 'organization/employee/invite', { phone: invitee.phone }), 'invite');
      const code = await lastInviteCode(d, invitee.phone);
      const expireAt = (ms: number) =>
        d.db.query(`update organization_invites set expires_at = $2 where phone = $1 and status = 'pending'`, [invitee.phone, new Date(ms).toISOString()]);
      const frozen = caller(app);

      await expireAt(clock + 1);
      expect((await frozen.get(invitee, 'user/invite/code/check', { code })).status).toBe(200);

      await expireAt(clock);
      const expired = await frozen.post(invitee, 'user/invite/code/approve', { code });
      expect([expired.status, expired.body.code]).toEqual([409, 'invite_expired']);
      expect(expired.body.message).toMatch(/Срок действия приглашения истёк/);
      expect(await d.db.query('select 1 from organization_members where user_id = $1', [invitee.userId])).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

describe('removing an employee', () => {
  it('removes nothing when he became the director meanwhile: a 409, and the organisation keeps its director', async () => {
    const { organizationId, director, employee, employeeMemberId } = await makeStaffed(d, 'ООО «Передача»');
    const who = (await loadCaller(d.db, { userId: director.userId, sessionId: 'test' }))!;
    // The hand-over commits between the policy's look (he was an employee) and the delete.
    const handOver = async (tx: Queryable) => {
      await tx.query('update organization_members set director = false where organization_id = $1 and user_id = $2', [organizationId, director.userId]);
      await tx.query('update organization_members set director = true where id = $1', [employeeMemberId]);
    };
    const employees = employeesService({ db: meddling(d.db, /^\s*delete from organization_members\b/, handOver) });

    await expect(employees.remove(who, employeeMemberId)).rejects.toMatchObject({ statusCode: 409, code: 'employee_changed' });
    const members = await d.db.query<{ userId: number; director: boolean }>(
      'select user_id as "userId", director from organization_members where organization_id = $1 order by id',
      [organizationId],
    );
    expect(members).toEqual([
      { userId: director.userId, director: false },
      { userId: employee.userId, director: true },
    ]);
  });
});
