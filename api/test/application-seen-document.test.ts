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

/**
 * Signing stands on the version read (QA BAD-1): a page that missed a replacement (its live events
 * lost) named the old edition in its dialog while the code, and the signature, went to the new one.
 * The code's request and the signature carry the version shown (`seenDocument`) and are refused
 * on another, with no code sent and none spent.
 */
describe('signing', () => {
  const codesSent = async (who: Person) =>
    (await d.db.query<{ n: number }>(`select count(*)::int as n from sms_codes where phone = $1 and purpose = 'sign'`, [who.phone]))[0]!.n;

  it.each([
    ['contract', 'Договор заменён новой редакцией: прочитайте её и подпишите заново'],
    ['document-report', 'Отчёт заменён новой редакцией: прочитайте его и подпишите заново'],
  ] as const)('the %s replaced after the page read it: no code for it, no signature on the new one unread', async (segment, message) => {
    const p = await parties();
    const contract = segment === 'contract';
    const { id } = await applicationIn(d, contract ? 'executor_named' : 'in_work', p, contract ? { contract: true } : { report: true });
    const [author, signer] = contract ? [p.customer, p.executor] : [p.executor, p.customer];
    const kind = contract ? 'contract' : 'report';
    const read = (await view(signer, id))[kind].id as number;
    must(await d.api.upload(author, `application/${segment}/upload`, { id: String(id) }, { name: 'Новая редакция.pdf', bytes: Buffer.from('%PDF-1.4\n% v2\n%%EOF\n') }), 'replace');
    const current = (await view(signer, id))[kind].id as number;
    expect(current).not.toBe(read);

    await ageSmsCodes(d.db, signer.phone);
    const before = await codesSent(signer);
    const refused = await d.api.post(signer, `application/${segment}/send/sms`, { id, seenDocument: read });
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([409, 'seen_document_changed', message]);
    expect(await codesSent(signer)).toBe(before);

    // A code asked for the version now shown, then a signature from a page still on the old one: refused, the code kept.
    must(await d.api.post(signer, `application/${segment}/send/sms`, { id, seenDocument: current }), 'code for the current');
    const code = await lastSmsCode(d.db, signer.phone);
    const stale = await d.api.post(signer, `application/${segment}/sign`, { id, code, seenDocument: read });
    expect([stale.status, stale.body.code]).toEqual([409, 'seen_document_changed']);
    expect((await view(signer, id))[kind].signatures).toEqual([]);

    const signed = must(await d.api.post(signer, `application/${segment}/sign`, { id, code, seenDocument: current }), 'sign the current');
    expect(signed).toMatchObject({ id: current, name: 'Новая редакция.pdf' });
    expect(signed.signatures).toHaveLength(1);
  });
});
