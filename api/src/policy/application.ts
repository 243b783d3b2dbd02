import {
  actorOf,
  APPLICATION_REQUIRED_MESSAGES,
  documentChangeFor,
  mayDownloadPrivate,
  SELF_DEALING_MESSAGE,
  transitionFor,
  type ApplicationActor,
  type ApplicationFacts,
  type ApplicationStatus,
  type Participation,
} from 'shared/contract';
import { AppError } from '../http/errors';
import type { Caller } from './caller';

/**
 * Who may see and do what with applications: pure functions of the caller, the application's
 * parties and its facts. Routes and services ask these and nothing else; the lifecycle table in
 * the contract supplies the per-status rules, this adds what the table cannot know (profile types,
 * visibility).
 */

/** What keeps an application from deletion (RecordFacts), said before what the customer may do instead. */
const KEPT_RECORDS = {
  moneyMoved: 'Заявку с оплатой нельзя удалить',
  documentsKept: 'Заявку с договором или отчётом прежней сделки нельзя удалить',
} as const;

export const POLICY_MESSAGES = {
  noProfile: 'Выберите профиль, чтобы работать с заявками',
  customersOnly: 'Заявки размещают заказчики и организации',
  executorsOnly: 'Откликаться на заявки могут исполнители и организации',
  notFound: 'Заявка не найдена',
  /** `application/get` by someone who may not see it (ARCHITECTURE §8: «a call by anyone else is 403»; QA OOO-3). */
  hidden: 'Заявка доступна только её участникам',
  documentNotFound: 'Документ не найден',
  /** A published one's; an unpublished one is told it stays so (keptRecordsRefusal, QA AAO-1). */
  moneyMoved: `${KEPT_RECORDS.moneyMoved}: снимите её с публикации`,
  /** The contract or report of a deal that ended stays with the application (QA AAN-1). */
  documentsKept: `${KEPT_RECORDS.documentsKept}: снимите её с публикации`,
  /** §8: no reply on one's own application, nor on one of an organisation one acts for (or from one, on one's own). */
  ownApplication: 'Нельзя откликнуться на свою заявку или на заявку своей организации',
  /** A 403 to the executor whose deal ended (stopped by the customer, or cancelled by him). */
  noLongerExecutor: 'Вы больше не исполнитель этой заявки',
  /** One user acting for both the customer's and the named executor's profile (a membership begun after the naming). */
  bothSides: 'Вы действуете в этой заявке и за заказчика, и за исполнителя: делать в ней шаги сделки вам нельзя',
  /** Naming a reply whose profile and the customer's share a user: he would deal with himself. */
  selfDealing: SELF_DEALING_MESSAGE,
} as const;

export interface Parties {
  customerProfileId: number;
  executorProfileId: number | null;
}

export const forbidden = (message: string) => new AppError(403, 'forbidden', message);

/** The caller's role on one application (contract's actorOf: one definition for API and client). */
export const actorFor = (caller: Caller | null, parties: Parties, callerHasActiveReply: boolean): ApplicationActor =>
  actorOf({
    callerProfileId: caller?.profile?.id ?? null,
    customerProfileId: parties.customerProfileId,
    executorProfileId: parties.executorProfileId,
    callerHasActiveReply,
  });

/** Acting on applications needs an active profile. */
export function requireProfile(caller: Caller): NonNullable<Caller['profile']> {
  if (!caller.profile) throw forbidden(POLICY_MESSAGES.noProfile);
  return caller.profile;
}

/** Placing applications: customers and organisations (spec §6), not a personal executor profile. */
export function requireCustomerProfile(caller: Caller): NonNullable<Caller['profile']> {
  const profile = requireProfile(caller);
  if (profile.type === 'executor') throw forbidden(POLICY_MESSAGES.customersOnly);
  return profile;
}

/** Replying: executors and organisations (spec §6). */
export const mayReply = (caller: Caller | null): boolean => caller?.profile?.type === 'executor' || caller?.profile?.type === 'organization';

/** A party's view carries replies, history, documents and money; others get the public page. */
export const isParty = (actor: ApplicationActor): boolean => actor === 'customer' || actor === 'executor' || actor === 'replier';

/**
 * The parties see an application in any status; everyone else only while it is published, but
 * for a profile that replied to it once, whatever became of the reply (an executor stopped or
 * cancelled, a reply rejected or withdrawn): ARCHITECTURE §8's lk list holds "those it replied to
 * or is named on", and its notifications link there. It sees the application with its own reply,
 * not the deal that went on without it (`isParty`); what it may do is its actor's row in the table.
 */
export const maySee = (actor: ApplicationActor, callerReplied: boolean, status: ApplicationStatus): boolean =>
  isParty(actor) || callerReplied || status === 'published';

/**
 * The one decision for an lk call on an existing application: 403 for what the caller may never
 * do (ARCHITECTURE §8: "a call by anyone else is 403", whatever the status), 409 for what the
 * status or a guard forbids now. Only `application/get` hides what one may not see (404).
 */
export function decide(action: string, facts: ApplicationFacts, actor: ApplicationActor, caller: Caller, known: RecordFacts & PartFacts & SelfFacts = NO_RECORDS) {
  const refused = replyRefusal(action, actor, caller, known) ?? bothSidesRefusal(action, actor, known);
  if (refused) throw forbidden(refused);
  const result = transitionFor(action, facts, actor);
  if (!result.ok && result.status === 403) {
    // A logged-in caller without an active profile is no guest: it is asked to choose a profile.
    if (actor === 'guest') throw forbidden(POLICY_MESSAGES.noProfile);
    // The executor whose deal ended (a stop, his own cancel) is "anyone else" now (§8's 403, the
    // access matrix), also when he lost a race to the stop; the message says why.
    throw forbidden(wasExecutorsCall(action, facts, actor, known) ? POLICY_MESSAGES.noLongerExecutor : result.message);
  }
  // A draft published incomplete: which fields it lacks, each as the form says it (its fields show them).
  if (!result.ok && action === 'application/create' && facts.missing?.length) {
    throw new AppError(409, 'incomplete', result.message, Object.fromEntries(facts.missing.map((field) => [field, APPLICATION_REQUIRED_MESSAGES[field] ?? result.message])));
  }
  if (!result.ok) throw new AppError(result.status, 'conflict', result.message);
  const kept = keptRecordsRefusal(action, known, facts.status);
  if (kept) throw new AppError(409, 'conflict', kept);
  return result;
}

/**
 * Why the caller may not reply, beyond the table (null: the table decides): one rule for the call
 * (`decide`'s 403) and for the actions the page offers (`visibleActions`).
 */
function replyRefusal(action: string, actor: ApplicationActor, caller: Caller | null, { callerActsForCustomer }: SelfFacts): string | null {
  if (action !== 'application/reply/send') return null;
  // The customer's own profile (a person's, or an organisation its director or an employee acts
  // as): the table has no reply for it, and its 403 says why rather than «недоступно».
  if (actor === 'customer') return POLICY_MESSAGES.ownApplication;
  if (actor !== 'other') return null;
  if (!mayReply(caller)) return POLICY_MESSAGES.executorsOnly;
  // A user on both sides of one deal (his own executor profile on his organisation's application,
  // or the reverse) would name himself and pay himself the customer's money: not a reply at all.
  if (callerActsForCustomer) return POLICY_MESSAGES.ownApplication;
  return null;
}

/**
 * One user on both sides of a deal (he joined the customer's organisation after he was named, or
 * works for both organisations) would accept, review and pay his own work: neither side's step is
 * his to take (reading and downloads stay). The naming itself is refused earlier (`selfDealing`).
 */
function bothSidesRefusal(action: string, actor: ApplicationActor, known: SelfFacts): string | null {
  return !action.endsWith('/download') ? withheldReason(actor, known) : null;
}

/**
 * Why the table's actions are not all the caller's (`visibleActions` dropped some), for the page to
 * say: a user on both sides of the deal, or one whose reply is refused (he acts for the customer's
 * organisation too: QA AAB-4, where the page said the replies were closed). Null: nothing to say.
 */
export function withheldText(tableActions: readonly string[], actor: ApplicationActor, caller: Caller | null, known: SelfFacts): string | null {
  const reply = 'application/reply/send';
  return withheldReason(actor, known) ?? (tableActions.includes(reply) ? replyRefusal(reply, actor, caller, known) : null);
}

/** Why a user on both sides of the deal takes none of its steps (null: he is on one side only). */
export function withheldReason(actor: ApplicationActor, { callerActsForCustomer, callerActsForExecutor }: SelfFacts): string | null {
  const both = (actor === 'customer' && callerActsForExecutor) || (actor === 'executor' && callerActsForCustomer);
  return both ? POLICY_MESSAGES.bothSides : null;
}

/** Whether the calling user acts for the customer's profile, or the named executor's, too (owns it, or is a member of its organisation). */
export interface SelfFacts {
  callerActsForCustomer?: boolean;
  callerActsForExecutor?: boolean;
}

/**
 * The caller's part in the application (`Participation`, the lk list's): tells a refusal to the
 * executor whose deal ended from one to someone who never had it.
 */
export interface PartFacts {
  callerParticipation?: Participation | null;
}

/**
 * A call the table gives the executor, from a profile whose deal on this application ended (the
 * customer stopped it, or it cancelled): a page left open since, or the losing side of a stop.
 */
const wasExecutorsCall = (action: string, facts: ApplicationFacts, actor: ApplicationActor, { callerParticipation }: PartFacts) =>
  (actor === 'other' || actor === 'replier') &&
  (callerParticipation === 'stopped' || callerParticipation === 'cancelled') &&
  isExecutorsAction(action, facts);

/** The executor has a row for the action in some status (the table's 403 is for no row at all). */
const isExecutorsAction = (action: string, facts: ApplicationFacts) => {
  const asExecutor = transitionFor(action, facts, 'executor');
  return asExecutor.ok || asExecutor.status !== 403;
};

/**
 * What names the application for good, so that it can be unpublished but not deleted: the ledger,
 * once money moved for it (a payment, its refund: append-only, `on delete restrict`), and the
 * contract or report of a deal that ended there (evidence its two sides still download, QA AAN-1).
 */
export interface RecordFacts {
  moneyMoved: boolean;
  documentsKept: boolean;
}
const NO_RECORDS: RecordFacts = { moneyMoved: false, documentsKept: false };
/**
 * Why what the application keeps refuses `action` (only a delete); null when nothing does. The
 * advice to unpublish it only while it is published: an unpublished one is told it stays (QA AAO-1).
 */
const keptRecordsRefusal = (action: string, known: RecordFacts, status?: ApplicationStatus): string | null => {
  if (action !== 'application/delete') return null;
  const kept = known.moneyMoved ? 'moneyMoved' : known.documentsKept ? 'documentsKept' : null;
  if (kept === null) return null;
  return status === 'unpublished' ? `${KEPT_RECORDS[kept]}: она остаётся снятой с публикации` : POLICY_MESSAGES[kept];
};

/**
 * Allowed actions for the detail page: the table's, less what `decide` refuses beyond it — a reply
 * the caller may not make (a customer profile's, or one on his own or his organisation's
 * application), a step of a user on both sides, and a delete what the application keeps forbids
 * (RecordFacts: the ledger, an ended deal's contract or report).
 */
export function visibleActions(actions: string[], actor: ApplicationActor, caller: Caller | null, known: RecordFacts & SelfFacts = NO_RECORDS): string[] {
  return actions.filter((a) => !replyRefusal(a, actor, caller, known) && !bothSidesRefusal(a, actor, known) && !keptRecordsRefusal(a, known));
}

/**
 * The history a party reads: every step for all of them, but the words sent with a step (a
 * revision's comment, a stop's or a cancel's reason) only where they were written to him. The
 * customer reads all; the named executor those since his own naming (not the stop reason about the
 * executor before him); a replier left waiting none (QA P-2, T-1).
 */
export function historyFor<E extends { status: ApplicationStatus; comment: string | null }>(actor: ApplicationActor, history: readonly E[]): E[] {
  if (actor === 'customer') return [...history];
  const since = actor === 'executor' ? history.map((entry) => entry.status).lastIndexOf('executor_named') : history.length;
  return history.map((entry, i) => (i < since && entry.comment !== null ? { ...entry, comment: null } : entry));
}

export const DOCUMENT_POLICY_MESSAGES = {
  customerOnly: 'Документы к заявке добавляет и удаляет только заказчик',
  closed: 'Заявка закрыта: документы к ней изменить нельзя',
  partiesOnly: 'Документ доступен только участникам сделки',
} as const;

/**
 * The other documents of an application (§8 `application/document/upload|delete`, not the
 * contract or report), by the contract's rule the lk pages read too: 403 for anyone but the
 * customer, 409 once the application is closed.
 */
export function decideDocumentChange(actor: ApplicationActor, status: ApplicationStatus): void {
  const change = documentChangeFor(actor, status);
  if (change === 'forbidden') throw forbidden(DOCUMENT_POLICY_MESSAGES.customerOnly);
  if (change === 'closed') throw new AppError(409, 'conflict', DOCUMENT_POLICY_MESSAGES.closed);
}

/**
 * `application/past-document/download`: a contract or report set aside when its deal ended goes to
 * the application's customer and to that deal's executor, as they see it on `application/get`
 * (pastDocuments); the executors named before or after him are no party to it.
 */
export function decidePastDocumentDownload(caller: Caller, version: { customerProfileId: number; executorProfileId: number }): void {
  const profileId = caller.profile?.id;
  if (profileId !== version.customerProfileId && profileId !== version.executorProfileId) throw forbidden(DOCUMENT_POLICY_MESSAGES.partiesOnly);
}

/** `application/document/download`: the deal's parties, public or not (anyone else has the public download). */
export function decideDocumentDownload(actor: ApplicationActor): void {
  if (!mayDownloadPrivate(actor)) throw forbidden(DOCUMENT_POLICY_MESSAGES.partiesOnly);
}
