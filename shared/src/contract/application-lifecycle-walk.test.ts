/**
 * Model-based test of the lifecycle table: seeded random walks of (caller, action) through
 * `transitionFor` over an in-memory application, checking after each step what the table
 * promises (allowedActions agrees with transitionFor, guards hold, closed offers downloads only).
 */
import {
  actorOf,
  allowedActions,
  applicationActors,
  applicationStatuses,
  deletingActions,
  downloadActions,
  lifecycleActions,
  lifecycleTable,
  terminalStatuses,
  transitionFor,
  type ApplicationActor,
  type ApplicationFacts,
  type ApplicationStatus,
} from './index';

/** mulberry32: a small seeded generator, so a failing walk replays from its seed. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CUSTOMER = 1;
const PROFILES = [2, 3, 4];
type Doc = { signedByCustomer: boolean; signedByExecutor: boolean } | null;

/** An application as the server would keep it, with just enough data for the guards. */
interface Model {
  status: ApplicationStatus;
  complete: boolean;
  price: number;
  deadlinePassed: boolean;
  paymentStatus: ApplicationFacts['paymentStatus'];
  contract: Doc;
  report: Doc;
  reviewGiven: boolean;
  /** Profiles with an active reply. */
  replies: Set<number>;
  executor: number | null;
  deleted: boolean;
}

const callers = [CUSTOMER, ...PROFILES, null] as const;
const RARE = ['application/delete', 'application/cancel/executor', 'application/stop-working/executor', 'application/set-status/no-publish'];

function actorIn(m: Model, caller: number | null): ApplicationActor {
  return actorOf({ callerProfileId: caller, customerProfileId: CUSTOMER, executorProfileId: m.executor, callerHasActiveReply: caller !== null && m.replies.has(caller) });
}

function factsOf(m: Model, caller: number | null): ApplicationFacts {
  return {
    status: m.status,
    complete: m.complete,
    price: m.price,
    feedbackDeadline: m.deadlinePassed ? '2026-11-01' : '2026-12-31',
    today: '2026-11-23',
    paymentStatus: m.paymentStatus,
    contract: m.contract,
    report: m.report,
    reviewGiven: m.reviewGiven,
    hasActiveReplies: m.replies.size > 0,
    hasActiveReplyOfCaller: caller !== null && m.replies.has(caller),
  };
}

const sign = (doc: Doc, actor: ApplicationActor): Doc =>
  doc && (actor === 'customer' ? { ...doc, signedByCustomer: true } : { ...doc, signedByExecutor: true });

/** What a successful call does to the data beyond the status (the API's job later). */
function applyEffects(m: Model, action: string, caller: number, actor: ApplicationActor, pick: () => number) {
  const firstReply = () => [...m.replies][0]!;
  switch (action) {
    case 'application/draft/upsert': m.complete = pick() < 0.7; break;
    case 'application/update': m.deadlinePassed = false; m.executor = null; break;
    case 'application/update/feedback': m.deadlinePassed = false; break;
    case 'application/update/price': m.price = pick() < 0.2 ? 0 : 7000; break;
    case 'application/delete': m.deleted = true; break;
    case 'application/reply/send': m.replies.add(caller); break;
    case 'application/reply/remove': m.replies.delete(caller); break;
    case 'application/reply/reject': m.replies.delete(firstReply()); break;
    case 'application/named/executor': {
      const chosen = firstReply();
      m.replies.delete(chosen);
      m.executor = chosen;
      m.paymentStatus = 'awaiting';
      break;
    }
    case 'application/cancel/executor':
    case 'application/stop-working/executor':
      // §8: parting before on_review refunds what was held; the next executor is paid afresh.
      m.executor = null;
      m.paymentStatus = 'none';
      m.contract = null;
      m.report = null;
      break;
    case 'application/contract/upload': m.contract = { signedByCustomer: false, signedByExecutor: false }; break;
    case 'application/contract/delete': m.contract = null; break;
    case 'application/contract/sign': m.contract = sign(m.contract, actor); break;
    case 'application/document-report/upload': m.report = { signedByCustomer: false, signedByExecutor: false }; break;
    case 'application/document-report/delete': m.report = null; break;
    case 'application/document-report/sign': m.report = sign(m.report, actor); break;
    case 'application/review': m.reviewGiven = true; break;
    case 'application/close': m.paymentStatus = 'released'; break;
  }
}

describe('random walks through the table', () => {
  it('keep the model consistent with allowedActions, the guards and the terminal status', () => {
    const visited = new Set<ApplicationStatus>();
    const problems: string[] = [];
    for (let seed = 1; seed <= 300; seed++) {
      const random = rng(seed);
      const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
      const m: Model = {
        status: 'draft', complete: false, price: 5000, deadlinePassed: false, paymentStatus: 'none',
        contract: null, report: null, reviewGiven: false, replies: new Set(), executor: null, deleted: false,
      };
      for (let step = 0; step < 150 && !m.deleted; step++) {
        visited.add(m.status);
        const where = `seed ${seed} step ${step} (${m.status})`;
        // The world outside the table: the bank pays, the feedback deadline passes.
        const event = random();
        if (event < 0.3 && m.executor !== null && m.price > 0 && m.paymentStatus === 'awaiting') m.paymentStatus = 'held';
        else if (event > 0.97) m.deadlinePassed = true;

        const caller = pick(callers);
        const actor = actorIn(m, caller);
        const before = factsOf(m, caller);
        const allowed = allowedActions(before, actor);
        // Mostly try what is offered, rarely what ends or undoes the deal, so walks get deep;
        // sometimes anything at all.
        const offered = allowed.filter((a) => !RARE.includes(a) || random() < 0.1);
        const action = offered.length > 0 && random() < 0.7 ? pick(offered) : pick(lifecycleActions);
        const result = transitionFor(action, before, actor);

        if (result.ok !== allowed.includes(action)) problems.push(`${where}: ${actor} ${action} ok=${result.ok} but allowed=${allowed.includes(action)}`);
        if (!applicationActors.includes(actor)) problems.push(`${where}: unknown actor ${actor}`);
        if (terminalStatuses.includes(m.status) && allowed.some((a) => !downloadActions.includes(a))) problems.push(`${where}: closed allows ${allowed}`);
        if (!result.ok) {
          if (!/[а-яё]/i.test(result.message)) problems.push(`${where}: not Russian: ${result.message}`);
          const hasRow = lifecycleTable.some((r) => r.action === action && r.actor === actor);
          if ((result.status === 403) === hasRow) problems.push(`${where}: ${actor} ${action} → ${result.status}, row exists=${hasRow}`);
          continue;
        }
        if (action === 'application/start-working/executor' && (m.paymentStatus !== 'held' || m.price <= 0 || (m.contract && !(m.contract.signedByCustomer && m.contract.signedByExecutor)))) {
          problems.push(`${where}: work started without held payment or signed contract`);
        }
        if (action === 'application/verification' && m.report && !(m.report.signedByCustomer && m.report.signedByExecutor)) problems.push(`${where}: unsigned report accepted`);
        if (action === 'application/close' && !m.reviewGiven) problems.push(`${where}: closed without a review`);
        applyEffects(m, action, caller!, actor, random);
        if (result.to !== null) m.status = result.to;
        if (deletingActions.includes(action) && !m.deleted) problems.push(`${where}: delete left the application`);
        if (!applicationStatuses.includes(m.status)) problems.push(`${where}: unknown status ${m.status}`);
        const bound = ['executor_named', 'in_work', 'on_review', 'revision', 'executed', 'closed'].includes(m.status);
        if (!m.deleted && bound !== (m.executor !== null)) problems.push(`${where}: executor ${m.executor} in ${m.status}`);
      }
    }
    expect(problems.slice(0, 20)).toEqual([]);
    // The guards are not so tight that a status is out of reach in practice.
    expect([...visited].sort()).toEqual([...applicationStatuses].sort());
  });
});
