import { makePerson, must, type DealContext, type Person } from './deal-helpers';

let serial = 0;
const W10 = [2, 4, 10, 3, 5, 9, 4, 6, 8];

/** A fresh 10-digit INN with a valid control digit (unique within the run). */
export function freshInn(): string {
  for (;;) {
    const head = `5${String(process.pid % 1000).padStart(3, '0')}${String(serial++).padStart(5, '0')}`;
    const digit = ([...head].reduce((s, d, i) => s + Number(d) * W10[i]!, 0) % 11) % 10;
    return head + digit;
  }
}

let ogrnSerial = 0;
/** A fresh 13-digit ОГРН with a valid control digit (unique within the run). */
export function freshOgrn(): string {
  const head = `10277${String(process.pid % 1000).padStart(3, '0')}${String(ogrnSerial++).padStart(4, '0')}`;
  return head + String((BigInt(head) % 11n) % 10n);
}

export interface Staffed {
  organizationId: number;
  director: Person;
  employee: Person;
  /** The employee's membership id (`employee/*`, `director/update`). */
  employeeMemberId: number;
}

/** The newest invite code the dev SMS provider delivered to a phone. */
export async function lastInviteCode(d: DealContext, phone: string): Promise<string> {
  const [sms] = await d.db.query<{ code: string }>(`select code from dev_sms_messages where phone = $1 and purpose = 'invite' order by id desc limit 1`, [phone]);
  if (!sms) throw new Error(`no invite SMS to ${phone}`);
  return sms.code;
}

/** An organisation created through the API by a new director (its active profile), named `name`. */
export async function makeOrganization(d: Pick<DealContext, 'db' | 'api'>, name = 'ООО «Тест»'): Promise<{ organizationId: number; director: Person }> {
  const director = await makePerson(d.db, 'customer', 'Руководитель Тестов');
  const created = must(await d.api.post(director, 'organization/create', { inn: freshInn(), name }), 'organization/create');
  return { organizationId: created.organization.id, director: { ...director, profileId: created.organization.id } };
}

/** An organisation with a director and one employee who joined by invite and switched to it. */
export async function makeStaffed(d: DealContext, name?: string): Promise<Staffed> {
  const { organizationId, director } = await makeOrganization(d, name);
  const employee = await makePerson(d.db, 'executor', 'Сотрудник Тестов');
  must(await d.api.post(director, 'organization/employee/invite', { phone: employee.phone, position: 'Прораб' }), 'invite');
  const approved = must(await d.api.post(employee, 'user/invite/code/approve', { code: await lastInviteCode(d, employee.phone) }), 'approve');
  must(await d.api.call(employee, 'PUT', 'user/profile/update', { id: organizationId }), 'switch');
  return { organizationId, director, employee: { ...employee, profileId: organizationId }, employeeMemberId: approved.employee.id };
}
