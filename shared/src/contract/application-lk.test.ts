import { applicationCreate, applicationReview, applicationReportUpload, applicationLkDetailSchema, applicationDocumentUpload, priceSchema } from './index';

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
