/**
 * Who may make which lk call on an application, derived from the contract rather than listed:
 * every lk call of `allCalls` × every kind of caller × an application in every status reached
 * through the API. The expected answer is the contract's (`actorOf`, `transitionFor`, plus the
 * policy's one rule the table cannot know: a customer-type profile never replies); a wrong caller
 * must get exactly 401/403/409, and an allowed call must go through (checked on a fresh
 * application, so the shared fixtures stay as built).
 */
import {
  allCalls,
  allowedActions,
  documentActionsFor,
  applicationStatuses,
  callKind,
  statusAfter,
  terminalStatuses,
  transitionFor,
  type ApplicationActor,
  type ApplicationFacts,
  type ApplicationLkDetail,
  type ApplicationStatus,
  type CallContract,
} from 'shared/contract';
import {
  applicationIn,
  factsFromView,
  inDays,
  lastSmsCode,
  makePerson,
  makeUserWithoutProfile,
  must,
  setupDealApp,
  type CallAnswer,
  type Deal,
  type DealContext,
  type DealOptions,
  type DealParties,
  type Person,
  type Who,
} from './deal-helpers';

/** Public calls: the catalogue and public downloads, about no one's deal, so not part of the parties' matrix. */
const PUBLIC_CALLS = ['application/get-collection', 'application/document/public/download'];

/**
 * Bound to a contract or report an ended deal set aside, not to the application's status: who may
 * have it (its customer and that deal's executor, not the next executor, anyone else or a guest) is
 * checked in application-documents.test.ts «the documents of a deal that ended».
 */
const ENDED_DEAL_CALLS = ['application/past-document/download'];

const lkCalls = allCalls.filter(
  (c) => (c.path.startsWith('application/') || c.path.startsWith('user/application/')) && !PUBLIC_CALLS.includes(c.path) && !ENDED_DEAL_CALLS.includes(c.path),
);
/** Calls that name no application. */
const UNBOUND = ['user/application/get-collection'];
const boundCalls = lkCalls.filter((c) => !UNBOUND.includes(c.path));

/**
 * The customer's other documents are outside the table: the policy lets the customer change them
 * until the application is closed, and the deal's two parties download them.
 */
const DOCUMENT_POLICY: Record<string, 'change' | 'download'> = {
  'application/document/upload': 'change',
  'application/document/delete': 'change',
  'application/document/download': 'download',
};

/** Calls that change nothing: their allowed cases run on the shared fixtures. */
const readsOnly = (call: CallContract) => call.method === 'GET';

/** What a sample needs to know about the application it is sent to. */
interface Target {
  id: number;
  /** An active reply to name or reject: the replier's. */
  replyId: number;
  /** The customer's other document. */
  documentId: number;
  /** A real SMS code when the call is expected to go through. */
  code: string;
}

/** A valid request per lk call: a new call without one fails the first test instead of going unchecked. */
const SAMPLES: Record<string, (t: Target) => Record<string, unknown>> = {
  'application/get': ({ id }) => ({ id }),
  'user/application/get-collection': () => ({ role: 'customer' }),
  'application/draft/upsert': ({ id }) => ({ id, name: 'Монтаж проводки (черновик)' }),
  'application/create': ({ id }) => ({ id }),
  'application/update': ({ id }) => ({ id, description: 'Заменить проводку и щиток' }),
  'application/delete': ({ id }) => ({ id }),
  'application/reply/send': ({ id }) => ({ id, comment: 'Готов приступить', price: 13000 }),
  'application/reply/remove': ({ id }) => ({ id }),
  'application/reply/reject': ({ id, replyId }) => ({ id, replyId, reason: 'Дорого' }),
  'application/named/executor': ({ id, replyId }) => ({ id, replyId }),
  'application/update/feedback': ({ id }) => ({ id, feedbackDeadline: inDays(10) }),
  'application/update/price': ({ id }) => ({ id, price: 16000 }),
  'application/set-status/no-publish': ({ id }) => ({ id }),
  'application/start-working/executor': ({ id }) => ({ id }),
  'application/confirm-execution': ({ id }) => ({ id }),
  'application/send/revision': ({ id }) => ({ id, comment: 'Переделать розетки' }),
  'application/verification': ({ id }) => ({ id }),
  'application/review': ({ id }) => ({ id, rating: 4, text: 'Аккуратно' }),
  'application/close': ({ id }) => ({ id }),
  'application/stop-working/executor': ({ id }) => ({ id, comment: 'Передумал' }),
  'application/cancel/executor/send/sms': ({ id }) => ({ id }),
  'application/cancel/executor': ({ id, code }) => ({ id, code, reason: 'Заболел' }),
  // Documents: uploads are multipart (fields as strings, plus a PDF), downloads answer bytes.
  'application/contract/upload': ({ id }) => ({ id: String(id) }),
  'application/contract/delete': ({ id }) => ({ id }),
  'application/contract/send/sms': ({ id }) => ({ id }),
  'application/contract/sign': ({ id, code }) => ({ id, code }),
  'application/contract/download': ({ id }) => ({ id }),
  'application/document-report/upload': ({ id }) => ({ id: String(id) }),
  'application/document-report/delete': ({ id }) => ({ id }),
  'application/document-report/send/sms': ({ id }) => ({ id }),
  'application/document-report/sign': ({ id, code }) => ({ id, code }),
  'application/document-report/download': ({ id }) => ({ id }),
  'application/document/upload': ({ id }) => ({ id: String(id), public: 'false' }),
  'application/document/delete': ({ documentId }) => ({ id: documentId }),
  'application/document/download': ({ documentId }) => ({ id: documentId }),
  // Payment files (routed once application-payment.ts joins allCalls).
  'application/payment-invoices/download': ({ id }) => ({ id }),
  'application/spb-qr/download': ({ id }) => ({ id }),
};

/** Calls signed by an SMS code: the code the same caller asked for just before. */
const CODE_FROM: Record<string, string> = {
  'application/cancel/executor': 'application/cancel/executor/send/sms',
  'application/contract/sign': 'application/contract/send/sms',
  'application/document-report/sign': 'application/document-report/send/sms',
};

const CALLER_KINDS = ['guest', 'noProfile', 'otherCustomer', 'otherExecutor', 'replier', 'customer', 'executor'] as const;
type CallerKind = (typeof CALLER_KINDS)[number];

/** Everyone around one application; `executor` and `replier` keep their names after they part. */
type Cast = Record<Exclude<CallerKind, 'guest' | 'noProfile'>, Person> & { noProfile: { headers: Record<string, string> } };

const profileIdOf = (cast: Cast, kind: CallerKind): number | null => (kind === 'guest' || kind === 'noProfile' ? null : cast[kind].profileId);
const whoOf = (cast: Cast, kind: CallerKind): Who => (kind === 'guest' ? null : cast[kind]);
/** A customer-type profile never replies (the policy's rule beyond the table). */
const customerType = (kind: CallerKind) => kind === 'otherCustomer' || kind === 'customer';

/** The expected answer: an exact status, or `allowed` with the status the table leaves. */
type Expected = { status: 401 | 403 | 404 | 409 | 200 } | { allowed: true; to: ApplicationStatus | null };

/**
 * The contract's answer for one call: guests 401 on `auth: 'required'`; the list always answers;
 * `application/get` by visibility; the other documents by the policy; every other call by
 * `transitionFor` on the caller's actor.
 */
function expectedFor(call: CallContract, kind: CallerKind, view: ApplicationLkDetail, cast: Cast): Expected {
  if (kind === 'guest' && call.auth === 'required') return { status: 401 };
  if (UNBOUND.includes(call.path)) return { status: 200 };
  const { facts, actor } = factsFromView(view, profileIdOf(cast, kind));
  // Anyone who may not see it is refused 403 (ARCHITECTURE §8: «a call by anyone else is 403»; QA OOO-3).
  if (call.path === 'application/get') return { status: seesIt(actor, replied(view, profileIdOf(cast, kind)), facts) ? 200 : 403 };
  const documentRule = DOCUMENT_POLICY[call.path];
  if (documentRule === 'change') {
    if (actor !== 'customer') return { status: 403 };
    return terminalStatuses.includes(facts.status) ? { status: 409 } : { allowed: true, to: null };
  }
  if (documentRule === 'download') return actor === 'customer' || actor === 'executor' ? { allowed: true, to: null } : { status: 403 };
  if (call.path === 'application/reply/send' && actor === 'other' && customerType(kind)) return { status: 403 };
  const result = transitionFor(call.path, facts, actor);
  if (!result.ok) return { status: result.status };
  return { allowed: true, to: statusAfter(facts, result) };
}

/** The caller replied to the application, in any reply status (the customer's view lists every reply). */
const replied = (view: ApplicationLkDetail, profileId: number | null) => profileId !== null && view.replies.some((r) => r.executor.id === profileId);

/** The parties (§8): the customer, the named executor and an active replier get the lk view. */
const isParty = (actor: ApplicationActor) => actor === 'customer' || actor === 'executor' || actor === 'replier';

/**
 * Who sees it: the parties, anyone while it is published, and whoever replied once, whatever became
 * of the reply, as the executor's lk list holds "those it replied to or is named on".
 */
const seesIt = (actor: ApplicationActor, hasReplied: boolean, facts: ApplicationFacts) => isParty(actor) || hasReplied || facts.status === 'published';

/**
 * What `application/get` offers: the table's actions less a reply for a customer-type profile, then
 * the other documents' calls by the application's documents (QA OOO-1).
 */
const offered = (facts: ApplicationFacts, actor: ApplicationActor, kind: CallerKind, documentCount: number) => [
  ...allowedActions(facts, actor).filter((a) => !(a === 'application/reply/send' && actor === 'other' && customerType(kind))),
  ...documentActionsFor(actor, facts.status, documentCount),
];

async function send(d: DealContext, call: CallContract, who: Who, target: Target): Promise<CallAnswer> {
  const sample = SAMPLES[call.path]!(target);
  if (callKind(call) === 'upload') return d.api.upload(who, call.path, sample as Record<string, string>);
  return d.api.call(who, call.method, call.path, sample);
}

/** The fixtures: one application per status, and two with a contract or report to sign. */
const FIXTURES: Array<{ label: string; status: ApplicationStatus; options: DealOptions }> = [
  ...applicationStatuses.map((status) => ({ label: status, status, options: { document: true } })),
  { label: 'executor_named with a contract', status: 'executor_named', options: { document: true, contract: true } },
  { label: 'on_review with a report', status: 'on_review', options: { document: true, report: true } },
];

let d: DealContext;
let cast: Cast;
const built = new Map<string, { deal: Deal; view: ApplicationLkDetail }>();
const NO_REPLY = 2_000_000_000;

async function newCast(): Promise<Cast> {
  return {
    customer: await makePerson(d.db, 'customer'),
    executor: await makePerson(d.db, 'executor'),
    replier: await makePerson(d.db, 'organization', 'ООО Отклик'),
    otherCustomer: await makePerson(d.db, 'customer', 'Другой Заказчик'),
    otherExecutor: await makePerson(d.db, 'executor', 'Другой Исполнитель'),
    noProfile: await makeUserWithoutProfile(d.db),
  };
}

const partiesOf = (c: Cast): DealParties => ({ customer: c.customer, executor: c.executor, replier: c.replier });

async function customerView(c: Cast, id: number): Promise<ApplicationLkDetail> {
  return must(await d.api.get(c.customer, 'application/get', { id }), 'customer view') as ApplicationLkDetail;
}

const targetOf = (deal: Deal): Target => ({ id: deal.id, replyId: deal.replies.replier ?? NO_REPLY, documentId: deal.documentId ?? NO_REPLY, code: '000000' });

beforeAll(async () => {
  d = await setupDealApp();
  cast = await newCast();
  for (const { label, status, options } of FIXTURES) {
    const deal = await applicationIn(d, status, partiesOf(cast), options);
    built.set(label, { deal, view: await customerView(cast, deal.id) });
  }
}, 120_000);
afterAll(() => d.close());

describe('the lk calls and their samples', () => {
  it('gives every lk call of the contract a sample request its schema accepts', () => {
    expect(lkCalls.length).toBeGreaterThanOrEqual(Object.keys(SAMPLES).length - 2);
    const target: Target = { id: 1, replyId: 2, documentId: 3, code: '123456' };
    for (const call of lkCalls) {
      const sample = SAMPLES[call.path];
      expect({ path: call.path, hasSample: sample !== undefined }).toEqual({ path: call.path, hasSample: true });
      const schema = call.method === 'GET' || call.method === 'DELETE' ? call.query : call.body;
      expect({ path: call.path, parsed: schema?.safeParse(sample!(target)).success }).toEqual({ path: call.path, parsed: true });
    }
  });

  it('builds the fixtures through the API', () => {
    for (const { label, status } of FIXTURES) expect({ label, status: built.get(label)!.view.status }).toEqual({ label, status });
    expect(built.get('in_work')!.view.payment.status).toBe('held');
    expect(built.get('stopped_by_customer')!.view.payment.status).toBe('refunded');
    expect(built.get('closed')!.view.payment.status).toBe('released');
    expect(built.get('executor_named with a contract')!.view.contract).not.toBeNull();
    expect(built.get('on_review with a report')!.view.report).not.toBeNull();
  });
});

const CASES_PER_FIXTURE = lkCalls.length * CALLER_KINDS.length;
const TOTAL_CASES = CASES_PER_FIXTURE * FIXTURES.length;

/** Allowed state-changing cases found on the fixtures, replayed on fresh applications below. */
const allowedCases = new Map<string, { fixture: (typeof FIXTURES)[number]; kind: CallerKind; call: CallContract; to: ApplicationStatus | null }>();

describe(`the access matrix: ${lkCalls.length} calls × ${CALLER_KINDS.length} callers × ${FIXTURES.length} applications (${TOTAL_CASES} cases)`, () => {
  it.each(FIXTURES.map((f) => [f.label, f]))(`%s: wrong callers get exactly 401/403/409, reads go through, the parties see what the table offers (${CASES_PER_FIXTURE} cases)`, async (_label, fixture) => {
    const { deal, view } = built.get(fixture.label)!;
    const mismatches: unknown[] = [];
    for (const call of lkCalls) {
      for (const kind of CALLER_KINDS) {
        const expected = expectedFor(call, kind, view, cast);
        if ('allowed' in expected && !readsOnly(call)) {
          // One fresh application per distinct case: the status, actor and profile type decide, not the person.
          const { actor } = factsFromView(view, profileIdOf(cast, kind));
          // The other documents' policy reads only whether the application is closed.
          const where = DOCUMENT_POLICY[call.path] ? String(terminalStatuses.includes(fixture.status)) : fixture.status;
          const key = `${where}|${call.path}|${actor}|${customerType(kind)}`;
          if (!allowedCases.has(key)) allowedCases.set(key, { fixture, kind, call, to: expected.to });
          continue;
        }
        const want = 'allowed' in expected ? 200 : expected.status;
        const res = await send(d, call, whoOf(cast, kind), targetOf(deal));
        if (res.status !== want) {
          mismatches.push({ call: call.path, kind, expected: want, got: res.status, message: res.body.message });
          continue;
        }
        if (call.path === 'application/get' && res.status === 200 && kind !== 'guest') {
          const { facts, actor } = factsFromView(view, profileIdOf(cast, kind));
          const got = res.body.data.allowedActions;
          const want = offered(facts, actor, kind, res.body.data.documents.length);
          if (JSON.stringify(got) !== JSON.stringify(want)) {
            mismatches.push({ call: call.path, kind, actor, allowedActions: got, table: want });
          }
          // The lk fields go to the parties only.
          if ((res.body.data.history !== undefined) !== isParty(actor)) {
            mismatches.push({ call: call.path, kind, actor, partyFields: res.body.data.history !== undefined });
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
    // Nothing the wrong callers tried changed the fixture.
    const after = await customerView(cast, deal.id);
    const summary = (v: ApplicationLkDetail) => ({ status: v.status, history: v.history.length, payment: v.payment, replies: v.replies.map((r) => r.status), contract: v.contract?.signatures.length ?? null, report: v.report?.signatures.length ?? null, documents: v.documents.length });
    expect(summary(after)).toEqual(summary(view));
  });

  it('answers 404 for an application or document that does not exist, and 401 to a guest first', async () => {
    const missing: Target = { id: 2_147_483_000, replyId: NO_REPLY, documentId: 2_147_483_000, code: '000000' };
    const mismatches: unknown[] = [];
    for (const call of boundCalls) {
      const asCustomer = await send(d, call, cast.customer, missing);
      if (asCustomer.status !== 404) mismatches.push({ call: call.path, who: 'customer', got: asCustomer.status });
      const asGuest = await send(d, call, null, missing);
      const guestExpected = call.auth === 'required' ? 401 : 404;
      if (asGuest.status !== guestExpected) mismatches.push({ call: call.path, who: 'guest', got: asGuest.status });
    }
    expect(mismatches).toEqual([]);
  });
});

describe('allowed calls go through', () => {
  it('finds allowed cases for every kind of party and every state-changing call but start and close', () => {
    expect([...new Set([...allowedCases.values()].map((c) => c.kind))].sort()).toEqual(['customer', 'executor', 'otherExecutor', 'replier']);
    const calls = new Set([...allowedCases.values()].map((c) => c.call.path));
    const neverAllowed = boundCalls.filter((c) => !readsOnly(c) && !calls.has(c.path)).map((c) => c.path);
    // Starting needs a paid executor_named application and closing a reviewed executed one: no
    // fixture is either (the test after next walks both).
    expect(neverAllowed.sort()).toEqual(['application/close', 'application/start-working/executor']);
  });

  /**
   * Each distinct allowed case on its own new application in the same status, with a new cast in
   * the same roles: the call answers 200 and leaves the status the table names.
   */
  it('answers 200 to every allowed state-changing case on a fresh application, leaving the table’s status', async () => {
    expect(allowedCases.size).toBeGreaterThan(30);
    const mismatches: unknown[] = [];
    for (const { fixture, kind, call, to } of allowedCases.values()) {
      const c = await newCast();
      const deal = await applicationIn(d, fixture.status, partiesOf(c), fixture.options);
      const who = whoOf(c, kind);
      const target = targetOf(deal);
      const codeFrom = CODE_FROM[call.path];
      if (codeFrom) {
        must(await d.api.post(who, codeFrom, { id: deal.id }), codeFrom);
        target.code = await lastSmsCode(d.db, (who as Person).phone);
      }
      const res = await send(d, call, who, target);
      if (res.status !== 200) {
        mismatches.push({ fixture: fixture.label, kind, call: call.path, got: res.status, message: res.body.message });
        continue;
      }
      const after = await d.api.get(c.customer, 'application/get', { id: deal.id });
      const gone = call.path === 'application/delete';
      const now = gone ? after.status : after.body.data?.status;
      const expectedNow = gone ? 404 : (to ?? fixture.status);
      if (now !== expectedNow) mismatches.push({ fixture: fixture.label, kind, call: call.path, expected: expectedNow, got: now });
    }
    expect(mismatches).toEqual([]);
  }, 180_000);

  it('lets the named executor start a paid application and the customer close a reviewed one', async () => {
    const c = await newCast();
    const named = await applicationIn(d, 'executor_named', partiesOf(c));
    const unpaid = factsFromView(await customerView(c, named.id), c.executor.profileId);
    expect(transitionFor('application/start-working/executor', unpaid.facts, unpaid.actor)).toMatchObject({ ok: false, status: 409 });
    expect((await d.api.post(c.executor, 'application/start-working/executor', { id: named.id })).status).toBe(409);
    await d.pay(named.id, 1_500_000);
    const paid = factsFromView(await customerView(c, named.id), c.executor.profileId);
    expect(transitionFor('application/start-working/executor', paid.facts, paid.actor)).toMatchObject({ ok: true, to: 'in_work' });
    expect((await d.api.post(c.executor, 'application/start-working/executor', { id: named.id })).status).toBe(200);

    const executed = await applicationIn(d, 'executed', partiesOf(c));
    expect((await d.api.post(c.customer, 'application/close', { id: executed.id })).status).toBe(409);
    must(await d.api.post(c.customer, 'application/review', { id: executed.id, rating: 5, text: 'Отлично' }), 'review');
    const reviewed = factsFromView(await customerView(c, executed.id), c.customer.profileId);
    expect(allowedActions(reviewed.facts, reviewed.actor)).toContain('application/close');
    expect((await d.api.post(c.customer, 'application/close', { id: executed.id })).status).toBe(200);
  });
});
