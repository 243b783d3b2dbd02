import { applicationIn, makePerson, must, setupDealApp, type DealContext, type Person } from './deal-helpers';
import { makeStaffed, type Staffed } from './organization-helpers';

/**
 * An organisation carries its deals through its director and employees (ARCHITECTURE §8): a
 * notice to the organisation's profile reaches each of them, not only the director who owns the
 * profile, and never the member who acted.
 */
let d: DealContext;
let customer: Person;
let replier: Person;
let org: Staffed;

beforeAll(async () => {
  d = await setupDealApp();
  customer = await makePerson(d.db, 'customer');
  replier = await makePerson(d.db, 'executor', 'Другой Исполнитель');
  org = await makeStaffed(d, 'ООО «Бригада»');
});
afterAll(() => d.close());

const messagesOf = async (who: Person, applicationId: number) =>
  (await d.db.query<{ message: string }>('select message from notifications where user_id = $1 and application_id = $2 order by id', [who.userId, applicationId])).map((n) => n.message);

it('tells the director and the employee of the organisation the customer named, and the customer once when a member acts', async () => {
  // The employee, acting for the organisation, replies and is named.
  const deal = await applicationIn(d, 'executor_named', { customer, executor: org.employee, replier });
  const { number, price } = must(await d.api.get(customer, 'application/get', { id: deal.id }), 'get');
  const named = `Заявка № ${number}: Исполнитель выбран`;
  expect(await messagesOf(org.director, deal.id)).toContain(named);
  expect(await messagesOf(org.employee, deal.id)).toContain(named);

  // The director starts the work for the organisation: the customer hears it once, the director who acted not.
  await d.pay(deal.id, Math.round(price * 100));
  must(await d.api.post(org.director, 'application/start-working/executor', { id: deal.id }), 'start');
  const started = `Заявка № ${number}: В работе`;
  expect((await messagesOf(customer, deal.id)).filter((m) => m === started)).toHaveLength(1);
  expect(await messagesOf(org.director, deal.id)).not.toContain(started);
});
