import {
  applicationActors,
  executorBoundStatuses,
  guards,
  lifecycleActions,
  lifecycleTable,
  terminalStatuses,
  type ApplicationActor,
  type ApplicationFacts,
  type LifecycleRow,
} from './application-lifecycle';
import type { ApplicationStatus } from './application';

/**
 * The pure functions over the lifecycle table: what the API answers to a transition call and
 * what the lk detail page offers. Both read the same rows, so a button is shown exactly when
 * the server would accept the call.
 */

export const LIFECYCLE_MESSAGES = {
  /** The actor has no row for this action at all (ARCHITECTURE §8: anyone else is 403). */
  forbidden: 'Это действие с заявкой вам недоступно',
  /** A guest never reaches the table on the API (401 first); the client shows this instead. */
  guest: 'Войдите, чтобы работать с заявкой',
  /** The actor has rows for the action, none from the current status (409). */
  wrongStatus: 'Действие недоступно в текущем статусе заявки',
  /** A reply to an application no longer published (an executor named, unpublished, closed): what a replier on a page behind it needs to hear. */
  repliesClosed: 'Заявка больше не принимает отклики',
  /** A second naming once an executor is named (another tab, or a race lost to it, QA TT-4). */
  executorChosen: 'Исполнитель по заявке уже выбран',
} as const;

/** A status refusal said in the action's own words where the generic one would puzzle (null: the generic one). */
const WRONG_STATUS_MESSAGES: Partial<Record<string, (facts: ApplicationFacts) => string | null>> = {
  'application/reply/send': () => LIFECYCLE_MESSAGES.repliesClosed,
  'application/named/executor': (f) => (executorBoundStatuses.includes(f.status) ? LIFECYCLE_MESSAGES.executorChosen : null),
};

export type TransitionResult =
  /** `to` null: the call changes no status (a reply, a price, a document, a download). */
  | { ok: true; to: ApplicationStatus | null; row: LifecycleRow }
  | { ok: false; status: 403 | 409; message: string };

/**
 * Whether `actor` may make `action` on an application with these facts now. 403 when the actor
 * may never make it on this application (no row for the pair in any status), 409 when it could
 * in another status or once its guard holds.
 */
export function transitionFor(action: string, facts: ApplicationFacts, actor: ApplicationActor): TransitionResult {
  const rows = lifecycleTable.filter((r) => r.action === action && r.actor === actor);
  if (rows.length === 0) {
    return { ok: false, status: 403, message: actor === 'guest' ? LIFECYCLE_MESSAGES.guest : LIFECYCLE_MESSAGES.forbidden };
  }
  const current = rows.find((r) => r.from.includes(facts.status));
  if (!current) return { ok: false, status: 409, message: WRONG_STATUS_MESSAGES[action]?.(facts) ?? LIFECYCLE_MESSAGES.wrongStatus };
  const reason = current.guard ? guards[current.guard](facts, actor) : null;
  if (reason !== null) return { ok: false, status: 409, message: reason };
  return { ok: true, to: current.to, row: current };
}

/** The status after a successful transition (`to` null keeps the current one). */
export const statusAfter = (facts: ApplicationFacts, result: Extract<TransitionResult, { ok: true }>): ApplicationStatus =>
  result.to ?? facts.status;

/** Where `action` leads from `from` (ARCHITECTURE §7's table); null when it moves no status or is not made from there. */
export function targetStatus(action: string, from: ApplicationStatus): ApplicationStatus | null {
  return lifecycleTable.find((r) => r.action === action && r.from.includes(from))?.to ?? null;
}

/** The call paths `actor` may make now, in table order: the lk page's `allowedActions`. */
export function allowedActions(facts: ApplicationFacts, actor: ApplicationActor): string[] {
  return lifecycleActions.filter((action) => transitionFor(action, facts, actor).ok);
}

export interface ActorInput {
  /** The caller's active profile; null for a guest. */
  callerProfileId: number | null;
  customerProfileId: number;
  /** The named executor's profile, while one is bound (null before naming and after cancel/stop). */
  executorProfileId: number | null;
  /** The caller holds an active reply on this application. */
  callerHasActiveReply: boolean;
}

/** Who the caller is to the application; the one place that decides it, for API and client. */
export function actorOf({ callerProfileId, customerProfileId, executorProfileId, callerHasActiveReply }: ActorInput): ApplicationActor {
  if (callerProfileId === null) return 'guest';
  if (callerProfileId === customerProfileId) return 'customer';
  if (executorProfileId !== null && callerProfileId === executorProfileId) return 'executor';
  return callerHasActiveReply ? 'replier' : 'other';
}

export const isApplicationActor = (value: unknown): value is ApplicationActor =>
  typeof value === 'string' && (applicationActors as readonly string[]).includes(value);

/** `forbidden`: never for this actor (the API's 403); `closed`: not in this status (409). */
export type DocumentChange = 'allowed' | 'forbidden' | 'closed';

/**
 * The application's other documents (ARCHITECTURE §8 `application/document/upload|delete`; the
 * contract and report are the table's): its customer attaches and removes them until the
 * application is closed. The API decides by it, the pages offer «Удалить» by it.
 */
export function documentChangeFor(actor: ApplicationActor, status: ApplicationStatus): DocumentChange {
  if (actor !== 'customer') return 'forbidden';
  return terminalStatuses.includes(status) ? 'closed' : 'allowed';
}

/** Private documents of an application go to its customer and named executor only (`application/document/download`). */
export const mayDownloadPrivate = (actor: ApplicationActor): boolean => actor === 'customer' || actor === 'executor';

/**
 * The other documents' calls `actor` may make now, for `allowedActions` beside the table's (§8:
 * «the call paths the caller may make now», QA OOO-1): upload by `documentChangeFor`, delete by it
 * and download by `mayDownloadPrivate` while the application has a document.
 */
export function documentActionsFor(actor: ApplicationActor, status: ApplicationStatus, documentCount: number): string[] {
  const change = documentChangeFor(actor, status) === 'allowed';
  return [
    ...(change ? ['application/document/upload'] : []),
    ...(change && documentCount > 0 ? ['application/document/delete'] : []),
    ...(mayDownloadPrivate(actor) && documentCount > 0 ? ['application/document/download'] : []),
  ];
}
