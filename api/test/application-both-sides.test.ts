import { lifecycle } from '../src/modules/application/lifecycle';
import { loadCaller } from '../src/policy/caller';
import { applicationIn, completeFields, makePerson, must, setupDealApp, type DealContext, type Person } from './deal-helpers';
import { sent } from './messaging-helpers';
import { lastInviteCode, makeOrganization, makeStaffed } from './organization-helpers';

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
  // Reading stays: the invoice downloads; and the application's own documents, no step of the deal,
  // may be attached as by any member of the customer organisation (listed since QA OOO-1).
  const customerView = must(await d.api.get(xAsCustomer, 'application/get', { id: deal.id }), 'customer view');
  expect(customerView.allowedActions).toEqual(['application/payment-invoices/download', 'application/document/upload']);
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

describe('no notice of one’s own step (QA Z-12, Z-13, Z-14)', () => {
  /** Who was told `message` about the application, by user id. */
  const toldOf = async (applicationId: number, message: string) =>
    (
      await d.db.query<{ userId: number }>('select user_id as "userId" from notifications where application_id = $1 and message = $2 order by user_id', [applicationId, message])
    ).map((n) => n.userId);

  /** An application of a staffed organisation that `x` (an executor of his own) replied to, then joined the organisation. */
  async function repliedThenJoined(name: string) {
    const org = await makeStaffed(d, name);
    const x = await makePerson(d.db, 'executor', 'Исполнитель Свой');
    const id = must(await d.api.post(org.director, 'application/create', await completeFields(d.db)), 'create').id as number;
    must(await d.api.post(x, 'application/reply/send', { id, comment: 'Сделаю', price: 9000 }), 'reply');
    await join(org.director, x);
    const [row] = await d.db.query<{ number: number }>('select number from applications where id = $1', [id]);
    return { org, x, id, number: row!.number };
  }

  it('a replier who has joined the customer organisation withdraws his reply: its other members are told, he is not', async () => {
    const { org, x, id, number } = await repliedThenJoined('ООО «Свой Отзыв»');
    must(await d.api.post(x, 'application/reply/remove', { id }), 'withdraw');
    const told = await toldOf(id, `Исполнитель отозвал отклик на заявку № ${number}`);
    expect(told).toEqual([org.director.userId, org.employee.userId].sort((a, b) => a - b));
    expect(told).not.toContain(x.userId);
  });

  it('his message to the organisation leaves a notice for its other members, none for him', async () => {
    const { org, x, id } = await repliedThenJoined('ООО «Своё Сообщение»');
    const message = await sent(d, x, { applicationId: id, text: 'Когда можно приехать?' });
    const told = await d.db.query<{ userId: number }>("select user_id as \"userId\" from notifications where messaging_id = $1 and kind = 'message' order by user_id", [message.messagingId]);
    expect(told.map((n) => n.userId)).toEqual([org.director.userId, org.employee.userId].sort((a, b) => a - b));
  });

  it('a step that names the acting profile tells none of its members (the acting side hears nothing of its own step)', async () => {
    // No API action names the acting profile (its application refuses its own replies), so the
    // lifecycle is driven with an effect that does, beside the other side.
    const org = await makeStaffed(d, 'ООО «Свой Шаг»');
    const replier = await makePerson(d.db, 'executor', 'Исполнитель Другой');
    const deal = await applicationIn(d, 'published', { customer: org.director, executor: replier, replier });
    const director = (await loadCaller(d.db, { userId: org.director.userId, sessionId: 'test' }))!;
    expect(director.profile?.id).toBe(org.organizationId);
    await lifecycle({ db: d.db, now: () => new Date() }).perform({
      id: deal.id,
      action: 'application/set-status/no-publish',
      caller: director,
      effect: async (ctx) => {
        ctx.notify(org.organizationId, 'Свой шаг');
        ctx.notify(replier.profileId, 'Чужой шаг');
      },
    });
    expect(await toldOf(deal.id, 'Свой шаг')).toEqual([]);
    expect(await toldOf(deal.id, 'Чужой шаг')).toEqual([replier.userId]);
  });
});
