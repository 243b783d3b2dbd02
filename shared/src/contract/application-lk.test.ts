import { applicationCreate, applicationDraftUpsert, applicationUpdate, applicationReplySend, REPLY_ZERO_PRICE_MESSAGE, applicationUpdateFeedback, DATE_FORMAT_MESSAGE, applicationReview, applicationReportUpload, applicationLkDetailSchema, applicationDocumentUpload, priceSchema, lkStatusLabel, isPastDeadline, todayIn } from './index';
import { parsePrice } from '../format/money';

const messages = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('lk application bodies', () => {
  it('publishes a draft by id, or a full application, naming each missing field in Russian', () => {
    expect(applicationCreate.body!.safeParse({ id: 5 }).success).toBe(true);
    const partial = applicationCreate.body!.safeParse({ name: 'Покраска стен', price: 1000 });
    expect(messages(partial)).toEqual({
      description: 'Укажите описание заявки',
      services: 'Выберите хотя бы одну услугу',
      deadline: 'Укажите срок выполнения',
      feedbackDeadline: 'Укажите срок приёма откликов',
      address: 'Укажите адрес',
    });
  });

  it('names the missing fields in the same pass as a field of the wrong type (a price in letters)', () => {
    const result = applicationCreate.body!.safeParse({ name: 'Покраска стен', description: 'Две комнаты', services: [], price: Number.NaN });
    expect(messages(result)).toEqual({
      services: 'Выберите хотя бы одну услугу',
      price: 'Укажите цену числом',
      deadline: 'Укажите срок выполнения',
      feedbackDeadline: 'Укажите срок приёма откликов',
      address: 'Укажите адрес',
    });
    // A date that is none (a form's unfinished one, an impossible day) as well (QA BAC-1).
    for (const deadline of ['unfinished', '2027-02-31']) {
      const withDate = applicationCreate.body!.safeParse({ name: 'Покраска стен', services: [1], deadline });
      expect(messages(withDate)).toEqual({
        description: 'Укажите описание заявки',
        price: 'Укажите цену',
        deadline: deadline === 'unfinished' ? DATE_FORMAT_MESSAGE : 'Такой даты нет: проверьте день и месяц',
        feedbackDeadline: 'Укажите срок приёма откликов',
        address: 'Укажите адрес',
      });
    }
    expect(applicationCreate.body!.safeParse('не объект').success).toBe(false);
    expect(applicationCreate.body!.safeParse({ id: 5, price: 'сто' }).success).toBe(false);
  });

  it('publishes no blank description or address: spaces and empty lines are none (create and update)', () => {
    const full = {
      name: 'Покраска стен',
      description: 'Две комнаты',
      services: [1],
      price: 1000,
      deadline: '2026-12-31',
      feedbackDeadline: '2026-12-20',
      address: { value: 'Москва, ул. Ленина, 1', cityFiasId: null, geoLat: null, geoLon: null },
    };
    expect(applicationCreate.body!.safeParse(full).success).toBe(true);
    const blankAddress = { value: '   ', cityFiasId: 'zzz', geoLat: 0, geoLon: 0 };
    for (const description of ['  ', '\n\n', '\u200b']) {
      expect(messages(applicationCreate.body!.safeParse({ ...full, description }))).toEqual({ description: 'Укажите описание заявки' });
      expect(messages(applicationUpdate.body!.safeParse({ id: 5, description }))).toEqual({ description: 'Укажите описание заявки' });
    }
    expect(messages(applicationCreate.body!.safeParse({ ...full, address: blankAddress }))).toEqual({ address: 'Укажите адрес' });
    expect(messages(applicationUpdate.body!.safeParse({ id: 5, address: blankAddress }))).toEqual({ address: 'Укажите адрес' });
    // With a draft's id: the fields sent are published with it.
    expect(messages(applicationCreate.body!.safeParse({ id: 5, description: ' ' }))).toEqual({ description: 'Укажите описание заявки' });
    expect(applicationUpdate.body!.safeParse({ id: 5, description: 'Три комнаты', address: full.address }).success).toBe(true);
  });

  it('saves a draft as it is so far: a blank description or address too', () => {
    const draft = applicationDraftUpsert.body!.safeParse({ name: 'Покраска стен', description: '  ', address: { value: ' ', cityFiasId: null, geoLat: null, geoLon: null } });
    expect(draft.success).toBe(true);
    expect(applicationDraftUpsert.body!.safeParse({ id: 5, name: 'Покраска стен', description: null, address: null }).success).toBe(true);
  });

  it('a new reply deadline: its absence said as the application form says it, a non-date as a format', () => {
    expect(messages(applicationUpdateFeedback.body!.safeParse({ id: 5 }))).toEqual({ feedbackDeadline: 'Укажите срок приёма откликов' });
    expect(messages(applicationUpdateFeedback.body!.safeParse({ id: 5, feedbackDeadline: '31.12.2026' }))).toEqual({ feedbackDeadline: DATE_FORMAT_MESSAGE });
    expect(messages(applicationUpdateFeedback.body!.safeParse({ id: 5, feedbackDeadline: 7 }))).toEqual({ feedbackDeadline: DATE_FORMAT_MESSAGE });
    expect(applicationUpdateFeedback.body!.safeParse({ id: 5, feedbackDeadline: '2026-12-31' }).success).toBe(true);
  });

  it('reads a price field the same way for every form: a negative number is negative, letters are no number', () => {
    expect(parsePrice('12 500,50 ₽')).toBe(12500.5);
    expect(parsePrice(' ')).toBeUndefined();
    expect(parsePrice(700)).toBe(700);
    expect(messages(priceSchema.safeParse(parsePrice('-1')))).toEqual({ '': 'Цена не может быть отрицательной' });
    expect(messages(priceSchema.safeParse(parsePrice('abc')))).toEqual({ '': 'Укажите цену числом' });
    expect(messages(priceSchema.safeParse(parsePrice('1e3')))).toEqual({ '': 'Укажите цену числом' });
    // A dot before three digits groups thousands as often as not: no number, rather than 1 ₽.
    expect(messages(priceSchema.safeParse(parsePrice('1.000')))).toEqual({ '': 'Укажите цену числом' });
    expect(messages(priceSchema.safeParse(parsePrice('12.500')))).toEqual({ '': 'Укажите цену числом' });
    // A comma is kopecks whatever follows, and a dot before one or two digits too.
    expect(messages(priceSchema.safeParse(parsePrice('12,505')))).toEqual({ '': 'Цена — не точнее копеек' });
    expect(parsePrice('1.5')).toBe(1.5);
    expect(parsePrice('1000.50')).toBe(1000.5);
  });

  it("a reply's own price is above zero: 0 is no offer (work cannot start at it); none keeps the application's", () => {
    const reply = (price?: number) => applicationReplySend.body!.safeParse({ id: 1, comment: 'Сделаю', ...(price === undefined ? {} : { price }) });
    expect(messages(reply(0))).toEqual({ price: REPLY_ZERO_PRICE_MESSAGE });
    expect(messages(reply(-5))).toEqual({ price: 'Цена не может быть отрицательной' });
    expect(reply(0.01).success).toBe(true);
    expect(reply().success).toBe(true);
    // An application's 0 stays «Цена договорная».
    expect(priceSchema.safeParse(0).success).toBe(true);
  });

  it('takes prices in roubles to the kopeck, and ratings from 1 to 5', () => {
    expect(priceSchema.safeParse(1999.99).success).toBe(true);
    expect(priceSchema.safeParse(0.001).success).toBe(false);
    expect(priceSchema.safeParse(-1).success).toBe(false);
    expect(applicationReview.body!.safeParse({ id: 1, rating: 6, text: 'Хорошо' }).success).toBe(false);
    expect(applicationReview.body!.safeParse({ id: 1, rating: 5, text: 'Хорошо' }).success).toBe(true);
  });

  it('reads the text fields of a multipart upload', () => {
    expect(applicationReportUpload.body!.parse({ id: '7' })).toEqual({ id: 7 });
    expect(applicationDocumentUpload.body!.parse({ id: '7', public: 'true' })).toEqual({ id: 7, public: true });
  });

  it('describes the detail a party sees', () => {
    const signed = { id: 1, name: 'Договор.pdf', sizeBytes: 10, sha256: 'ab', uploadedAt: '2026-11-23T10:00:00Z', signatures: [{ party: 'customer', signerName: 'Иван', signedAt: '2026-11-23T10:01:00Z' }] };
    const detail = applicationLkDetailSchema.safeParse({
      id: 1, number: 1, name: 'Заявка', description: '', status: 'in_work', price: 1000, deadline: null, feedbackDeadline: null,
      address: { value: '', cityFiasId: null, geoLat: null, geoLon: null }, services: [], customer: { id: 1, name: 'Иван', type: 'customer' },
      createdAt: 'x', updatedAt: 'x', documents: [], replies: [], executor: { id: 2, name: 'Пётр', type: 'executor' },
      history: [{ status: 'in_work', at: 'x', actorProfileId: 2, comment: null }], contract: signed, report: null,
      payment: { status: 'held', amount: 1000 }, review: null, facility: null, allowedActions: ['application/confirm-execution'],
    });
    expect(detail.error?.issues).toBeUndefined();
  });
});

describe('lkStatusLabel', () => {
  it("shows an executor not named on the application what became of his reply, not another's deal", () => {
    expect(lkStatusLabel({ status: 'in_work', participation: 'executor' })).toBe('В работе');
    expect(lkStatusLabel({ status: 'in_work' })).toBe('В работе');
    expect(lkStatusLabel({ status: 'published', participation: 'active' })).toBe('Приём откликов');
    expect(lkStatusLabel({ status: 'in_work', participation: 'active' })).toBe('Выбран другой исполнитель');
    // That executor stopped or gone, nobody is chosen, and the waiting reply may be (QA AAE-6).
    expect(lkStatusLabel({ status: 'stopped_by_customer', participation: 'active' })).toBe('Исполнитель не выбран');
    expect(lkStatusLabel({ status: 'cancelled_by_executor', participation: 'active' })).toBe('Исполнитель не выбран');
    expect(lkStatusLabel({ status: 'published', participation: 'rejected' })).toBe('Отклик отклонён');
    expect(lkStatusLabel({ status: 'stopped_by_customer', participation: 'withdrawn' })).toBe('Вы не участвуете');
  });

  it('a published application past its reply deadline takes no reply, and says so (QA AAE-4)', () => {
    const today = '2026-12-10';
    expect(lkStatusLabel({ status: 'published', feedbackDeadline: '2026-12-09' }, today)).toBe('Приём откликов завершён');
    expect(lkStatusLabel({ status: 'published', participation: 'active', feedbackDeadline: '2026-12-09' }, today)).toBe('Приём откликов завершён');
    // Its last day still takes replies; another status is its own.
    expect(lkStatusLabel({ status: 'published', feedbackDeadline: today }, today)).toBe('Приём откликов');
    expect(lkStatusLabel({ status: 'unpublished', feedbackDeadline: '2026-12-09' }, today)).toBe('Снята с публикации');
  });

  it('shows an executor whose own deal ended what ended it, whatever the application became since', () => {
    expect(lkStatusLabel({ status: 'stopped_by_customer', participation: 'stopped' })).toBe('Остановлена заказчиком');
    expect(lkStatusLabel({ status: 'published', participation: 'stopped' })).toBe('Остановлена заказчиком');
    expect(lkStatusLabel({ status: 'cancelled_by_executor', participation: 'cancelled' })).toBe('Отменена исполнителем');
    expect(lkStatusLabel({ status: 'in_work', participation: 'cancelled' })).toBe('Отменена исполнителем');
  });
});

describe('isPastDeadline', () => {
  const today = '2026-12-05';
  it.each([
    ['in_work', '2026-12-04', undefined, true],
    ['executor_named', '2026-12-01', undefined, true],
    ['revision', '2026-12-04', 'executor', true],
    // The last day is the deadline itself: not late on it.
    ['in_work', '2026-12-05', undefined, false],
    ['on_review', '2026-12-01', undefined, false],
    ['published', '2026-12-01', undefined, false],
    ['closed', '2026-12-01', undefined, false],
    // Another executor's deal, or one his part in is over.
    ['in_work', '2026-12-01', 'active', false],
    ['in_work', '2026-12-01', 'stopped', false],
  ] as const)('%s due %s (%s): %p', (status, deadline, participation, late) => {
    expect(isPastDeadline({ status, deadline, participation }, today)).toBe(late);
  });

  it('is never late without a deadline', () => {
    expect(isPastDeadline({ status: 'in_work', deadline: null }, today)).toBe(false);
  });

  it("counts Moscow's days: 23:30 in Kaliningrad on the 4th is the 5th in Moscow", () => {
    expect(todayIn(new Date('2026-12-04T21:30:00Z'))).toBe('2026-12-05');
    expect(todayIn(new Date('2026-12-04T20:59:00Z'))).toBe('2026-12-04');
  });
});
