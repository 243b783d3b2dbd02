/**
 * The reply deadline never falls after the work deadline, whichever call moves one of them: the
 * rule `application/create` applies to both dates at once also holds when `update/feedback`,
 * `update` or a draft save moves one date alone (checked against the date the application keeps).
 */
import { caller, completeFields, inDays, makePerson, type Person } from './deal-helpers';
import { setupTestApp, type TestContext } from './helpers';

const DEADLINE_BEFORE_FEEDBACK = 'Срок выполнения не может быть раньше срока приёма откликов';

let ctx: TestContext;
let api: ReturnType<typeof caller>;
let customer: Person;
beforeAll(async () => {
  ctx = await setupTestApp();
  api = caller(ctx.app);
  customer = await makePerson(ctx.db, 'customer');
});
afterAll(() => ctx.close());

/** A published application due in 26 days, taking replies for 7. */
async function published(): Promise<number> {
  const res = await api.post(customer, 'application/create', await completeFields(ctx.db, { deadline: inDays(26), feedbackDeadline: inDays(7) }));
  expect(res.status).toBe(200);
  return res.body.data.id as number;
}

const datesOf = async (id: number) => {
  const { deadline, feedbackDeadline } = (await api.get(customer, 'application/get', { id })).body.data;
  return { deadline, feedbackDeadline };
};

const refusal = (field: 'deadline' | 'feedbackDeadline') => ({
  status: 422,
  body: { message: DEADLINE_BEFORE_FEEDBACK, code: 'validation', errors: { [field]: DEADLINE_BEFORE_FEEDBACK } },
});

/** «30 декабря 2026»: the work deadline, as a refusal of the reply deadline alone names it. */
const longDate = (iso: string) => {
  const [year, month, day] = iso.split('-').map(Number);
  const months = ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'];
  return `${day} ${months[month! - 1]} ${year}`;
};

/** Today in Moscow («5 декабря 2026»): the calendar the deadlines are checked by, which a past date's refusal names. */
const moscowToday = () => longDate(new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(new Date()));
const FEEDBACK_PAST = () => `Срок приёма откликов не может быть раньше ${moscowToday()} — сегодняшнего дня по московскому времени`;

/** The reply deadline moved alone past the work deadline the call did not send: that deadline is named, since the screen may not show it. */
const lateReplies = (deadline: string) => {
  const message = `Приём откликов должен закончиться не позже срока выполнения — ${longDate(deadline)}`;
  return { status: 422, body: { message, code: 'validation', errors: { feedbackDeadline: message } } };
};

describe('the reply deadline stays on or before the work deadline', () => {
  it('refuses create with the reply deadline after the work deadline', async () => {
    const res = await api.post(customer, 'application/create', await completeFields(ctx.db, { deadline: inDays(26), feedbackDeadline: inDays(31) }));
    expect(res).toMatchObject(refusal('deadline'));
  });

  it('refuses update/feedback past the work deadline and keeps the dates; up to the work deadline itself is fine', async () => {
    const id = await published();
    const before = await datesOf(id);
    expect(await api.post(customer, 'application/update/feedback', { id, feedbackDeadline: inDays(31) })).toMatchObject(lateReplies(inDays(26)));
    expect(await datesOf(id)).toEqual(before);
    const onTheDay = await api.post(customer, 'application/update/feedback', { id, feedbackDeadline: inDays(26) });
    expect(onTheDay.status).toBe(200);
    expect(onTheDay.body.data.feedbackDeadline).toBe(inDays(26));
  });

  it('refuses update moving the work deadline before the reply deadline, or the reply deadline past it', async () => {
    const id = await published();
    const before = await datesOf(id);
    expect(await api.post(customer, 'application/update', { id, deadline: inDays(5) })).toMatchObject(refusal('deadline'));
    expect(await api.post(customer, 'application/update', { id, feedbackDeadline: inDays(31) })).toMatchObject(lateReplies(inDays(26)));
    expect(await datesOf(id)).toEqual(before);
    expect((await api.post(customer, 'application/update', { id, deadline: inDays(40), feedbackDeadline: inDays(31) })).status).toBe(200);
  });

  it('refuses a draft save whose one date disagrees with the date the draft keeps', async () => {
    const draft = await api.post(customer, 'application/draft/upsert', { name: 'Покраска забора', deadline: inDays(26) });
    expect(draft.status).toBe(200);
    const id = draft.body.data.id as number;
    expect(await api.post(customer, 'application/draft/upsert', { id, name: 'Покраска забора', feedbackDeadline: inDays(31) })).toMatchObject(lateReplies(inDays(26)));
    expect((await api.post(customer, 'application/draft/upsert', { id, name: 'Покраска забора', feedbackDeadline: inDays(7) })).status).toBe(200);
  });

  it('refuses a past work deadline at once, in a draft too, and blames it, not the reply deadline', async () => {
    const past = inDays(-3);
    const DEADLINE_PAST = `Срок выполнения не может быть раньше ${moscowToday()} — сегодняшнего дня по московскому времени`;
    const refused = await api.post(customer, 'application/draft/upsert', { name: 'Покраска забора', deadline: past });
    expect(refused).toMatchObject({ status: 422, body: { message: DEADLINE_PAST, errors: { deadline: DEADLINE_PAST } } });
    const draft = await api.post(customer, 'application/draft/upsert', { name: 'Покраска забора', feedbackDeadline: inDays(7) });
    const id = draft.body.data.id as number;
    const again = await api.post(customer, 'application/draft/upsert', { id, name: 'Покраска забора', deadline: past });
    expect(again.body.errors).toEqual({ deadline: DEADLINE_PAST });
    // A past reply deadline sent with a good work deadline: the reply deadline alone is at fault (not compared with the stored one).
    const both = await api.post(customer, 'application/draft/upsert', { id, name: 'Покраска забора', deadline: inDays(20), feedbackDeadline: inDays(-1) });
    expect(both.body.errors).toEqual({ feedbackDeadline: FEEDBACK_PAST() });
    expect(await datesOf(id)).toEqual({ deadline: null, feedbackDeadline: inDays(7) });
  });

  it('refuses to publish a draft whose reply deadline has passed since it was saved', async () => {
    const fields = await completeFields(ctx.db, { deadline: inDays(26), feedbackDeadline: inDays(7) });
    const draft = await api.post(customer, 'application/draft/upsert', fields);
    expect(draft.status).toBe(200);
    const id = draft.body.data.id as number;
    // Days later: the saved date is in the past now.
    await ctx.db.query(`update applications set feedback_deadline = current_date - 1 where id = $1`, [id]);
    const refused = await api.post(customer, 'application/create', { id });
    expect(refused).toMatchObject({
      status: 422,
      body: { code: 'validation', errors: { feedbackDeadline: FEEDBACK_PAST() } },
    });
    expect((await api.get(customer, 'application/get', { id })).body.data.status).toBe('draft');
    // A new date, and it goes out.
    expect((await api.post(customer, 'application/create', { id, feedbackDeadline: inDays(7) })).status).toBe(200);
  });

  it('refuses to publish again an application whose reply deadline passed while it was off (QA AAC-3: it took no reply)', async () => {
    const id = await published();
    expect((await api.post(customer, 'application/set-status/no-publish', { id })).status).toBe(200);
    await ctx.db.query(`update applications set feedback_deadline = current_date - 1 where id = $1`, [id]);
    const refused = await api.post(customer, 'application/update', { id });
    expect(refused).toMatchObject({ status: 422, body: { code: 'validation', errors: { feedbackDeadline: FEEDBACK_PAST() } } });
    expect((await api.get(customer, 'application/get', { id })).body.data.status).toBe('unpublished');
    // A new date, and it is published again.
    const again = await api.post(customer, 'application/update', { id, feedbackDeadline: inDays(7) });
    expect([again.status, again.body.data.status]).toEqual([200, 'published']);
    // Kept published, the same application takes other changes while the date holds.
    expect((await api.post(customer, 'application/update', { id, name: 'Другое название' })).status).toBe(200);
  });
});

describe('a draft gives up a field again: null clears it, a field left out stays', () => {
  it('clears what the form emptied, so the draft reopens empty there, and then cannot be published as it is', async () => {
    const draft = await api.post(customer, 'application/draft/upsert', await completeFields(ctx.db, { name: 'Утепление мансарды', deadline: inDays(26), feedbackDeadline: inDays(7) }));
    expect(draft.status).toBe(200);
    const id = draft.body.data.id as number;

    const cleared = await api.post(customer, 'application/draft/upsert', { id, name: 'Утепление мансарды', description: null, price: null, deadline: null, address: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({ description: '', price: null, deadline: null, feedbackDeadline: inDays(7), address: { value: '', cityFiasId: null } });
    // The cleared deadline is not compared any more: a reply date past the old one is fine.
    expect((await api.post(customer, 'application/draft/upsert', { id, name: 'Утепление мансарды', feedbackDeadline: inDays(28) })).status).toBe(200);

    const refused = await api.post(customer, 'application/create', { id });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.body.message).toBe('Заполните все обязательные поля заявки');
    // The cleared ones, named: the reply deadline the draft kept is not among them.
    expect(Object.keys(refused.body.errors ?? {}).sort()).toEqual(['address', 'deadline', 'description', 'price']);
    expect((await api.get(customer, 'application/get', { id })).body.data.status).toBe('draft');
  });

  it('a publication or an application past its draft takes no null: each field stays required', async () => {
    const body = await completeFields(ctx.db, { price: null });
    const create = await api.post(customer, 'application/create', body);
    expect(create.status).toBe(422);
    expect(create.body.errors).toHaveProperty('price');
    const id = await published();
    const update = await api.post(customer, 'application/update', { id, description: null });
    expect(update.status).toBe(422);
    expect(update.body.errors).toHaveProperty('description');
    expect((await api.get(customer, 'application/get', { id })).body.data.description).not.toBe('');
  });
});

describe('services an application names', () => {
  it('are services to order: a group (a heading) or an unknown id is refused, a service taken (QA AAC-5)', async () => {
    const [group] = await ctx.db.query<{ id: number }>('select id from services where parent_id is null order by id limit 1');
    const fields = await completeFields(ctx.db, { deadline: inDays(26), feedbackDeadline: inDays(7) });
    for (const services of [[group!.id], [999999]]) {
      const refused = await api.post(customer, 'application/create', { ...fields, services });
      expect(refused).toMatchObject({ status: 422, body: { errors: { services: 'Выбраны несуществующие услуги' } } });
      expect((await api.post(customer, 'application/draft/upsert', { name: 'Черновик с группой', services })).status).toBe(422);
    }
    expect((await api.post(customer, 'application/create', fields)).status).toBe(200);
  });
});
