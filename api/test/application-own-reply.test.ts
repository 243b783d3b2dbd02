import { completeFields, makePerson, must, setupDealApp, type DealContext, type Person } from './deal-helpers';
import { makeStaffed } from './organization-helpers';

/**
 * A reply on one's own application (§8: "not on one's own application"): whoever acts as its
 * customer profile is refused with the message that says so, not the generic «недоступно».
 */
let d: DealContext;
beforeAll(async () => {
  d = await setupDealApp();
});
afterAll(() => d.close());

const OWN = { status: 403, message: 'Нельзя откликнуться на свою заявку или на заявку своей организации' };

const publishedBy = async (who: Person) => must(await d.api.post(who, 'application/create', await completeFields(d.db)), 'create').id as number;

const replyAnswer = async (who: Person, id: number) => {
  const res = await d.api.post(who, 'application/reply/send', { id, comment: 'Сделаю за неделю', price: 12000 });
  return { status: res.status, message: res.body.message };
};

it('the director and an employee acting as the organisation cannot reply to its application, and are told why', async () => {
  const org = await makeStaffed(d, 'ООО «Свой Отклик»');
  const id = await publishedBy(org.director);
  expect(await replyAnswer(org.director, id)).toEqual(OWN);
  expect(await replyAnswer(org.employee, id)).toEqual(OWN);
  // Nobody replied: the application's replies are as they were.
  const [row] = await d.db.query<{ n: number }>('select count(*)::int as n from application_replies where application_id = $1', [id]);
  expect(row!.n).toBe(0);
});

it('a person’s own customer profile gets the same message on its application', async () => {
  const customer = await makePerson(d.db, 'customer', 'Заказчик Своей Заявки');
  const id = await publishedBy(customer);
  expect(await replyAnswer(customer, id)).toEqual(OWN);
  // On another's application a customer profile is told who may reply, as before.
  const other = await makePerson(d.db, 'customer', 'Другой Заказчик');
  expect(await replyAnswer(other, id)).toEqual({ status: 403, message: 'Откликаться на заявки могут исполнители и организации' });
  // And an executor replies.
  expect((await replyAnswer(await makePerson(d.db, 'executor', 'Посторонний Исполнитель'), id)).status).toBe(200);
});

it('a member’s own executor profile is not offered a reply on the organisation’s application it would be refused, nor is the person’s on his own', async () => {
  // QA: `application/get` offered «Откликнуться» (allowedActions) and the reply answered 403.
  const org = await makeStaffed(d, 'ООО «Свой Исполнитель»');
  const id = await publishedBy(org.director);
  const offered = async (who: Person) => must(await d.api.get(who, 'application/get', { id }), 'view').allowedActions as string[];
  // The employee's and the director's own executor profiles, beside their memberships.
  for (const member of [org.employee, org.director]) {
    must(await d.api.call(member, 'PUT', 'user/profile/update', { type: 'executor' }), 'personal profile');
    expect(await offered(member)).not.toContain('application/reply/send');
    // The page says why, while replies are open (QA AAB-4: it said «Приём откликов по заявке завершён.»).
    expect(must(await d.api.get(member, 'application/get', { id }), 'view').actionsWithheld).toBe(OWN.message);
    expect(await replyAnswer(member, id)).toEqual(OWN);
  }
  // A person's executor profile on his own customer profile's application.
  const customer = await makePerson(d.db, 'customer', 'Заказчик и Исполнитель');
  const own = await publishedBy(customer);
  must(await d.api.call(customer, 'PUT', 'user/profile/update', { type: 'executor' }), 'executor profile');
  expect(must(await d.api.get(customer, 'application/get', { id: own }), 'own view').allowedActions).not.toContain('application/reply/send');
  expect(await replyAnswer(customer, own)).toEqual(OWN);
  // A stranger's executor profile is offered the reply, and it goes through.
  const stranger = await makePerson(d.db, 'executor', 'Посторонний Исполнитель');
  expect(await offered(stranger)).toContain('application/reply/send');
  expect(must(await d.api.get(stranger, 'application/get', { id }), 'view')).not.toHaveProperty('actionsWithheld');
  expect((await replyAnswer(stranger, id)).status).toBe(200);
});
