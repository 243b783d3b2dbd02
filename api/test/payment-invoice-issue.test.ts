import { completeFields, makePerson, setupDealApp, type DealContext, type Person } from './deal-helpers';
import { makeOrganization } from './organization-helpers';
import { extractText, flat } from './pdf-text';

let d: DealContext;
beforeAll(async () => {
  d = await setupDealApp();
});
afterAll(async () => {
  await d.close();
});

async function invoiceText(customer: Person, id: number): Promise<string> {
  const res = await d.app.inject({ method: 'GET', url: `/api/application/payment-invoices/download?id=${id}`, headers: customer.headers });
  expect(res.statusCode).toBe(200);
  return flat((await extractText(res.rawPayload)).text);
}

async function named(customer: Person, price: number) {
  const { body } = await d.api.post(customer, 'application/create', await completeFields(d.db, { price }));
  const id = body.data.id as number;
  const executor = await makePerson(d.db, 'executor');
  const reply = await d.api.post(executor, 'application/reply/send', { id, comment: 'Беру' });
  expect((await d.api.post(customer, 'application/named/executor', { id, replyId: reply.body.data.id })).status).toBe(200);
  const [row] = await d.db.query<{ number: number }>('select number from applications where id = $1', [id]);
  return { id, number: row!.number, executor };
}

describe("the customer's invoice", () => {
  it('is another invoice, with its own number, once the agreed price changes or another executor is named', async () => {
    const customer = await makePerson(d.db, 'customer');
    const { id, number } = await named(customer, 2101);
    expect(await invoiceText(customer, id)).toContain(`Счёт на оплату № ${number} от`);

    // A new agreed price while the payment awaits: «№ N-2», for the new sum.
    expect((await d.api.post(customer, 'application/update/price', { id, price: 3050 })).status).toBe(200);
    const second = await invoiceText(customer, id);
    expect(second).toContain(`Счёт на оплату № ${number}-2 от`);
    expect(second).toContain('3 050,00');
    // The same price again is the same invoice.
    expect((await d.api.post(customer, 'application/update/price', { id, price: 3050 })).status).toBe(200);
    expect(await invoiceText(customer, id)).toContain(`№ ${number}-2 от`);

    // The executor leaves, another is named: «№ N-3».
    expect((await d.api.post(customer, 'application/stop-working/executor', { id })).body.data.status).toBe('stopped_by_customer');
    const next = await makePerson(d.db, 'executor');
    // Published again with a new reply deadline («Заявка снова опубликована»).
    const { feedbackDeadline } = await completeFields(d.db);
    expect((await d.api.post(customer, 'application/update', { id, feedbackDeadline })).body.data.status).toBe('published');
    const reply = await d.api.post(next, 'application/reply/send', { id, comment: 'Сделаю' });
    expect((await d.api.post(customer, 'application/named/executor', { id, replyId: reply.body.data.id })).status).toBe(200);
    expect(await invoiceText(customer, id)).toContain(`Счёт на оплату № ${number}-3 от`);
  });

  it("names an organisation customer with its ИНН, КПП and legal address; a person by name alone", async () => {
    const { director, organizationId } = await makeOrganization(d, 'ООО «Покупатель»');
    await d.db.query(`update profiles set kpp = '770101001', address_value = 'г Москва, ул Тверская, д 1' where id = $1`, [organizationId]);
    const [org] = await d.db.query<{ inn: string }>('select inn from profiles where id = $1', [organizationId]);
    const { id } = await named(director, 15000);
    expect(await invoiceText(director, id)).toContain(`ООО «Покупатель», ИНН ${org!.inn}, КПП 770101001, г Москва, ул Тверская, д 1`);

    const person = await makePerson(d.db, 'customer', 'Анна Покупателева');
    await d.db.query(`update profiles set kpp = '770101001', address_value = 'г Москва' where id = $1`, [person.profileId]);
    const mine = await named(person, 15000);
    const text = await invoiceText(person, mine.id);
    expect(text).toContain('Анна Покупателева');
    expect(text).not.toContain('КПП 770101001');
  });
});
