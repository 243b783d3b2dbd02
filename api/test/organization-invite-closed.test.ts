/**
 * QA: a declined invite's code read as «отозвано» (withdrawn by the director). Declines were stored
 * as withdrawals are (status 'cancelled', nobody named), so who closed an invite is now recorded
 * (migration 025, `closed_by`): the invitee's code says declined, withdrawn or replaced as it was;
 * an invite closed before that, where nobody knows which, claims neither.
 */
import { migrations } from '../src/db/migrations';
import { makePerson, must, setupDealApp, type DealContext } from './deal-helpers';
import { lastInviteCode, makeOrganization } from './organization-helpers';

let d: DealContext;
beforeAll(async () => {
  d = await setupDealApp();
});
afterAll(async () => {
  await d.close();
});

const DECLINED = 'Вы отклонили это приглашение. Если передумали, попросите руководителя прислать новое';
const UNKNOWN = 'Приглашение больше не действует: оно отклонено или отозвано руководителем организации';

/** An invite from a new organisation to a new person: the code he got, and the invite's id. */
async function invited(name: string) {
  const { director, organizationId } = await makeOrganization(d, name);
  const invitee = await makePerson(d.db, 'customer');
  const invite = must(await d.api.post(director, 'organization/employee/invite', { phone: invitee.phone }), 'invite');
  return { director, organizationId, invitee, inviteId: invite.id as number, code: await lastInviteCode(d, invitee.phone) };
}

const closedBy = async (id: number) => (await d.db.query<{ closedBy: string | null }>('select closed_by as "closedBy" from organization_invites where id = $1', [id]))[0]!.closedBy;

describe('who closed an invite', () => {
  it('is recorded: the invitee who declined or accepted, the director who withdrew, a new invite that replaced it', async () => {
    const declined = await invited('ООО «Записи-1»');
    must(await d.api.post(declined.invitee, 'user/invite/code/cancel', { code: declined.code }), 'decline');
    expect(await closedBy(declined.inviteId)).toBe('invitee');

    const accepted = await invited('ООО «Записи-2»');
    must(await d.api.post(accepted.invitee, 'user/invite/code/approve', { code: accepted.code }), 'approve');
    expect(await closedBy(accepted.inviteId)).toBe('invitee');

    const withdrawn = await invited('ООО «Записи-3»');
    must(await d.api.call(withdrawn.director, 'DELETE', 'organization/invite/delete', { id: withdrawn.inviteId }), 'withdraw');
    expect(await closedBy(withdrawn.inviteId)).toBe('director');

    const replaced = await invited('ООО «Записи-4»');
    must(await d.api.post(replaced.director, 'organization/employee/invite', { phone: replaced.invitee.phone }), 'again');
    expect(await closedBy(replaced.inviteId)).toBe('reinvite');
  });
});

describe('the code of a closed invite', () => {
  it('declined by the invitee: says declined («отклонили»), for check, approve and decline alike', async () => {
    const { invitee, code } = await invited('ООО «Отказ-2»');
    must(await d.api.post(invitee, 'user/invite/code/cancel', { code }), 'decline');
    for (const [method, path] of [['GET', 'user/invite/code/check'], ['POST', 'user/invite/code/approve'], ['POST', 'user/invite/code/cancel']] as const) {
      const res = await d.api.call(invitee, method, path, { code });
      expect([path, res.status, res.body.code, res.body.message]).toEqual([path, 409, 'invite_declined', DECLINED]);
    }
  });

  it('accepted: says so while he is a member (another tab, the code typed again), and spent once he has left; a stranger still finds none', async () => {
    const { director, invitee, code } = await invited('ООО «Принято»');
    const accepted = must(await d.api.post(invitee, 'user/invite/code/approve', { code }), 'approve');
    for (const [method, path] of [['GET', 'user/invite/code/check'], ['POST', 'user/invite/code/approve'], ['POST', 'user/invite/code/cancel']] as const) {
      const res = await d.api.call(invitee, method, path, { code });
      expect([path, res.status, res.body.code, res.body.message]).toEqual([path, 409, 'invite_accepted', 'Вы уже приняли это приглашение и состоите в организации']);
    }
    // The code is the invitee's: to anyone else it does not exist.
    expect((await d.api.get(director, 'user/invite/code/check', { code })).status).toBe(404);

    must(await d.api.call(director, 'DELETE', 'organization/employee/delete', { id: accepted.employee.id }), 'remove');
    const spent = await d.api.post(invitee, 'user/invite/code/approve', { code });
    expect([spent.status, spent.body.code, spent.body.message]).toEqual([
      409,
      'invite_used',
      'Этот код приглашения уже использован. Чтобы вернуться в организацию, попросите руководителя прислать новое приглашение',
    ]);
    const members = await d.db.query('select 1 from organization_members where user_id = $1', [invitee.userId]);
    expect(members).toHaveLength(0);
  });

  it('withdrawn by the director after the invitee looked at it: still says withdrawn', async () => {
    const { director, invitee, inviteId, code } = await invited('ООО «Отзыв-2»');
    must(await d.api.get(invitee, 'user/invite/code/check', { code }), 'check');
    must(await d.api.call(director, 'DELETE', 'organization/invite/delete', { id: inviteId }), 'withdraw');
    const res = await d.api.get(invitee, 'user/invite/code/check', { code });
    expect([res.status, res.body.code]).toEqual([409, 'invite_withdrawn']);
  });

  it('closed before who closed it was recorded (an old decline looks like a withdrawal): claims neither', async () => {
    const { invitee, inviteId, code } = await invited('ООО «Старое»');
    must(await d.api.post(invitee, 'user/invite/code/cancel', { code }), 'decline');
    // What a decline left before migration 025: status 'cancelled', nobody named.
    await d.db.query('update organization_invites set closed_by = null, approved_by = null where id = $1', [inviteId]);
    const res = await d.api.get(invitee, 'user/invite/code/check', { code });
    expect([res.status, res.body.code, res.body.message]).toEqual([409, 'invite_closed', UNKNOWN]);
  });
});

describe('migration 025 on invites closed before it', () => {
  it('names the invitee where the rows say so (accepted; declined with approved_by) and leaves the rest unknown', async () => {
    const accepted = await invited('ООО «Миграция-1»');
    must(await d.api.post(accepted.invitee, 'user/invite/code/approve', { code: accepted.code }), 'approve');
    const declined = await invited('ООО «Миграция-2»');
    must(await d.api.post(declined.invitee, 'user/invite/code/cancel', { code: declined.code }), 'decline');
    const oldDecline = await invited('ООО «Миграция-3»');
    must(await d.api.post(oldDecline.invitee, 'user/invite/code/cancel', { code: oldDecline.code }), 'decline');
    const withdrawn = await invited('ООО «Миграция-4»');
    must(await d.api.call(withdrawn.director, 'DELETE', 'organization/invite/delete', { id: withdrawn.inviteId }), 'withdraw');
    const pending = await invited('ООО «Миграция-5»');

    // The table as it was before 025: no closed_by, and an old decline named nobody.
    await d.db.exec(`
      drop index organization_invites_closed_code_idx;
      drop index organization_invites_organization_phone_idx;
      alter table organization_invites drop constraint organization_invites_pending_open_check;
      alter table organization_invites drop column closed_by;
    `);
    await d.db.query('update organization_invites set approved_by = null where id = $1', [oldDecline.inviteId]);
    await d.db.exec(migrations.find((m) => m.id === '025-invite-closed-by')!.sql);

    expect(await closedBy(accepted.inviteId)).toBe('invitee');
    expect(await closedBy(declined.inviteId)).toBe('invitee');
    expect(await closedBy(oldDecline.inviteId)).toBeNull();
    expect(await closedBy(withdrawn.inviteId)).toBeNull();
    expect(await closedBy(pending.inviteId)).toBeNull();
  });
});
