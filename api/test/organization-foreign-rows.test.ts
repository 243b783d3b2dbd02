/**
 * Another organisation's row named by id (ARCHITECTURE §8: a call by anyone else is 403; a
 * contract correction, these were 404s): its document, employee or invite answers 403 with a
 * Russian message and changes nothing; a row that does not exist (or no longer does) stays a 404.
 * The director acts for his own organisation (B) on organisation A's rows.
 */
import { makeUserWithoutProfile, must, setupDealApp, type DealContext } from './deal-helpers';
import { makeStaffed, type Staffed } from './organization-helpers';

let d: DealContext;
let a: Staffed;
let b: Staffed;
let documentId: number;
let inviteId: number;

beforeAll(async () => {
  d = await setupDealApp();
  a = await makeStaffed(d, 'ООО «А»');
  b = await makeStaffed(d, 'ООО «Б»');
  documentId = must(await d.api.upload(a.director, 'organization/document/upload', {}), 'document').id;
  const invitee = await makeUserWithoutProfile(d.db);
  inviteId = must(await d.api.post(a.director, 'organization/employee/invite', { phone: invitee.phone }), 'invite').id;
});
afterAll(async () => {
  await d.close();
});

const forbidden = (message: string) => ({ status: 403, body: { message, code: 'forbidden' } });
const notFound = (message: string) => ({ status: 404, body: { message, code: 'not_found' } });
const answer = async (p: Promise<{ status: number; body: any }>) => {
  const res = await p;
  return { status: res.status, body: { message: res.body.message, code: res.body.code } };
};
/** An id no row has. */
const MISSING = 2_000_000_000;

describe('organisation documents', () => {
  const download = (who: Staffed['director'], id: number) => answer(d.api.call(who, 'GET', 'organization/document/download', { id }));
  const remove = (who: Staffed['director'], id: number) => answer(d.api.call(who, 'DELETE', 'organization/document/delete', { id }));

  it('answers 403 «Документ принадлежит другой организации» to another organisation’s director and employee, and keeps it', async () => {
    expect(await download(b.director, documentId)).toEqual(forbidden('Документ принадлежит другой организации'));
    expect(await download(b.employee, documentId)).toEqual(forbidden('Документ принадлежит другой организации'));
    expect(await remove(b.director, documentId)).toEqual(forbidden('Документ принадлежит другой организации'));
    expect((await d.api.call(a.employee, 'GET', 'organization/document/download', { id: documentId })).status).toBe(200);
  });

  it('answers 404 «Документ не найден» for a document that does not exist or was deleted', async () => {
    expect(await download(a.director, MISSING)).toEqual(notFound('Документ не найден'));
    expect(await remove(a.director, MISSING)).toEqual(notFound('Документ не найден'));
    const gone = must(await d.api.upload(a.director, 'organization/document/upload', {}), 'document').id;
    expect((await d.api.call(a.director, 'DELETE', 'organization/document/delete', { id: gone })).status).toBe(200);
    expect(await download(a.director, gone)).toEqual(notFound('Документ не найден'));
    expect(await remove(a.director, gone)).toEqual(notFound('Документ не найден'));
    expect(await download(b.director, gone)).toEqual(notFound('Документ не найден'));
  });
});

describe('employees', () => {
  const position = async () => (await d.db.query<{ position: string }>('select position from organization_members where id = $1', [a.employeeMemberId]))[0]?.position;

  it('answers 403 «Сотрудник состоит в другой организации» on update, delete and hand-over, and changes nothing', async () => {
    const update = await answer(d.api.call(b.director, 'PUT', 'organization/employee/update', { id: a.employeeMemberId, position: 'Чужой' }));
    expect(update).toEqual(forbidden('Сотрудник состоит в другой организации'));
    const remove = await answer(d.api.call(b.director, 'DELETE', 'organization/employee/delete', { id: a.employeeMemberId }));
    expect(remove).toEqual(forbidden('Сотрудник состоит в другой организации'));
    const handOver = await answer(d.api.post(b.director, 'organization/director/update', { id: a.employeeMemberId }));
    expect(handOver).toEqual(forbidden('Сотрудник состоит в другой организации'));
    expect(await position()).toBe('Прораб');
    const [row] = await d.db.query<{ director: boolean }>('select director from organization_members where id = $1', [a.employeeMemberId]);
    expect(row).toEqual({ director: false });
  });

  it('answers 404 «Сотрудник не найден» for a membership that does not exist or is gone', async () => {
    expect(await answer(d.api.call(a.director, 'PUT', 'organization/employee/update', { id: MISSING, position: 'Никто' }))).toEqual(notFound('Сотрудник не найден'));
    expect(await answer(d.api.call(a.director, 'DELETE', 'organization/employee/delete', { id: MISSING }))).toEqual(notFound('Сотрудник не найден'));
    expect(await answer(d.api.post(a.director, 'organization/director/update', { id: MISSING }))).toEqual(notFound('Сотрудник не найден'));
    const leaver = await makeStaffed(d, 'ООО «В»');
    must(await d.api.call(leaver.director, 'DELETE', 'organization/employee/delete', { id: leaver.employeeMemberId }), 'remove');
    expect(await answer(d.api.call(leaver.director, 'PUT', 'organization/employee/update', { id: leaver.employeeMemberId, position: 'Бывший' }))).toEqual(notFound('Сотрудник не найден'));
    expect(await answer(d.api.call(b.director, 'DELETE', 'organization/employee/delete', { id: leaver.employeeMemberId }))).toEqual(notFound('Сотрудник не найден'));
  });

  it('still refuses an employee as a non-director (403) whatever organisation the row is in', async () => {
    const res = await answer(d.api.call(b.employee, 'DELETE', 'organization/employee/delete', { id: a.employeeMemberId }));
    expect(res).toEqual(forbidden('Это может сделать только руководитель организации'));
  });
});

describe('invites', () => {
  const status = async () => (await d.db.query<{ status: string }>('select status from organization_invites where id = $1', [inviteId]))[0]?.status;

  it('answers 403 «Приглашение отправлено другой организацией» on a withdrawal by another director, and keeps it pending', async () => {
    expect(await answer(d.api.call(b.director, 'DELETE', 'organization/invite/delete', { id: inviteId }))).toEqual(forbidden('Приглашение отправлено другой организацией'));
    expect(await status()).toBe('pending');
  });

  it('answers 404 «Приглашение не найдено» for no such invite, 409 for its own closed one, 403 for another’s closed one', async () => {
    expect(await answer(d.api.call(a.director, 'DELETE', 'organization/invite/delete', { id: MISSING }))).toEqual(notFound('Приглашение не найдено'));
    expect((await d.api.call(a.director, 'DELETE', 'organization/invite/delete', { id: inviteId })).status).toBe(200);
    expect(await answer(d.api.call(a.director, 'DELETE', 'organization/invite/delete', { id: inviteId }))).toEqual({
      status: 409,
      // What became of it (QA L-5): withdrawn by the call just before.
      body: { message: 'Приглашение уже отозвано', code: 'invite_closed' },
    });
    expect(await answer(d.api.call(b.director, 'DELETE', 'organization/invite/delete', { id: inviteId }))).toEqual(forbidden('Приглашение отправлено другой организацией'));
  });
});
