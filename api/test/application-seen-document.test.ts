import { ageSmsCodes, applicationIn, lastSmsCode, makePerson, must, setupDealApp, type DealContext, type Person } from './deal-helpers';

/**
 * Accepting the work stands on the report both parties signed, starting it on the contract (§8).
 * A document deleted meanwhile lets either step through (none uploaded is allowed), so the step
 * carries the version its caller saw (`seenReport`, `seenContract`; null: none) and is refused on
 * another one, with nothing written (QA TT-5: the work accepted on a signed act deleted meanwhile).
 */
let d: DealContext;
beforeAll(async () => {
  d = await setupDealApp();
});
afterAll(() => d.close());

async function parties() {
  return {
    customer: await makePerson(d.db, 'customer', 'Заказчик Документа'),
    executor: await makePerson(d.db, 'executor', 'Исполнитель Документа'),
    replier: await makePerson(d.db, 'executor', 'Другой Исполнитель'),
  };
}

async function sign(who: Person, segment: 'contract' | 'document-report', id: number) {
  await ageSmsCodes(d.db, who.phone);
  must(await d.api.post(who, `application/${segment}/send/sms`, { id }), `${segment} code`);
  must(await d.api.post(who, `application/${segment}/sign`, { id, code: await lastSmsCode(d.db, who.phone) }), `${segment} sign`);
}

const view = async (who: Person, id: number) => must(await d.api.get(who, 'application/get', { id }), 'view');
const statusOf = async (id: number) => (await d.db.query<{ status: string }>('select status from applications where id = $1', [id]))[0]!.status;

/** An application on review with a report both parties signed; answers the report's id. */
async function signedReportOnReview() {
  const p = await parties();
  const deal = await applicationIn(d, 'on_review', p, { report: true });
  await sign(p.executor, 'document-report', deal.id);
  await sign(p.customer, 'document-report', deal.id);
  const report = (await view(p.customer, deal.id)).report as { id: number; signatures: unknown[] };
  expect(report.signatures).toHaveLength(2);
  return { ...p, id: deal.id, reportId: report.id };
}

describe('accepting the work', () => {
  it('on the signed report deleted meanwhile is refused, nothing written; accepted once the page shows none', async () => {
    const { customer, executor, id, reportId } = await signedReportOnReview();
    must(await d.api.post(executor, 'application/document-report/delete', { id }), 'delete the report');

    const stale = await d.api.post(customer, 'application/verification', { id, seenReport: reportId });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'seen_document_changed', message: 'Отчёт изменился или удалён: проверьте его и примите работу снова' });
    expect(await statusOf(id)).toBe('on_review');
    expect((await view(customer, id)).history.map((h: { status: string }) => h.status)).not.toContain('executed');

    must(await d.api.post(customer, 'application/verification', { id, seenReport: null }), 'accept with no report seen');
    expect(await statusOf(id)).toBe('executed');
  });

  it('with no report seen is refused once one was uploaded and signed; the report seen is accepted', async () => {
    const { customer, id, reportId } = await signedReportOnReview();
    const unseen = await d.api.post(customer, 'application/verification', { id, seenReport: null });
    expect(unseen.status).toBe(409);
    expect(unseen.body.code).toBe('seen_document_changed');
    expect(await statusOf(id)).toBe('on_review');

    must(await d.api.post(customer, 'application/verification', { id, seenReport: reportId }), 'accept the report seen');
    expect(await statusOf(id)).toBe('executed');
  });
});

/** Paid, as starting the work needs (§8). */
const pay = async (customer: Person, id: number) => d.pay(id, Math.round(((await view(customer, id)).price as number) * 100));

/** An application with its executor named, paid, and a contract both parties signed; answers the contract's id. */
async function signedContractPaid() {
  const p = await parties();
  const { id } = await applicationIn(d, 'executor_named', p, { contract: true });
  await sign(p.customer, 'contract', id);
  await sign(p.executor, 'contract', id);
  await pay(p.customer, id);
  return { ...p, id, contractId: (await view(p.executor, id)).contract.id as number };
}

describe('starting the work', () => {
  it('on the signed contract deleted meanwhile is refused, nothing written; started once the page shows none', async () => {
    const { id, contractId, ...p } = await signedContractPaid();
    must(await d.api.post(p.customer, 'application/contract/delete', { id }), 'delete the contract');

    const stale = await d.api.post(p.executor, 'application/start-working/executor', { id, seenContract: contractId });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'seen_document_changed', message: 'Договор изменился или удалён: проверьте его и начните работу снова' });
    expect(await statusOf(id)).toBe('executor_named');

    must(await d.api.post(p.executor, 'application/start-working/executor', { id, seenContract: null }), 'start with no contract seen');
    expect(await statusOf(id)).toBe('in_work');
  });

  it('on the contract seen, or without saying which (the bodies of §8), starts as before', async () => {
    const { id, contractId, ...p } = await signedContractPaid();
    must(await d.api.post(p.executor, 'application/start-working/executor', { id, seenContract: contractId }), 'start on the contract seen');
    expect(await statusOf(id)).toBe('in_work');

    // `{id}` alone: the step on whatever is current, as before.
    const q = await parties();
    const other = await applicationIn(d, 'executor_named', q);
    await pay(q.customer, other.id);
    must(await d.api.post(q.executor, 'application/start-working/executor', { id: other.id }), 'start without seenContract');
    expect(await statusOf(other.id)).toBe('in_work');
  });
});
