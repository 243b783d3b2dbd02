import type { ApplicationStatus } from './application';

/**
 * The one state machine of ARCHITECTURE §5 and §8: who may make which lk call on an
 * application, from which statuses, under which guard, and what status it leaves. The API
 * checks every transition against this table and the lk detail page shows exactly the
 * actions it allows (`allowedActions` in application-actions.ts), so the two cannot drift.
 */

/**
 * Who the caller's active profile is to the application. `executor` is the profile named on it
 * (none before `executor_named` and none after `cancelled_by_executor`/`stopped_by_customer`);
 * `replier` holds an active reply and is not named; `other` is any other logged-in profile.
 */
export const applicationActors = ['customer', 'executor', 'replier', 'other', 'guest'] as const;
export type ApplicationActor = (typeof applicationActors)[number];

export const paymentStatuses = ['none', 'awaiting', 'held', 'released', 'refunded'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** A contract's or report's current version, as far as the guards care. */
export interface SignedDocumentFacts {
  signedByCustomer: boolean;
  signedByExecutor: boolean;
  /**
   * The caller's side was signed by another member of the organisation the caller acts for (its
   * director, a colleague), not by the calling user: the refusal says so, not «Вы уже подписали».
   */
  signedForCallerByColleague?: boolean;
}

/** Plain facts about one application as seen by one caller: all a guard may read. */
export interface ApplicationFacts {
  status: ApplicationStatus;
  /** Has every field `application/create` requires (name, description, services, price, deadlines, address). */
  complete: boolean;
  /** Which of those fields it lacks (the refusal names them), when known. */
  missing?: readonly string[];
  /** Roubles; null while a draft leaves it out. */
  price: number | null;
  /** ISO dates; `today` is the server's calendar date, so guards stay pure. */
  feedbackDeadline: string | null;
  today: string;
  paymentStatus: PaymentStatus;
  /** Null while none is uploaded. */
  contract: SignedDocumentFacts | null;
  report: SignedDocumentFacts | null;
  reviewGiven: boolean;
  /** Any active reply (someone to name). */
  hasActiveReplies: boolean;
  /** The caller holds an active reply; true exactly when the actor is `replier`. */
  hasActiveReplyOfCaller: boolean;
  /**
   * The caller acts for an organisation (its director or an employee): its reply is the
   * organisation's, sent perhaps by a colleague (who sent it is not recorded).
   */
  callerActsForOrganization?: boolean;
}

/** Statuses in which the application is done with: nothing but downloads. */
export const terminalStatuses: readonly ApplicationStatus[] = ['closed'];

/** The statuses an executor is named in: from the naming until the end (none after a cancel or a stop). */
export const executorBoundStatuses: readonly ApplicationStatus[] = ['executor_named', 'in_work', 'on_review', 'revision', 'executed', 'closed'];

const S = {
  /** Before an executor is named (§5: delete and update only then). */
  unassigned: ['draft', 'published', 'unpublished'],
  /** An executor is bound and the work is not handed over yet: the parties may still part. */
  beforeHandover: ['executor_named', 'in_work', 'revision'],
  /** The executor works on the result (the report belongs here). */
  working: ['in_work', 'revision', 'on_review'],
  /** An executor has been named and the deal stands: documents and money stay downloadable. */
  dealt: executorBoundStatuses,
  /** The customer chooses among live replies (§5: from cancel/stop the customer names another). */
  choosing: ['published', 'cancelled_by_executor', 'stopped_by_customer'],
  /** A reply can still be chosen until the work is accepted. */
  replyLive: ['published', 'unpublished', 'executor_named', 'in_work', 'on_review', 'revision', 'cancelled_by_executor', 'stopped_by_customer'],
} satisfies Record<string, readonly ApplicationStatus[]>;

/** The statuses a reply can still be chosen, and withdrawn, in: past them it is history, not a live reply. */
export const replyLiveStatuses: readonly ApplicationStatus[] = S.replyLive;

/** A guard answers null when the action may go ahead, else the Russian reason (a 409). */
type Guard = (facts: ApplicationFacts, actor: ApplicationActor) => string | null;

const bothSigned = (doc: SignedDocumentFacts) => doc.signedByCustomer && doc.signedByExecutor;
/** Replies only while published (checked by the row) and not after the feedback deadline. */
const repliesOpen: Guard = (f) =>
  f.feedbackDeadline === null || f.feedbackDeadline >= f.today ? null : 'Приём откликов по заявке завершён';
const signedByCaller = (doc: SignedDocumentFacts, actor: ApplicationActor) =>
  actor === 'customer' ? doc.signedByCustomer : doc.signedByExecutor;

/** Something to pay: an invoice or a QR code for zero roubles makes no sense. */
const priced: Guard = (f) => (f.price !== null && f.price > 0 ? null : 'У заявки не указана цена');

/**
 * The refusal of a second reply of the same profile: an organisation's may have been sent by
 * another of its members, so it is the organisation's, not «Вы».
 */
export const alreadyRepliedMessage = (asOrganization: boolean): string =>
  asOrganization ? 'Организация уже откликнулась на эту заявку' : 'Вы уже откликнулись на эту заявку';

const SIGNED_DOCUMENT_WORDS = {
  contract: { self: 'Вы уже подписали договор', colleague: 'Договор уже подписан от имени организации' },
  report: { self: 'Вы уже подписали отчёт', colleague: 'Отчёт уже подписан от имени организации' },
} as const;

/**
 * The refusal of signing a contract or report the caller's side has signed: by the caller, or by
 * another member of the organisation the caller acts for (who never signed it himself).
 */
export const alreadySignedMessage = (kind: 'contract' | 'report', byColleague: boolean): string =>
  SIGNED_DOCUMENT_WORDS[kind][byColleague ? 'colleague' : 'self'];

const awaitsCaller = (kind: 'contract' | 'report', doc: SignedDocumentFacts, actor: ApplicationActor) =>
  signedByCaller(doc, actor) ? alreadySignedMessage(kind, doc.signedForCallerByColleague === true) : null;

/**
 * The named executor's «Отозвать отклик» (a page behind the naming, or a race lost to it, QA TT-4):
 * his reply is the deal now, not a reply to withdraw; while the parties may still part, refusing the
 * application is his way out. An organisation's reply may be a colleague's: it is the organisation chosen.
 */
export function chosenReplyMessage(status: ApplicationStatus, asOrganization: boolean): string {
  const chosen = `Заказчик уже выбрал ${asOrganization ? 'организацию' : 'вас'} исполнителем: отклик не отозвать`;
  return (S.beforeHandover as readonly ApplicationStatus[]).includes(status) ? `${chosen}, можно отказаться от заявки` : chosen;
}

/** The refusal of naming or rejecting when no reply is active (the guard `hasActiveReplies`). */
export const NO_ACTIVE_REPLIES_MESSAGE = 'На заявку нет активных откликов';

export const guards = {
  /** `create` publishes only a complete application. */
  complete: (f) => (f.complete ? null : 'Заполните все обязательные поля заявки'),
  repliesOpen,
  /** One active reply per profile; a `replier` has one by definition. */
  replyOpenToCaller: (f) => {
    if (f.hasActiveReplyOfCaller) return alreadyRepliedMessage(f.callerActsForOrganization === true);
    return repliesOpen(f, 'other');
  },
  hasActiveReplies: (f) => (f.hasActiveReplies ? null : NO_ACTIVE_REPLIES_MESSAGE),
  /** Never passes: the row it guards is a refusal in the state's words (409), not a permission. */
  notChosen: (f) => chosenReplyMessage(f.status, f.callerActsForOrganization === true),
  /**
   * The price is what the invoice asks for: fixed once money is on its way or in, and once either
   * side has signed the contract that agreed it (a new contract, without signatures, frees it).
   */
  notPaid: (f) => {
    if (f.paymentStatus !== 'none' && f.paymentStatus !== 'awaiting') return 'Цену нельзя изменить после оплаты';
    if (f.contract && (f.contract.signedByCustomer || f.contract.signedByExecutor)) return 'Договор уже подписан: цену можно изменить, загрузив новый договор';
    return null;
  },
  priced,
  /**
   * A QR code pays when scanned: once the money is in (or has moved on) it would only pay a
   * second time, which the bank's notice then refuses. The invoice stays, as the paid one's record.
   */
  payable: (f) => {
    if (f.paymentStatus !== 'none' && f.paymentStatus !== 'awaiting') return 'Заявка уже оплачена';
    return priced(f, 'customer');
  },
  /** §8: payment held (price above zero) and, when a contract is uploaded, both signatures on it. */
  readyToStart: (f) => {
    if (f.price === null || f.price <= 0) return 'У заявки не указана цена';
    if (f.paymentStatus !== 'held') return 'Работу можно начать только после оплаты заявки';
    if (f.contract && !bothSigned(f.contract)) return 'Договор должен быть подписан обеими сторонами';
    return null;
  },
  /** §8: verification needs both signatures on the current report when one is uploaded. */
  reportSigned: (f) => (f.report && !bothSigned(f.report) ? 'Отчёт должен быть подписан обеими сторонами' : null),
  reviewGiven: (f) => (f.reviewGiven ? null : 'Сначала оставьте отзыв о работе'),
  contractUploaded: (f) => (f.contract ? null : 'Договор не загружен'),
  reportUploaded: (f) => (f.report ? null : 'Отчёт не загружен'),
  contractAwaitsCaller: (f, actor) => (f.contract ? awaitsCaller('contract', f.contract, actor) : 'Договор не загружен'),
  reportAwaitsCaller: (f, actor) => (f.report ? awaitsCaller('report', f.report, actor) : 'Отчёт не загружен'),
} satisfies Record<string, Guard>;
export type GuardName = keyof typeof guards;

export interface LifecycleRow {
  /** A call path of spec §7, relative to `/api/`. */
  action: string;
  from: readonly ApplicationStatus[];
  actor: ApplicationActor;
  guard?: GuardName;
  /** The status the call leaves; null: no status change (the call may still change data). */
  to: ApplicationStatus | null;
}

const row = (action: string, from: readonly ApplicationStatus[], actor: ApplicationActor, to: ApplicationStatus | null, guard?: GuardName): LifecycleRow =>
  guard ? { action, from, actor, guard, to } : { action, from, actor, to };

/** Calls on an existing application that remove it: the table has no status for "gone". */
export const deletingActions: readonly string[] = ['application/delete'];

export const lifecycleTable: readonly LifecycleRow[] = [
  // Publication (customer).
  row('application/draft/upsert', ['draft'], 'customer', 'draft'),
  row('application/create', ['draft'], 'customer', 'published', 'complete'),
  row('application/update', ['published'], 'customer', null),
  row('application/update', ['unpublished', 'cancelled_by_executor', 'stopped_by_customer'], 'customer', 'published'),
  row('application/delete', S.unassigned, 'customer', null),
  row('application/set-status/no-publish', ['published'], 'customer', 'unpublished'),
  row('application/update/feedback', ['published', 'unpublished'], 'customer', null),
  row('application/update/price', ['published', 'unpublished', 'executor_named'], 'customer', null, 'notPaid'),
  // Replies.
  row('application/reply/send', ['published'], 'other', null, 'replyOpenToCaller'),
  row('application/reply/send', ['published'], 'replier', null, 'replyOpenToCaller'),
  row('application/reply/remove', S.replyLive, 'replier', null),
  // The named executor's reply is the deal: withdrawing it conflicts with the state (409), it is
  // not a call he never had (403). No status lets it through.
  row('application/reply/remove', S.dealt, 'executor', null, 'notChosen'),
  row('application/reply/reject', S.choosing, 'customer', null, 'hasActiveReplies'),
  row('application/named/executor', S.choosing, 'customer', 'executor_named', 'hasActiveReplies'),
  // The work.
  row('application/start-working/executor', ['executor_named'], 'executor', 'in_work', 'readyToStart'),
  row('application/confirm-execution', ['in_work', 'revision'], 'executor', 'on_review'),
  row('application/send/revision', ['on_review'], 'customer', 'revision'),
  row('application/verification', ['on_review'], 'customer', 'executed', 'reportSigned'),
  row('application/review', ['executed'], 'customer', null),
  row('application/close', ['executed'], 'customer', 'closed', 'reviewGiven'),
  // Parting before the result is handed over (refunds held money, §8).
  row('application/cancel/executor/send/sms', S.beforeHandover, 'executor', null),
  row('application/cancel/executor', S.beforeHandover, 'executor', 'cancelled_by_executor'),
  row('application/stop-working/executor', S.beforeHandover, 'customer', 'stopped_by_customer'),
  // Contract: fixed before the work starts, since starting needs its signatures.
  row('application/contract/upload', ['executor_named'], 'customer', null),
  row('application/contract/delete', ['executor_named'], 'customer', null, 'contractUploaded'),
  row('application/contract/send/sms', ['executor_named'], 'customer', null, 'contractAwaitsCaller'),
  row('application/contract/send/sms', ['executor_named'], 'executor', null, 'contractAwaitsCaller'),
  row('application/contract/sign', ['executor_named'], 'customer', null, 'contractAwaitsCaller'),
  row('application/contract/sign', ['executor_named'], 'executor', null, 'contractAwaitsCaller'),
  row('application/contract/download', S.dealt, 'customer', null, 'contractUploaded'),
  row('application/contract/download', S.dealt, 'executor', null, 'contractUploaded'),
  // Report: the executor's, while the result is being made or checked.
  row('application/document-report/upload', S.working, 'executor', null),
  row('application/document-report/delete', S.working, 'executor', null, 'reportUploaded'),
  row('application/document-report/send/sms', S.working, 'customer', null, 'reportAwaitsCaller'),
  row('application/document-report/send/sms', S.working, 'executor', null, 'reportAwaitsCaller'),
  row('application/document-report/sign', S.working, 'customer', null, 'reportAwaitsCaller'),
  row('application/document-report/sign', S.working, 'executor', null, 'reportAwaitsCaller'),
  row('application/document-report/download', S.dealt, 'customer', null, 'reportUploaded'),
  row('application/document-report/download', S.dealt, 'executor', null, 'reportUploaded'),
  // Payment documents (the customer pays once an executor is named).
  row('application/payment-invoices/download', S.dealt, 'customer', null, 'priced'),
  row('application/spb-qr/download', S.dealt, 'customer', null, 'payable'),
];

/** Every action of the table, in table order, once. */
export const lifecycleActions: readonly string[] = [...new Set(lifecycleTable.map((r) => r.action))];

/** Downloads change nothing, so they stay open on a closed application. */
export const downloadActions: readonly string[] = lifecycleActions.filter((a) => a.endsWith('/download'));
