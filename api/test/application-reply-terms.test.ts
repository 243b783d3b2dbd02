import { completeFields, inDays, makePerson, must, setupDealApp, type DealContext } from './deal-helpers';

/**
 * A reply without a price of its own agrees to the application's price (§8: "the agreed price is
 * the reply's, else the application's"). Sent with the price its sender saw (`seenPrice`), it is
 * refused when the customer changed the price meanwhile, instead of binding him to one he never saw.
 */
let d: DealContext;
beforeAll(async () => {
  d = await setupDealApp();
});
afterAll(() => d.close());

const replies = async (id: number) =>
  (await d.db.query<{ price: string | null }>('select price::text as price from application_replies where application_id = $1', [id])).map((r) => r.price);

it('a reply at the price seen is refused once the price changed, and goes at the new price once seen', async () => {
  const customer = await makePerson(d.db, 'customer', 'Заказчик Цены');
  const executor = await makePerson(d.db, 'executor', 'Исполнитель Цены');
  const id = must(await d.api.post(customer, 'application/create', { ...(await completeFields(d.db)), price: 1000 }), 'create').id as number;
  must(await d.api.post(customer, 'application/update/price', { id, price: 2000 }), 'new price');

  const stale = await d.api.post(executor, 'application/reply/send', { id, comment: 'Сделаю', seenPrice: 1000 });
  expect(stale.status).toBe(409);
  expect(stale.body).toMatchObject({ code: 'price_changed', message: 'Цена заявки изменилась: теперь 2\u00a0000\u00a0₽. Проверьте условия и отправьте отклик снова' });
  expect(await replies(id)).toEqual([]);

  must(await d.api.post(executor, 'application/reply/send', { id, comment: 'Сделаю', seenPrice: 2000 }), 'reply at the price seen');
  expect(await replies(id)).toEqual([null]);
});

it('a price of his own, or no seenPrice (an older client), is taken as before', async () => {
  const customer = await makePerson(d.db, 'customer', 'Заказчик Своей Цены');
  const id = must(await d.api.post(customer, 'application/create', { ...(await completeFields(d.db)), price: 1000 }), 'create').id as number;
  must(await d.api.post(customer, 'application/update/price', { id, price: 0 }), 'negotiable');
  const own = await makePerson(d.db, 'executor', 'Со своей ценой');
  must(await d.api.post(own, 'application/reply/send', { id, comment: 'За 1500', price: 1500, seenPrice: 1000 }), 'own price');
  const old = await makePerson(d.db, 'executor', 'Старый клиент');
  must(await d.api.post(old, 'application/reply/send', { id, comment: 'По цене заявки' }), 'no seenPrice');
  // A negotiable price seen as 1 000 ₽: said so.
  const stale = await d.api.post(await makePerson(d.db, 'executor', 'Не видел'), 'application/reply/send', { id, comment: 'Сделаю', seenPrice: 1000 });
  expect(stale.body.message).toBe('Цена заявки изменилась: теперь она договорная. Укажите свою цену или отправьте отклик снова');
  // «Цена договорная» seen as such (null or 0) is the same price.
  must(await d.api.post(await makePerson(d.db, 'executor', 'Видел договорную'), 'application/reply/send', { id, comment: 'Обсудим', seenPrice: null }), 'negotiable seen');
});

// QA WWW-1: sent at 1 000 ₽, the price lowered to 300 ₽ after, named at once: the executor was bound to 300 ₽.
it('a reply without its own price is named at the price it was sent at when the price was lowered since, at the new one when raised', async () => {
  const customer = await makePerson(d.db, 'customer', 'Заказчик Сниженной');
  const id = must(await d.api.post(customer, 'application/create', { ...(await completeFields(d.db)), price: 1000 }), 'create').id as number;
  const early = await makePerson(d.db, 'executor', 'Откликнулся при 1000');
  const replyId = must(await d.api.post(early, 'application/reply/send', { id, comment: 'Сделаю', seenPrice: 1000 }), 'reply').id as number;
  must(await d.api.post(customer, 'application/update/price', { id, price: 300 }), 'lowered');
  const late = await makePerson(d.db, 'executor', 'Откликнулся при 300');
  const lateReply = must(await d.api.post(late, 'application/reply/send', { id, comment: 'Сделаю', seenPrice: 300 }), 'late reply').id as number;

  // The customer reads what each agreed to.
  const view = must(await d.api.get(customer, 'application/get', { id }), 'view');
  expect(view.replies.map((r: { id: number; price: number | null; seenPrice: number | null }) => [r.id, r.price, r.seenPrice])).toEqual(
    expect.arrayContaining([[replyId, null, 1000], [lateReply, null, 300]]),
  );

  must(await d.api.post(customer, 'application/named/executor', { id, replyId }), 'named');
  const named = must(await d.api.get(customer, 'application/get', { id }), 'named view');
  expect([named.price, named.payment]).toEqual([1000, expect.objectContaining({ status: 'awaiting', amount: 1000 })]);
  // The floor of the customer's price is that agreed one (QA AAF-1).
  expect((await d.api.post(customer, 'application/update/price', { id, price: 999 })).status).toBe(409);

  // Raised since the reply: the raise is his.
  const other = must(await d.api.post(customer, 'application/create', { ...(await completeFields(d.db)), price: 1000 }), 'create').id as number;
  const raisedReply = must(await d.api.post(early, 'application/reply/send', { id: other, comment: 'Сделаю', seenPrice: 1000 }), 'reply').id as number;
  must(await d.api.post(customer, 'application/update/price', { id: other, price: 1500 }), 'raised');
  must(await d.api.post(customer, 'application/named/executor', { id: other, replyId: raisedReply }), 'named');
  expect(must(await d.api.get(customer, 'application/get', { id: other }), 'view').price).toBe(1500);
});

it('a reply to an application no longer published is told that replies are over, not that the action is unavailable', async () => {
  const customer = await makePerson(d.db, 'customer', 'Заказчик Снятой');
  const id = must(await d.api.post(customer, 'application/create', await completeFields(d.db)), 'create').id as number;
  must(await d.api.post(customer, 'application/set-status/no-publish', { id }), 'unpublish');
  const late = await d.api.post(await makePerson(d.db, 'executor', 'Опоздавший'), 'application/reply/send', { id, comment: 'Сделаю' });
  expect(late.status).toBe(409);
  expect(late.body.message).toBe('Заявка больше не принимает отклики');
});

it('a new reply deadline is told to those whose replies wait, once, and to nobody when it stays the same', async () => {
  const customer = await makePerson(d.db, 'customer', 'Заказчик Срока');
  const replier = await makePerson(d.db, 'executor', 'Ждущий Исполнитель');
  const id = must(await d.api.post(customer, 'application/create', await completeFields(d.db)), 'create').id as number;
  must(await d.api.post(replier, 'application/reply/send', { id, comment: 'Готов' }), 'reply');
  const notices = async () =>
    (await d.db.query<{ message: string }>(`select message from notifications where user_id = $1 and message like '%срок приёма откликов%'`, [replier.userId])).map((n) => n.message);
  const number = must(await d.api.get(customer, 'application/get', { id }), 'view').number as number;

  const later = inDays(10);
  must(await d.api.post(customer, 'application/update/feedback', { id, feedbackDeadline: later }), 'later');
  must(await d.api.post(customer, 'application/update/feedback', { id, feedbackDeadline: later }), 'the same');
  const [year, month, day] = later.split('-').map(Number);
  const monthName = ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'][month! - 1];
  expect(await notices()).toEqual([`Заказчик изменил срок приёма откликов по заявке № ${number}: до ${day} ${monthName} ${year}`]);
});

it('naming or rejecting the last reply, withdrawn meanwhile, says it was withdrawn, as when other replies remain', async () => {
  const customer = await makePerson(d.db, 'customer', 'Заказчик Отозванного');
  const executor = await makePerson(d.db, 'executor', 'Передумавший Исполнитель');
  const id = must(await d.api.post(customer, 'application/create', await completeFields(d.db)), 'create').id as number;
  const replyId = must(await d.api.post(executor, 'application/reply/send', { id, comment: 'Готов' }), 'reply').id as number;
  must(await d.api.post(executor, 'application/reply/remove', { id }), 'withdraw');
  for (const [path, body] of [['application/named/executor', { id, replyId }], ['application/reply/reject', { id, replyId }]] as const) {
    const late = await d.api.post(customer, path, body);
    expect({ path, status: late.status, message: late.body.message }).toEqual({ path, status: 409, message: 'Исполнитель уже отозвал этот отклик' });
  }
  // A reply that is none of this application's is still not found.
  expect((await d.api.post(customer, 'application/named/executor', { id, replyId: replyId + 100_000 })).status).toBe(404);
});
