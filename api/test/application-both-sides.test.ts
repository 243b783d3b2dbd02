import { applicationIn, completeFields, makePerson, must, setupDealApp, type DealContext, type Person } from './deal-helpers';
import { lastInviteCode, makeOrganization } from './organization-helpers';

/**
 * One person on both sides of a deal (QA L-1): the reply was refused to him (application-own-reply),
 * but a membership begun later, or a member of two organisations, let him name himself, accept his
 * own work, review himself and pay himself. Naming such a reply is refused; a user who acts for both
 * the customer and the named executor takes neither side's step.
 */
let d: DealContext;
beforeAll(async () => {
  d = await setupDealApp();
});
afterAll(() => d.close());

const SELF_DEALING = { status: 403, message: 'Нельзя выбрать этого исполнителя: за него и за заказчика действует один и тот же человек' };
const BOTH_SIDES = { status: 403, message: 'Вы действуете в этой заявке и за заказчика, и за исполнителя: делать в ней шаги сделки вам нельзя' };

const answer = async (res: { status: number; body: { message?: string } }) => ({ status: res.status, message: res.body.message });

/** `who` joins the organisation `director` runs (his active profile stays his own). */
async function join(director: Person, who: Person) {
  must(await d.api.post(director, 'organization/employee/invite', { phone: who.phone, position: 'Мастер' }), 'invite');
  must(await d.api.post(who, 'user/invite/code/approve', { code: await lastInviteCode(d, who.phone) }), 'approve');
}

const asOrganization = async (who: Person, organizationId: number): Promise<Person> => {
  must(await d.api.call(who, 'PUT', 'user/profile/update', { id: organizationId }), 'switch');
  return { ...who, profileId: organizationId };
};

it('naming a replier who has joined the customer organisation since is refused, and the application stays as it was', async () => {
  const org = await makeOrganization(d, 'ООО «Сам Себе»');
  const x = await makePerson(d.db, 'executor', 'Исполнитель Двойной');
  const id = must(await d.api.post(org.director, 'application/create', await completeFields(d.db)), 'create').id as number;
  const replyId = must(await d.api.post(x, 'application/reply/send', { id, comment: 'Сделаю', price: 9000 }), 'reply').id as number;
  await join(org.director, x);

  // The customer's page says so on the reply, before he presses anything; another reply does not.
  const other = await makePerson(d.db, 'executor', 'Исполнитель Сторонний');
  const otherReply = must(await d.api.post(other, 'application/reply/send', { id, comment: 'Тоже сделаю' }), 'reply').id as number;
  const replies = must(await d.api.get(org.director, 'application/get', { id }), 'view').replies as { id: number; sameUser?: boolean }[];
  expect(replies.find((r) => r.id === replyId)?.sameUser).toBe(true);
  expect(replies.find((r) => r.id === otherReply)).not.toHaveProperty('sameUser');
  // The replier's own view carries no such mark (it is the customer's to read).
  const own = must(await d.api.get(x, 'application/get', { id }), 'own view').replies as { id: number }[];
  expect(own[0]).not.toHaveProperty('sameUser');

  expect(await answer(await d.api.post(org.director, 'application/named/executor', { id, replyId }))).toEqual(SELF_DEALING);
  const view = must(await d.api.get(org.director, 'application/get', { id }), 'view');
  expect(view.status).toBe('published');
  expect(view.executor).toBeNull();
});

it('a member of two organisations cannot name the one on the other’s application, nor can its director', async () => {
  const buyer = await makeOrganization(d, 'ООО «Покупатель»');
  const seller = await makeOrganization(d, 'ООО «Продавец»');
  const both = await makePerson(d.db, 'executor', 'Сотрудник Двух');
  await join(buyer.director, both);
  await join(seller.director, both);
  const id = must(await d.api.post(buyer.director, 'application/create', await completeFields(d.db)), 'create').id as number;
  const replyId = must(await d.api.post(seller.director, 'application/reply/send', { id, comment: 'Сделаем', price: 7000 }), 'reply').id as number;

  expect(await answer(await d.api.post(await asOrganization(both, buyer.organizationId), 'application/named/executor', { id, replyId }))).toEqual(SELF_DEALING);
  expect(await answer(await d.api.post(buyer.director, 'application/named/executor', { id, replyId }))).toEqual(SELF_DEALING);
  // A stranger's reply is named as ever.
  const stranger = await makePerson(d.db, 'executor', 'Посторонний Мастер');
  const strangersReply = must(await d.api.post(stranger, 'application/reply/send', { id, comment: 'Сделаю', price: 7500 }), 'reply').id as number;
  expect((await d.api.post(buyer.director, 'application/named/executor', { id, replyId: strangersReply })).status).toBe(200);
});

it('an executor who joins the customer organisation after he was named takes no step on either side; the director still may', async () => {
  const org = await makeOrganization(d, 'ООО «Поздний Сотрудник»');
  const x = await makePerson(d.db, 'executor', 'Исполнитель Поздний');
  const replier = await makePerson(d.db, 'executor', 'Другой Исполнитель');
  const deal = await applicationIn(d, 'in_work', { customer: org.director, executor: x, replier });
  await join(org.director, x);

  // As himself, the executor.
  expect(await answer(await d.api.post(x, 'application/confirm-execution', { id: deal.id }))).toEqual(BOTH_SIDES);
  const executorView = must(await d.api.get(x, 'application/get', { id: deal.id }), 'executor view');
  expect(executorView.allowedActions).not.toContain('application/confirm-execution');
  // …and his page says why he has no buttons.
  expect(executorView.actionsWithheld).toBe(BOTH_SIDES.message);
  // As the organisation, the customer.
  const xAsCustomer = await asOrganization(x, org.organizationId);
  expect(await answer(await d.api.post(xAsCustomer, 'application/stop-working/executor', { id: deal.id }))).toEqual(BOTH_SIDES);
  // Reading stays: the invoice downloads.
  const customerView = must(await d.api.get(xAsCustomer, 'application/get', { id: deal.id }), 'customer view');
  expect(customerView.allowedActions).toEqual(['application/payment-invoices/download']);
  expect(customerView.actionsWithheld).toBe(BOTH_SIDES.message);
  // The director, who is not on his side, may still part with him, and is told nothing of the kind.
  const directorView = must(await d.api.get(org.director, 'application/get', { id: deal.id }), 'director view');
  expect(directorView.allowedActions).toContain('application/stop-working/executor');
  expect(directorView).not.toHaveProperty('actionsWithheld');
  // His reply, named already, is not marked «cannot be chosen» (QA T-3): it is chosen.
  const named = (directorView.replies as { executor: { id: number }; sameUser?: boolean }[]).find((r) => r.executor.id === x.profileId);
  expect(named).toBeDefined();
  expect(named).not.toHaveProperty('sameUser');
  expect((await d.api.post(org.director, 'application/stop-working/executor', { id: deal.id })).status).toBe(200);
});
