import { ageSmsCodes, applicationIn, completeFields, lastSmsCode, makePerson, must, setupDealApp, type DealContext, type Person } from './deal-helpers';
import { makeStaffed } from './organization-helpers';

/**
 * An organisation acts through its members: what one of them did, another is refused in words that
 * say the organisation did it («…от имени организации», «Организация уже…»), not «Вы уже…», which
 * read to a member who never signed or replied as a fault of the server. Its own step still reads «Вы».
 */
let d: DealContext;
beforeAll(async () => {
  d = await setupDealApp();
});
afterAll(() => d.close());

async function sign(who: Person, segment: 'contract' | 'document-report', id: number) {
  await ageSmsCodes(d.db, who.phone);
  must(await d.api.post(who, `application/${segment}/send/sms`, { id }), `${segment} send`);
  return d.api.post(who, `application/${segment}/sign`, { id, code: await lastSmsCode(d.db, who.phone) });
}

const refusal = (res: { status: number; body: { message?: string } }) => ({ status: res.status, message: res.body.message });

it('a contract its director signed for the organisation: an employee is told it is signed on its behalf, the director that he signed it', async () => {
  const customer = await makePerson(d.db, 'customer', 'Анна Заказова');
  const replier = await makePerson(d.db, 'executor');
  const org = await makeStaffed(d, 'ООО «Подпись Коллеги»');
  const deal = await applicationIn(d, 'executor_named', { customer, executor: org.employee, replier }, { contract: true });
  must(await d.api.call(org.director, 'PUT', 'user/profile/update', { id: org.organizationId }), 'director acts for the organisation');

  must(await sign(org.director, 'contract', deal.id), 'director signs');

  // The dialog's first call and its last (with a code asked for before the director signed).
  await ageSmsCodes(d.db, org.employee.phone);
  expect(refusal(await d.api.post(org.employee, 'application/contract/send/sms', { id: deal.id }))).toEqual({ status: 409, message: 'Договор уже подписан от имени организации' });
  expect(refusal(await d.api.post(org.employee, 'application/contract/sign', { id: deal.id, code: '000000' }))).toEqual({ status: 409, message: 'Договор уже подписан от имени организации' });
  await ageSmsCodes(d.db, org.director.phone);
  expect(refusal(await d.api.post(org.director, 'application/contract/send/sms', { id: deal.id }))).toEqual({ status: 409, message: 'Вы уже подписали договор' });
  // The customer's side is a person's: his own words.
  must(await sign(customer, 'contract', deal.id), 'customer signs');
  await ageSmsCodes(d.db, customer.phone);
  expect(refusal(await d.api.post(customer, 'application/contract/send/sms', { id: deal.id }))).toEqual({ status: 409, message: 'Вы уже подписали договор' });
});

it('a report an employee signed for the organisation: the director is told it is signed on its behalf', async () => {
  const customer = await makePerson(d.db, 'customer', 'Борис Заказов');
  const replier = await makePerson(d.db, 'executor');
  const org = await makeStaffed(d, 'ООО «Отчёт Коллеги»');
  const deal = await applicationIn(d, 'in_work', { customer, executor: org.employee, replier }, { report: true });
  must(await d.api.call(org.director, 'PUT', 'user/profile/update', { id: org.organizationId }), 'director acts for the organisation');

  must(await sign(org.employee, 'document-report', deal.id), 'employee signs');

  await ageSmsCodes(d.db, org.director.phone);
  expect(refusal(await d.api.post(org.director, 'application/document-report/send/sms', { id: deal.id }))).toEqual({ status: 409, message: 'Отчёт уже подписан от имени организации' });
  await ageSmsCodes(d.db, org.employee.phone);
  expect(refusal(await d.api.post(org.employee, 'application/document-report/send/sms', { id: deal.id }))).toEqual({ status: 409, message: 'Вы уже подписали отчёт' });
});

it("an organisation's second reply is refused as the organisation's; a person's as his own", async () => {
  const customer = await makePerson(d.db, 'customer', 'Вера Заказова');
  const id = must(await d.api.post(customer, 'application/create', await completeFields(d.db)), 'create').id as number;
  const org = await makeStaffed(d, 'ООО «Отклик Коллеги»');
  must(await d.api.call(org.director, 'PUT', 'user/profile/update', { id: org.organizationId }), 'director acts for the organisation');
  const reply = { id, comment: 'Сделаем за неделю', price: 12000 };

  must(await d.api.post(org.employee, 'application/reply/send', reply), 'employee replies');
  expect(refusal(await d.api.post(org.director, 'application/reply/send', reply))).toEqual({ status: 409, message: 'Организация уже откликнулась на эту заявку' });

  const person = await makePerson(d.db, 'executor', 'Исполнитель Сам');
  must(await d.api.post(person, 'application/reply/send', reply), 'person replies');
  expect(refusal(await d.api.post(person, 'application/reply/send', reply))).toEqual({ status: 409, message: 'Вы уже откликнулись на эту заявку' });
});
