import { APPLICATION_CHANGED, APPLICATION_CHANGED_MESSAGE, APPLICATION_REQUIRED_MESSAGES, applicationSeenOf, REVIEW_CHANGED, REVIEW_CHANGED_MESSAGE } from 'shared/contract';
import { lifecycle } from '../src/modules/application/lifecycle';
import { moneyService } from '../src/modules/money/service';
import { paymentService } from '../src/modules/payment/service';
import { applicationIn, caller, completeFields, makePerson, must, type Person } from './deal-helpers';
import { setupTestApp, type TestContext } from './helpers';

let ctx: TestContext;
let api: ReturnType<typeof caller>;
let pay: (applicationId: number, kopecks: number, operationId?: string) => Promise<{ replayed: boolean }>;
beforeAll(async () => {
  ctx = await setupTestApp();
  api = caller(ctx.app);
  const money = moneyService({ db: ctx.db, feePercent: 0 });
  const payments = paymentService({ db: ctx.db, money, lifecycle: lifecycle({ db: ctx.db, now: () => new Date() }) });
  pay = (applicationId, kopecks, operationId = `op-${applicationId}-${kopecks}`) => payments.receive({ applicationId, amountKopecks: kopecks, operationId });
});
afterAll(() => ctx.close());

const balance = async (profileId: number) => {
  const [row] = await ctx.db.query<{ n: string }>(`select coalesce(sum(amount_kopecks), 0)::text as n from ledger_entries where account = $1`, [`profile:${profileId}`]);
  return Number(row!.n);
};

async function published(customer: Person, overrides: Record<string, unknown> = {}) {
  const res = await api.post(customer, 'application/create', await completeFields(ctx.db, overrides));
  expect(res.status).toBe(200);
  return res.body.data.id as number;
}

async function named(customer: Person, executor: Person, price?: number) {
  const id = await published(customer);
  const reply = await api.post(executor, 'application/reply/send', { id, comment: 'Сделаю за неделю', ...(price !== undefined ? { price } : {}) });
  expect(reply.status).toBe(200);
  const naming = await api.post(customer, 'application/named/executor', { id, replyId: reply.body.data.id });
  expect(naming.status).toBe(200);
  return id;
}

describe('an application from draft to closed and paid', () => {
  it('carries one application through every step, with history, notifications and money', async () => {
    const customer = await makePerson(ctx.db, 'customer');
    const executor = await makePerson(ctx.db, 'executor');

    const draft = await api.post(customer, 'application/draft/upsert', { name: 'Покраска забора' });
    expect(draft.status).toBe(200);
    expect(draft.body).toMatchObject({ data: { status: 'draft', name: 'Покраска забора' }, message: 'Черновик сохранён' });
    const id = draft.body.data.id as number;

    const incomplete = await api.post(customer, 'application/create', { id });
    expect(incomplete.status).toBe(409);
    expect(incomplete.body.message).toBe('Заполните все обязательные поля заявки');
    // Which fields the draft lacks, each in the words the form uses (the name it has).
    expect(incomplete.body.code).toBe('incomplete');
    const { name: _named, ...lacking } = APPLICATION_REQUIRED_MESSAGES;
    expect(incomplete.body.errors).toEqual(lacking);
    expect(incomplete.body.errors?.description).toBe('Укажите описание заявки');

    const { name: _name, ...rest } = await completeFields(ctx.db, { price: 12000.5 });
    const pub = await api.post(customer, 'application/create', { id, ...rest });
    expect(pub.status).toBe(200);
    expect(pub.body.data).toMatchObject({ status: 'published', price: 12000.5 });

    const publicView = await api.get(null, 'application/get', { id });
    expect(publicView.status).toBe(200);
    expect(publicView.body.data.replies).toBeUndefined();

    const reply = await api.post(executor, 'application/reply/send', { id, comment: 'Готов начать завтра' });
    expect(reply.status).toBe(200);
    // Not in the public catalogue (no service offered), but a replier: his page shows him to the
    // customer choosing, rating and reviews (QA AAE-3), so his reply links it.
    expect(reply.body.data).toMatchObject({ applicationId: id, status: 'active', executor: { id: executor.profileId, listed: true } });
    expect((await api.get(null, 'executor/get', { id: executor.profileId })).status).toBe(200);
    const again = await api.post(executor, 'application/reply/send', { id, comment: 'Ещё раз' });
    expect(again.status).toBe(409);

    await ctx.db.query('insert into profile_services (profile_id, service_id) select $1, min(id) from services where parent_id is not null', [executor.profileId]);
    const customerView = await api.get(customer, 'application/get', { id });
    expect(customerView.body.data.replies).toHaveLength(1);
    // Offering a service too, he still is: the customer's view of his reply says so, for the link to /executor/:id.
    expect(customerView.body.data.replies[0].executor).toEqual({ id: executor.profileId, name: 'Исполнитель Тестов', type: 'executor', listed: true });
    expect(customerView.body.data.allowedActions).toEqual(expect.arrayContaining(['application/named/executor', 'application/reply/reject']));

    expect((await api.post(customer, 'application/named/executor', { id, replyId: reply.body.data.id })).status).toBe(200);
    const startUnpaid = await api.post(executor, 'application/start-working/executor', { id });
    expect(startUnpaid.status).toBe(409);
    expect(startUnpaid.body.message).toBe('Работу можно начать только после оплаты заявки');

    const executorView = await api.get(executor, 'application/get', { id });
    expect(executorView.body.data.payment).toEqual({ status: 'awaiting', amount: 12000.5, fee: 0 });
    expect(executorView.body.data.executor).toMatchObject({ id: executor.profileId });

    expect(await pay(id, 1_200_050)).toEqual({ replayed: false });
    expect(await pay(id, 1_200_050)).toEqual({ replayed: true });

    expect((await api.post(executor, 'application/start-working/executor', { id })).body.data.status).toBe('in_work');
    expect((await api.post(executor, 'application/confirm-execution', { id })).body.data.status).toBe('on_review');
    const revision = await api.post(customer, 'application/send/revision', { id, comment: 'Докрасить калитку' });
    expect(revision.body.data.status).toBe('revision');
    expect((await api.post(executor, 'application/confirm-execution', { id })).body.data.status).toBe('on_review');
    expect((await api.post(customer, 'application/verification', { id })).body.data.status).toBe('executed');
    const early = await api.post(customer, 'application/close', { id });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Сначала оставьте отзыв о работе');
    expect((await api.post(customer, 'application/review', { id, rating: 5, text: 'Отлично' })).status).toBe(200);
    const closed = await api.post(customer, 'application/close', { id });
    expect(closed.body).toMatchObject({ data: { status: 'closed' }, message: 'Заявка закрыта' });

    expect(await balance(executor.profileId)).toBe(1_200_050);
    const final = await api.get(customer, 'application/get', { id });
    expect(final.body.data.payment).toEqual({ status: 'released', amount: 12000.5, fee: 0 });
    expect(final.body.data.review).toEqual({ rating: 5, text: 'Отлично' });
    expect(final.body.data.history.map((h: { status: string }) => h.status)).toEqual([
      'draft', 'published', 'executor_named', 'in_work', 'on_review', 'revision', 'on_review', 'executed', 'closed',
    ]);
    expect(final.body.data.history.find((h: { status: string }) => h.status === 'revision').comment).toBe('Докрасить калитку');
    // The invoice stays as the paid one's record; a QR code would only pay a second time.
    expect(final.body.data.allowedActions).toEqual(['application/payment-invoices/download']);

    const notes = await ctx.db.query<{ message: string }>('select message from notifications where user_id = $1 order by id', [executor.userId]);
    expect(notes.map((n) => n.message)).toEqual(expect.arrayContaining([expect.stringContaining('Вас выбрали исполнителем'), expect.stringContaining(': закрыта')]));
    // The close released the payment: the executor is told where it went (QA BAD-3).
    expect(notes.map((n) => n.message)).toContainEqual(expect.stringMatching(/^Заявка № \d+: закрыта\. Оплата зачислена на ваш баланс$/));
    // A revision's comment says what to redo; a stop or a cancel says its «Причина» (below).
    expect(notes.map((n) => n.message)).toContainEqual(expect.stringMatching(/^Заявка № \d+: на доработке\. Комментарий: Докрасить калитку$/));
  });

  it('lists the caller’s applications by role and status', async () => {
    const customer = await makePerson(ctx.db, 'customer');
    const executor = await makePerson(ctx.db, 'executor');
    const id = await named(customer, executor);
    await api.post(customer, 'application/draft/upsert', { name: 'Черновик' });
    const mine = await api.get(customer, 'user/application/get-collection', { role: 'customer' });
    expect(mine.body.data.total).toBe(2);
    const drafts = await api.get(customer, 'user/application/get-collection', { role: 'customer', status: 'draft' });
    expect(drafts.body.data.items.map((a: { name: string }) => a.name)).toEqual(['Черновик']);
    const work = await api.get(executor, 'user/application/get-collection', { role: 'executor' });
    expect(work.body.data.items.map((a: { id: number }) => a.id)).toEqual([id]);
  });

  it("counts on each of the customer's applications the replies waiting on it", async () => {
    const customer = await makePerson(ctx.db, 'customer');
    const first = await makePerson(ctx.db, 'executor');
    const second = await makePerson(ctx.db, 'executor');
    const id = must(await api.post(customer, 'application/create', await completeFields(ctx.db)), 'create').id as number;
    await api.post(customer, 'application/draft/upsert', { name: 'Черновик без откликов' });
    for (const who of [first, second]) must(await api.post(who, 'application/reply/send', { id, comment: 'Готов' }), 'reply');
    must(await api.post(second, 'application/reply/remove', { id }), 'withdraw');
    const mine = (await api.get(customer, 'user/application/get-collection', { role: 'customer' })).body.data.items as { id: number; activeReplies: number }[];
    expect(mine.map((a) => [a.id === id, a.activeReplies])).toEqual(expect.arrayContaining([[true, 1], [false, 0]]));
    // An executor's list carries no count: the replies are the customer's to see.
    const theirs = (await api.get(first, 'user/application/get-collection', { role: 'executor' })).body.data.items;
    expect(theirs[0]).not.toHaveProperty('activeReplies');
  });
});

describe('the caller\'s applications searched by name', () => {
  it('finds ё by е and е by ё, whatever the case', async () => {
    const customer = await makePerson(ctx.db, 'customer');
    for (const name of ['Ёмкость для воды', 'Елка во дворе', 'Забор']) await api.post(customer, 'application/draft/upsert', { name });
    const found = async (query: string) =>
      (await api.get(customer, 'user/application/get-collection', { role: 'customer', query })).body.data.items.map((a: { name: string }) => a.name);
    expect(await found('емкость')).toEqual(['Ёмкость для воды']);
    expect(await found('ЁЛКА')).toEqual(['Елка во дворе']);
    expect(await found('заб')).toEqual(['Забор']);
    expect(await found('%')).toEqual([]);
  });

  it('finds an application by its number, as its card shows it', async () => {
    const customer = await makePerson(ctx.db, 'customer');
    const other = await makePerson(ctx.db, 'customer');
    const mine = (await api.post(customer, 'application/draft/upsert', { name: 'Покраска фасада' })).body.data;
    await api.post(customer, 'application/draft/upsert', { name: 'Забор' });
    const theirs = (await api.post(other, 'application/draft/upsert', { name: 'Чужая заявка' })).body.data;
    const found = async (query: string) =>
      (await api.get(customer, 'user/application/get-collection', { role: 'customer', query })).body.data.items.map((a: { id: number }) => a.id);
    expect(await found(String(mine.number))).toEqual([mine.id]);
    expect(await found(`№ ${mine.number}`)).toEqual([mine.id]);
    expect(await found(`№${mine.number}`)).toEqual([mine.id]);
    // Another's number finds nothing: the list stays the caller's.
    expect(await found(String(theirs.number))).toEqual([]);
  });
});

describe("the caller's applications sorted (ARCHITECTURE §3 `attributeSort`, `typeSort`; QA OOO-2)", () => {
  it('by the last changed first unless asked, by name or price either way, and refuses an unknown sort with 422', async () => {
    const customer = await makePerson(ctx.db, 'customer');
    const ids: Record<string, number> = {};
    for (const [name, price] of [['Бетон', 300], ['Асфальт', 100], ['Вентиляция', 200]] as const) {
      ids[name] = must(await api.post(customer, 'application/draft/upsert', { name, price }), 'draft').id as number;
    }
    // The first one changed last.
    must(await api.post(customer, 'application/draft/upsert', { id: ids['Бетон'], name: 'Бетон', price: 300, description: 'Марка М300' }), 'edit');
    const names = async (sort: Record<string, string>) =>
      (await api.get(customer, 'user/application/get-collection', { role: 'customer', ...sort })).body.data.items.map((a: { name: string }) => a.name);
    expect(await names({})).toEqual(['Бетон', 'Вентиляция', 'Асфальт']);
    expect(await names({ attributeSort: 'name', typeSort: 'asc' })).toEqual(['Асфальт', 'Бетон', 'Вентиляция']);
    expect(await names({ attributeSort: 'price', typeSort: 'desc' })).toEqual(['Бетон', 'Вентиляция', 'Асфальт']);
    expect(await names({ attributeSort: 'price', typeSort: 'asc' })).toEqual(['Асфальт', 'Вентиляция', 'Бетон']);
    expect(await names({ attributeSort: 'createdAt', typeSort: 'asc' })).toEqual(['Бетон', 'Асфальт', 'Вентиляция']);
    const bad = await api.get(customer, 'user/application/get-collection', { role: 'customer', attributeSort: 'zzz', typeSort: 'sideways' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(['attributeSort', 'typeSort']);
  });
});

describe('parting early', () => {
  it('stop-working refunds held money to the customer and frees the application for another executor', async () => {
    const customer = await makePerson(ctx.db, 'customer');
    const executor = await makePerson(ctx.db, 'executor');
    const other = await makePerson(ctx.db, 'organization', 'ООО Ремонт');
    const id = await named(customer, executor, 9000);
    const otherReply = await api.post(other, 'application/reply/send', { id, comment: 'Мы тоже можем' });
    expect(otherReply.status).toBe(409);
    await pay(id, 900_000);
    const stop = await api.post(customer, 'application/stop-working/executor', { id, comment: 'Не выходит на связь' });
    expect(stop.body.data.status).toBe('stopped_by_customer');
    expect(await balance(customer.profileId)).toBe(900_000);
    const view = await api.get(customer, 'application/get', { id });
    expect(view.body.data).toMatchObject({ executor: null, payment: { status: 'refunded' } });
    const executorNow = await api.get(executor, 'application/get', { id });
    expect(executorNow.body.data).toMatchObject({ status: 'stopped_by_customer', allowedActions: [] });
    const republished = await api.post(customer, 'application/update', { id, feedbackDeadline: completeFieldsDate(5) });
    expect(republished.body.data.status).toBe('published');
  });

  it("the deal's price gives way to the customer's own when its executor leaves: the next one «по цене заявки» agrees to that", async () => {
    const customer = await makePerson(ctx.db, 'customer');
    const bidder = await makePerson(ctx.db, 'executor');
    const second = await makePerson(ctx.db, 'executor', 'Второй Исполнитель');
    const id = await published(customer, { price: 15000 });
    // A bid of 0 is no offer: work could never start at it (§8: a price above zero).
    const zero = await api.post(bidder, 'application/reply/send', { id, price: 0, comment: 'Бесплатно' });
    expect(zero.status).toBe(422);
    expect(zero.body.errors).toEqual({ price: 'Предложите цену больше нуля или оставьте поле пустым — тогда останется цена заявки' });
    const bid = await api.post(bidder, 'application/reply/send', { id, price: 9000, comment: 'Сделаю за 9000' });
    const atAskedPrice = await api.post(second, 'application/reply/send', { id, comment: 'Сделаю по вашей цене' });
    expect((await api.post(customer, 'application/named/executor', { id, replyId: bid.body.data.id })).status).toBe(200);
    const get = async () => (await api.get(customer, 'application/get', { id })).body.data;
    expect(await get()).toMatchObject({ price: 9000, askedPrice: 15000, payment: { status: 'awaiting', amount: 9000 } });
    // The named executor sees his price; the one left waiting the customer's, never the other's bid.
    expect((await api.get(bidder, 'application/get', { id })).body.data).toMatchObject({ price: 9000 });
    expect((await api.get(bidder, 'application/get', { id })).body.data).not.toHaveProperty('askedPrice');
    expect((await api.get(second, 'application/get', { id })).body.data).toMatchObject({ price: 15000 });
    const listed = async (who: Person) =>
      (await api.get(who, 'user/application/get-collection', { role: 'executor' })).body.data.items.find((a: { id: number }) => a.id === id);
    expect(await listed(second)).toMatchObject({ price: 15000, participation: 'active' });
    expect(await listed(bidder)).toMatchObject({ price: 9000 });

    await pay(id, 900_000);
    expect((await api.post(customer, 'application/stop-working/executor', { id, comment: 'Не выходит на связь' })).status).toBe(200);
    expect(await get()).toMatchObject({ status: 'stopped_by_customer', price: 15000, askedPrice: null, executor: null });
    // The refund is what was paid (the bid), not the price the application went back to.
    expect((await get()).payment).toMatchObject({ status: 'refunded', amount: 9000 });
    // Republished as it stands (the edit form sends the price it shows): the customer's price.
    const republished = await api.post(customer, 'application/update', { id, price: (await get()).price, feedbackDeadline: completeFieldsDate(5) });
    expect(republished.body.data).toMatchObject({ status: 'published', price: 15000 });

    // The reply that waited «по цене заявки» is named at the customer's price, not the first bid.
    expect((await api.post(customer, 'application/named/executor', { id, replyId: atAskedPrice.body.data.id })).status).toBe(200);
    expect(await get()).toMatchObject({ price: 15000, payment: { status: 'awaiting', amount: 15000 } });
    // A cancel by that executor leaves it so too.
    const sent = await api.post(second, 'application/cancel/executor/send/sms', { id });
    expect(sent.status).toBe(200);
    const [sms] = await ctx.db.query<{ code: string }>(`select code from dev_sms_messages where phone = $1 order by id desc limit 1`, [second.phone]);
    expect((await api.post(second, 'application/cancel/executor', { id, code: sms!.code })).status).toBe(200);
    expect(await get()).toMatchObject({ price: 15000, executor: null });
  });

  it('a rejected reply: the executor is told the reason, and sees its reply, not the application going on', async () => {
    const customer = await makePerson(ctx.db, 'customer');
    const executor = await makePerson(ctx.db, 'executor');
    const id = await published(customer);
    const reply = await api.post(executor, 'application/reply/send', { id, comment: 'Сделаю за неделю' });
    expect((await api.post(customer, 'application/reply/reject', { id, replyId: reply.body.data.id, reason: 'Выбрали другого' })).status).toBe(200);

    const notes = await ctx.db.query<{ message: string }>(`select message from notifications where user_id = $1 order by id`, [executor.userId]);
    expect(notes.at(-1)?.message).toMatch(/^Ваш отклик на заявку № \d+ отклонён\. Причина: Выбрали другого$/);
    const view = await api.get(executor, 'application/get', { id });
    expect(view.body.data.replies.map((r: { status: string }) => r.status)).toEqual(['rejected']);
    expect(view.body.data).not.toHaveProperty('history');
  });

  it('a stopped executor still opens, read-only, the application its list and the stop notification show', async () => {
    const customer = await makePerson(ctx.db, 'customer');
    const executor = await makePerson(ctx.db, 'executor');
    const stranger = await makePerson(ctx.db, 'executor', 'Посторонний Исполнитель');
    const id = await named(customer, executor, 9000);
    await pay(id, 900_000);
    expect((await api.post(executor, 'application/start-working/executor', { id })).status).toBe(200);
    expect((await api.post(customer, 'application/stop-working/executor', { id, comment: 'Не выходит на связь' })).status).toBe(200);

    const listed = await api.get(executor, 'user/application/get-collection', { role: 'executor' });
    expect(listed.body.data.items.map((a: { id: number }) => a.id)).toContain(id);
    const [note] = await ctx.db.query<{ link: string; message: string }>(`select link, message from notifications where user_id = $1 and message like '%: остановлена заказчиком%'`, [executor.userId]);
    expect(note?.link).toBe(`/lk/application/detail/${id}`);
    // The customer's comment reaches him: he no longer sees the deal's history.
    expect(note?.message).toMatch(/^Заявка № \d+: остановлена заказчиком\. Причина: Не выходит на связь$/);

    const view = await api.get(executor, 'application/get', { id });
    expect(view.status).toBe(200);
    expect(view.body.data).toMatchObject({ id, status: 'stopped_by_customer', allowedActions: [] });
    expect(view.body.data.replies.map((r: { executor: { id: number }; status: string; reason: string | null }) => [r.executor.id, r.status, r.reason])).toEqual([
      [executor.profileId, 'rejected', 'Не выходит на связь'],
    ]);
    // Its own reply, not the deal that may go on without it: no history, payment, contract or report.
    for (const field of ['history', 'payment', 'contract', 'report', 'executor']) expect(view.body.data).not.toHaveProperty(field);
    // Read-only: the work it was stopped from is refused like any other outsider's.
    expect((await api.post(executor, 'application/confirm-execution', { id })).status).toBe(403);
    expect((await api.post(executor, 'application/start-working/executor', { id })).status).toBe(403);
    // Someone who never replied still sees nothing of it: refused (ARCHITECTURE §8; QA OOO-3).
    expect((await api.get(stranger, 'application/get', { id })).status).toBe(403);
  });

  it('executor cancel needs the SMS code sent to its own phone', async () => {
    const customer = await makePerson(ctx.db, 'customer');
    const executor = await makePerson(ctx.db, 'executor');
    const id = await named(customer, executor);
    const wrongPhone = await api.post(executor, 'application/cancel/executor/send/sms', { id, phone: '79001112233' });
    expect(wrongPhone.status).toBe(422);
    const sent = await api.post(executor, 'application/cancel/executor/send/sms', { id });
    expect(sent.status).toBe(200);
    expect(sent.body.data.codeReceived).toEqual(expect.any(Number));
    const bad = await api.post(executor, 'application/cancel/executor', { id, code: '000000' });
    const [sms] = await ctx.db.query<{ code: string; text: string }>(`select code, text from dev_sms_messages where phone = $1 order by id desc limit 1`, [executor.phone]);
    // The SMS names the step as its button does («Отказаться от заявки») and the application by its number.
    const [app] = await ctx.db.query<{ number: number }>('select number from applications where id = $1', [id]);
    expect(sms!.text).toBe(`Код для отказа от заявки № ${app!.number}: ${sms!.code}. Никому не сообщайте его.`);
    if (sms!.code === '000000') expect(bad.status).toBe(200);
    else expect(bad.status).toBe(422);
    const ok = await api.post(executor, 'application/cancel/executor', { id, code: sms!.code, reason: 'Заболел' });
    expect(ok.body.data.status).toBe('cancelled_by_executor');
    // The customer sees the withdrawn reply with the executor's reason, and is told it.
    const replies = (await api.get(customer, 'application/get', { id })).body.data.replies;
    expect(replies.map((r: { status: string; reason: string | null }) => [r.status, r.reason])).toEqual([['withdrawn', 'Заболел']]);
    const [told] = await ctx.db.query<{ message: string }>(`select message from notifications where user_id = $1 order by id desc limit 1`, [customer.userId]);
    expect(told?.message).toMatch(/^Заявка № \d+: отменена исполнителем\. Причина: Заболел$/);
    const customerSendsSms = await api.post(customer, 'application/cancel/executor/send/sms', { id });
    expect(customerSendsSms.status).toBe(403);
  });

  it('a paid deal cancelled by the executor tells the customer his payment is back on his balance (QA BAD-3)', async () => {
    const customer = await makePerson(ctx.db, 'customer');
    const executor = await makePerson(ctx.db, 'executor');
    const id = await named(customer, executor, 2000.02);
    await pay(id, 200_002);
    must(await api.post(executor, 'application/cancel/executor/send/sms', { id }), 'code');
    const [sms] = await ctx.db.query<{ code: string }>(`select code from dev_sms_messages where phone = $1 order by id desc limit 1`, [executor.phone]);
    must(await api.post(executor, 'application/cancel/executor', { id, code: sms!.code, reason: 'Не успеваю' }), 'cancel');
    expect(await balance(customer.profileId)).toBe(200_002);
    const [told] = await ctx.db.query<{ message: string }>(`select message from notifications where user_id = $1 order by id desc limit 1`, [customer.userId]);
    expect(told?.message).toMatch(/^Заявка № \d+: отменена исполнителем\. Причина: Не успеваю\. Оплата возвращена на ваш баланс$/);
  });
});

describe('conflicts', () => {
  it('two conflicting transitions at once: one wins, the other gets 409', async () => {
    const customer = await makePerson(ctx.db, 'customer');
    const executor = await makePerson(ctx.db, 'executor');
    // A deal at 0 («Цена договорная»): nothing to pay, so the price may still change. The 0 is the
    // application's; a reply's own 0 is refused (replyPriceSchema).
    const id = await published(customer, { price: 0 });
    const reply = await api.post(executor, 'application/reply/send', { id, comment: 'Сделаю за неделю' });
    expect((await api.post(customer, 'application/named/executor', { id, replyId: reply.body.data.id })).status).toBe(200);
    const results = await Promise.all([
      api.post(customer, 'application/stop-working/executor', { id }),
      api.post(customer, 'application/update/price', { id, price: 100 }),
      api.post(customer, 'application/stop-working/executor', { id }),
    ]);
    const stops = [results[0]!, results[2]!].map((r) => r.status).sort();
    expect(stops).toEqual([200, 409]);
  });

  it('a review form opened before another review was given, or on one changed since, is refused 409, not written over it (QA WWW-2)', async () => {
    const customer = await makePerson(ctx.db, 'customer');
    const executor = await makePerson(ctx.db, 'executor');
    const d = { app: ctx.app, db: ctx.db, api, pay, close: async () => {} };
    const { id } = await applicationIn(d, 'executed', { customer, executor, replier: await makePerson(ctx.db, 'executor') });
    const review = (body: Record<string, unknown>) => api.post(customer, 'application/review', { id, ...body });
    const given = async () => (await api.get(customer, 'application/get', { id })).body.data.review;

    // Tab A gives 5; tab B, opened before it, sends 2 on «no review yet».
    expect((await review({ rating: 5, text: 'Отлично', seenReview: null })).status).toBe(200);
    const stale = await review({ rating: 2, text: 'Плохо', seenReview: null });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: REVIEW_CHANGED, message: REVIEW_CHANGED_MESSAGE });
    expect(await given()).toEqual({ rating: 5, text: 'Отлично' });
    // A form opened on an older version of it, the same.
    expect((await review({ rating: 3, text: 'Так себе', seenReview: { rating: 4, text: 'Отлично' } })).status).toBe(409);
    // One that saw it changes it; one that says nothing of what it saw, as before.
    expect((await review({ rating: 4, text: 'Хорошо', seenReview: { rating: 5, text: 'Отлично' } })).status).toBe(200);
    expect((await review({ rating: 3, text: 'Нормально' })).status).toBe(200);
    expect(await given()).toEqual({ rating: 3, text: 'Нормально' });
    const notices = await ctx.db.query('select 1 from notifications where user_id = $1 and message like $2', [executor.userId, 'Заказчик оставил отзыв%']);
    expect(notices).toHaveLength(3);
  });
});

describe('an edit form that saw other values (QA AAT-1)', () => {
  it('is refused 409 on a field changed since and writes nothing; a field it did not send merges; seen as it stands, it saves', async () => {
    const customer = await makePerson(ctx.db, 'customer');
    const id = await published(customer, { name: 'Покраска окон' });
    const opened = applicationSeenOf((await api.get(customer, 'application/get', { id })).body.data);
    // Tab B renames it and changes the price.
    expect((await api.post(customer, 'application/update', { id, name: 'Покраска окон и дверей', price: 7000, seen: { name: opened.name, price: opened.price } })).status).toBe(200);
    // Tab A, opened before, sends its own name: refused, nothing of it written.
    const stale = await api.post(customer, 'application/update', { id, name: 'Покраска рам', description: 'Из вкладки А', seen: { name: opened.name, description: opened.description } });
    expect([stale.status, stale.body.code, stale.body.message]).toEqual([409, APPLICATION_CHANGED, APPLICATION_CHANGED_MESSAGE]);
    const now = (await api.get(customer, 'application/get', { id })).body.data;
    expect(now).toMatchObject({ name: 'Покраска окон и дверей', price: 7000, description: opened.description });
    // A field B left alone goes through; one seen as it stands now, too; without `seen`, as before.
    expect((await api.post(customer, 'application/update', { id, description: 'Из вкладки А', seen: { description: opened.description } })).status).toBe(200);
    expect((await api.post(customer, 'application/update', { id, name: 'Покраска рам', seen: { name: 'Покраска окон и дверей', services: opened.services } })).status).toBe(200);
    expect((await api.post(customer, 'application/update', { id, name: 'Без seen' })).status).toBe(200);
    expect((await api.post(customer, 'application/update', { id, name: 'Кривой seen', seen: { price: 'дорого' } })).status).toBe(422);
  });
});

describe('a review without words', () => {
  it('is a rating alone whether its text is left out, blank or of characters that show nothing: stored as "" (QA AAP-5)', async () => {
    const customer = await makePerson(ctx.db, 'customer');
    const executor = await makePerson(ctx.db, 'executor');
    const d = { app: ctx.app, db: ctx.db, api, pay, close: async () => {} };
    const { id } = await applicationIn(d, 'executed', { customer, executor, replier: await makePerson(ctx.db, 'executor') });
    const given = async () => (await api.get(customer, 'application/get', { id })).body.data.review;
    for (const [rating, text] of [[5, undefined], [4, ''], [3, '   '], [2, '\u200b'], [1, ' \u2060\n ']] as const) {
      expect((await api.post(customer, 'application/review', { id, rating, ...(text === undefined ? {} : { text }) })).status).toBe(200);
      expect(await given()).toEqual({ rating, text: '' });
    }
    // Words are kept as written, trimmed.
    expect((await api.post(customer, 'application/review', { id, rating: 5, text: '  Всё чисто  ' })).status).toBe(200);
    expect(await given()).toEqual({ rating: 5, text: 'Всё чисто' });
  });
});

function completeFieldsDate(days: number) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

describe('those who replied and were not chosen', () => {
  const notesOf = async (person: Person) =>
    (await ctx.db.query<{ message: string }>('select message from notifications where user_id = $1 order by id', [person.userId])).map((n) => n.message);

  it('hear that another executor was chosen, keep their reply, and do not see the deal\'s money', async () => {
    const customer = await makePerson(ctx.db, 'customer');
    const chosen = await makePerson(ctx.db, 'executor');
    const other = await makePerson(ctx.db, 'executor', 'Второй Исполнитель');
    const id = await published(customer);
    const reply = await api.post(chosen, 'application/reply/send', { id, comment: 'Сделаю', price: 2800 });
    expect((await api.post(other, 'application/reply/send', { id, comment: 'И я сделаю' })).status).toBe(200);
    const number = (await api.get(customer, 'application/get', { id })).body.data.number as number;
    expect((await api.post(customer, 'application/named/executor', { id, replyId: reply.body.data.id })).status).toBe(200);

    expect(await notesOf(other)).toContain(`По заявке № ${number} заказчик выбрал другого исполнителя. Ваш отклик остаётся в силе`);
    expect(await notesOf(chosen)).not.toContain(`По заявке № ${number} заказчик выбрал другого исполнителя. Ваш отклик остаётся в силе`);
    const seen = (await api.get(other, 'application/get', { id })).body.data;
    expect(seen.replies.map((r: { status: string }) => r.status)).toEqual(['active']);
    expect(seen.payment).toEqual({ status: 'none', amount: 0, fee: 0 });
    expect((await api.get(chosen, 'application/get', { id })).body.data.payment).toEqual({ status: 'awaiting', amount: 2800, fee: 0 });
    // Each executor's list says his own part in it.
    const partIn = async (person: Person) =>
      (await api.get(person, 'user/application/get-collection', { role: 'executor' })).body.data.items.find((a: { id: number }) => a.id === id)?.participation;
    expect(await partIn(chosen)).toBe('executor');
    expect(await partIn(other)).toBe('active');
    const customerItems = (await api.get(customer, 'user/application/get-collection', { role: 'customer' })).body.data.items as Record<string, unknown>[];
    expect(customerItems.find((a) => a.id === id)).not.toHaveProperty('participation');
  });

  it('hear that the application was taken off publication', async () => {
    const customer = await makePerson(ctx.db, 'customer');
    const replier = await makePerson(ctx.db, 'executor');
    const id = await published(customer);
    expect((await api.post(replier, 'application/reply/send', { id, comment: 'Готов' })).status).toBe(200);
    const number = (await api.get(customer, 'application/get', { id })).body.data.number as number;
    expect((await api.post(customer, 'application/set-status/no-publish', { id })).status).toBe(200);
    expect(await notesOf(replier)).toContain(`Заявка № ${number} снята с публикации`);
  });
});
