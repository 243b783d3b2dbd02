import type { Server } from 'socket.io';
import { APPLICATION_CHANGED_EVENT, applicationStatusInText, lkApplicationDetailPath, todayIn, type ApplicationActor, type ApplicationFacts, type ApplicationStatus, type Participation, type PaymentStatus, type SignedDocumentFacts } from 'shared/contract';
import type { Db, Queryable } from '../../db';
import { isStorableId, jsonColumn } from '../../db/sql';
import { AppError, notFound } from '../../http/errors';
import { actorFor, decide, POLICY_MESSAGES } from '../../policy/application';
import type { Caller } from '../../policy/caller';
import { notificationRepository } from '../notification/repository';
import { NOTIFICATION_EVENT } from '../notification/service';
import { balanceChanged, profileRoom, userRoom } from '../../plugins/socket';
import { participationOf, repliedTo } from './lk-repository';

/** The row of an application as the lifecycle reads it, with the facts its guards need. */
export interface LifecycleRow {
  id: number;
  number: number;
  name: string;
  status: ApplicationStatus;
  version: number;
  customerProfileId: number;
  executorProfileId: number | null;
  price: number | null;
  /** The customer's own price while a named executor's agreed one stands in `price` (migration 020). */
  askedPrice: number | null;
  deadline: string | null;
  feedbackDeadline: string | null;
  paymentStatus: PaymentStatus;
  /** The fields `create` requires that the application lacks (none: complete). */
  missing: string[];
  reviewGiven: boolean;
  hasActiveReplies: boolean;
  callerHasActiveReply: boolean;
  /** The caller's profile replied to the application, in any reply status (it may see it: the policy's maySee). */
  callerReplied: boolean;
  /** What the caller's profile is to it, as its lk list says (null: never replied): the policy's PartFacts. */
  callerParticipation: Participation | null;
  contract: SignedDocumentFacts | null;
  report: SignedDocumentFacts | null;
  /** The ledger names the application (it was paid): see the policy's RecordFacts. */
  moneyMoved: boolean;
  /** A contract or report was uploaded to it (only a deal that ended leaves one on a deletable application): RecordFacts. */
  documentsKept: boolean;
  /** The calling user acts for the customer's profile (its owner, or a member of its organisation): the policy's SelfFacts. */
  callerActsForCustomer: boolean;
  /** The calling user acts for the named executor's profile (false while none is named): the policy's SelfFacts. */
  callerActsForExecutor: boolean;
  /** The caller's profile is an organisation's: its reply may be a colleague's (the guards' words). */
  callerActsForOrganization: boolean;
}

export const LIFECYCLE_CONFLICT = 'Заявка изменилась, пока вы её просматривали. Обновите страницу';

/** The current version's signatures; the caller's side signed for his profile ($2) by another of its users ($3): a colleague. */
const signedState = (kind: 'contract' | 'report') => `(
  select json_build_object(
    'signedByCustomer', exists (select 1 from document_signatures s where s.document_id = d.id and s.party = 'customer'),
    'signedByExecutor', exists (select 1 from document_signatures s where s.document_id = d.id and s.party = 'executor'),
    'signedForCallerByColleague', exists (select 1 from document_signatures s
      where s.document_id = d.id and s.signer_profile_id = $2::int and s.signer_user_id <> $3::int))
  from signed_documents d where d.application_id = a.id and d.kind = '${kind}' and d.deleted_at is null)`;

/** The calling user ($3) acts for `profile`: owns it (an organisation's director does), or is a member of its organisation. */
const callerActsFor = (profile: string) => `($3::int is not null and (exists (select 1 from profiles p where p.id = ${profile} and p.user_id = $3::int)
      or exists (select 1 from organization_members m where m.organization_id = ${profile} and m.user_id = $3::int)))`;

/** One statement: the row and every fact a guard reads, for the caller's profile ($2) and user ($3), either may be null. */
const factsQuery = `
  select a.id, a.number, a.name, a.status, a.version,
    a.customer_profile_id as "customerProfileId", a.executor_profile_id as "executorProfileId",
    a.price::float8 as price, a.asked_price::float8 as "askedPrice", to_char(a.deadline, 'YYYY-MM-DD') as deadline,
    to_char(a.feedback_deadline, 'YYYY-MM-DD') as "feedbackDeadline",
    a.payment_status as "paymentStatus",
    array_remove(array[
      case when a.name = '' then 'name' end,
      case when a.description = '' then 'description' end,
      case when not exists (select 1 from application_services x where x.application_id = a.id) then 'services' end,
      case when a.price is null then 'price' end,
      case when a.deadline is null then 'deadline' end,
      case when a.feedback_deadline is null then 'feedbackDeadline' end,
      case when a.address_value = '' then 'address' end
    ], null) as missing,
    a.review_rating is not null as "reviewGiven",
    exists (select 1 from application_replies r where r.application_id = a.id and r.status = 'active') as "hasActiveReplies",
    ($2::int is not null and exists (select 1 from application_replies r
      where r.application_id = a.id and r.status = 'active' and r.executor_profile_id = $2::int)) as "callerHasActiveReply",
    ($2::int is not null and ${repliedTo('a.id', '$2::int')}) as "callerReplied",
    ${participationOf('a', '$2::int')} as "callerParticipation",
    ${signedState('contract')} as contract,
    ${signedState('report')} as report,
    exists (select 1 from ledger_accounts l where l.code = 'escrow:application:' || a.id) as "moneyMoved",
    exists (select 1 from signed_documents d where d.application_id = a.id) as "documentsKept",
    ${callerActsFor('a.customer_profile_id')} as "callerActsForCustomer",
    ${callerActsFor('a.executor_profile_id')} as "callerActsForExecutor",
    ($2::int is not null and exists (select 1 from profiles p where p.id = $2::int and p.type = 'organization')) as "callerActsForOrganization"
  from applications a where a.id = $1`;

/** The server's calendar date in Moscow time: deadlines are days of that calendar (the contract's todayIn). */
export { todayIn };

export async function loadLifecycleRow(q: Queryable, id: number, callerProfileId: number | null, callerUserId: number | null = null): Promise<LifecycleRow | undefined> {
  if (!isStorableId(id)) return undefined;
  const [row] = await q.query<LifecycleRow>(factsQuery, [id, callerProfileId, callerUserId]);
  if (!row) return undefined;
  return { ...row, contract: jsonColumn(row.contract), report: jsonColumn(row.report) };
}

export const factsOf = (row: LifecycleRow, today: string): ApplicationFacts => ({
  status: row.status,
  complete: row.missing.length === 0,
  missing: row.missing,
  price: row.price,
  feedbackDeadline: row.feedbackDeadline,
  today,
  paymentStatus: row.paymentStatus,
  contract: row.contract,
  report: row.report,
  reviewGiven: row.reviewGiven,
  hasActiveReplies: row.hasActiveReplies,
  hasActiveReplyOfCaller: row.callerHasActiveReply,
  callerActsForOrganization: row.callerActsForOrganization,
});

/** A notification for after the commit: the row is written in the transaction, the event after it. */
export interface Notice {
  profileId: number;
  message: string;
  /** About an application this action deletes: the row links to nothing and references nothing. */
  gone?: boolean;
  /** Where it leads when not the application's page (a payment credited to the balance: /lk/money). */
  link?: string;
}

export interface ActionContext {
  tx: Queryable;
  row: LifecycleRow;
  actor: ApplicationActor;
  caller: Caller;
  /** The status the action leaves (the current one when it changes none). */
  to: ApplicationStatus;
  now: Date;
  /** Tell a profile (its users) about this application, after the commit; `gone` when the action deletes it. */
  notify(profileId: number | null, message: string, options?: { gone?: boolean }): void;
  /** Money came onto a profile's balance (a refund, a release): its screens read it again after the commit. */
  balanceMoved(profileId: number): void;
}

export interface PerformInput<T> {
  id: number;
  action: string;
  caller: Caller;
  /** Written to the history with a status change (revision comment, stop reason, cancel reason). */
  comment?: string | null;
  /** The action's own writes, in the same transaction, after the guarded update won the row. */
  effect?: (ctx: ActionContext) => Promise<T>;
  /**
   * An action that keeps the status, done first in the same transaction under the same lock, whose
   * writes the action's decision reads: a publication's fields saved to its draft. Decided by the
   * table as it would be alone; it leaves no history of its own. Done as two calls, another save
   * could come between them and be published instead (QA W-1).
   */
  before?: { action: string; effect: (ctx: Pick<ActionContext, 'tx' | 'row' | 'now'>) => Promise<void> };
}

export interface LifecycleDeps {
  db: Db;
  io?: Pick<Server, 'to'>;
  now: () => Date;
}

/**
 * Applies one lk action to an application, the only way any of them changes one: the caller's
 * role and the facts are read, the contract's table decides (403/409), then one guarded update on
 * status and version claims the row (no row changed: someone else acted first, 409), the action's
 * own writes follow, a status change is written to the history and announced to the other party.
 * All in one transaction; socket events go out after the commit, so nobody hears of a change
 * that was rolled back.
 */
export function lifecycle({ db, io, now }: LifecycleDeps) {
  async function perform<T>(input: PerformInput<T>): Promise<{ result: T; status: ApplicationStatus; changed: boolean }> {
    const notices: Array<Notice & { userId: number; event: unknown }> = [];
    const balances = new Set<number>();
    const outcome = await db.transaction(async (tx) => {
      // The row first, the facts after: read under the lock they are current until the commit. Read
      // before it, a payment committing meanwhile (it locks the row too) would be overwritten by
      // an action that keeps the status, e.g. a new price marking a paid invoice 'awaiting'.
      if (isStorableId(input.id)) await tx.query('select id from applications where id = $1 for update', [input.id]);
      // The clock is read once the row is ours: a transition that waited for the lock is stamped
      // after the one it waited for, so the history's order is the order the changes happened.
      const at = now();
      const load = async () => {
        const found = await loadLifecycleRow(tx, input.id, input.caller.profile?.id ?? null, input.caller.userId);
        if (!found) throw notFound(POLICY_MESSAGES.notFound);
        return found;
      };
      let row = await load();
      if (input.before) {
        const first = decide(input.before.action, factsOf(row, todayIn(at)), actorFor(input.caller, row, row.callerHasActiveReply), input.caller, row);
        if (first.to && first.to !== row.status) throw new Error(`${input.before.action} changes the status: it cannot go before ${input.action}`);
        await input.before.effect({ tx, row, now: at });
        row = await load();
      }
      const actor = actorFor(input.caller, row, row.callerHasActiveReply);
      const decision = decide(input.action, factsOf(row, todayIn(at)), actor, input.caller, row);
      const to = decision.to ?? row.status;
      const changed = to !== row.status;
      // Status changes also guard the version: two conflicting transitions cannot both win. An
      // action that keeps the status only needs it unchanged, so two replies do not collide.
      const claimed = await tx.query(
        `update applications set status = $2, version = version + 1, updated_at = $4
         where id = $1 and status = $3 ${changed ? 'and version = $5' : ''} returning version`,
        changed ? [row.id, to, row.status, at.toISOString(), row.version] : [row.id, to, row.status, at.toISOString()],
      );
      if (claimed.length === 0) throw new AppError(409, 'conflict', LIFECYCLE_CONFLICT);

      const pending: Notice[] = [];
      const ctx: ActionContext = {
        tx,
        row,
        actor,
        caller: input.caller,
        to,
        now: at,
        notify: (profileId, message, options) => {
          if (profileId !== null && profileId !== input.caller.profile?.id) pending.push({ profileId, message, ...options });
        },
        balanceMoved: (profileId) => void balances.add(profileId),
      };
      const result = input.effect ? await input.effect(ctx) : (undefined as T);
      if (changed) {
        // Naming binds an executor and parting unbinds one: tell whoever is (or was) on the other side.
        const [after] = await tx.query<{ executorProfileId: number | null }>(
          'select executor_profile_id as "executorProfileId" from applications where id = $1',
          [row.id],
        );
        await tx.query(
          `insert into application_history (application_id, from_status, to_status, actor_user_id, actor_profile_id, comment, executor_profile_id, created_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [
            row.id,
            row.status,
            to,
            input.caller.userId,
            input.caller.profile?.id ?? null,
            input.comment?.trim() || null,
            concernedExecutor(actor, row, after?.executorProfileId ?? null),
            at.toISOString(),
          ],
        );
        const counterpart = actor === 'customer' ? (after?.executorProfileId ?? row.executorProfileId) : row.customerProfileId;
        // The comment travels with it: a stopped executor sees no history, and a revision says what to redo.
        // A stop or a cancel asks for a «Причина», and the notice says it as the dialog did.
        const label = to === 'revision' ? 'Комментарий' : 'Причина';
        const comment = input.comment?.trim() ? `. ${label}: ${input.comment.trim()}` : '';
        // The one named hears it as his news, not as a status («Заявка № 7: Исполнитель выбран» said nothing of whom).
        // The status in running text, lower-case after the colon as «…: оплата получена» is.
        const said = to === 'executor_named' ? `Вас выбрали исполнителем по заявке № ${row.number}` : `Заявка № ${row.number}: ${applicationStatusInText(to)}${comment}`;
        // The payment this step moved onto the other side's balance is said with it: a refund of the
        // executor's cancel came silently (QA BAD-3), a release of the close as well.
        const paid = counterpart !== null && balances.has(counterpart) ? (actor === 'customer' ? '. Оплата зачислена на ваш баланс' : '. Оплата возвращена на ваш баланс') : '';
        ctx.notify(counterpart, `${said}${paid}`);
      }
      await writeNotices(tx, row.id, pending, notices, input.caller.userId);
      return { result, status: to, changed };
    });
    emit(notices);
    // Every tab of the profile (an organisation's members too, the acting one's other tabs): the
    // notice reaches only the other users, and not the acting side at all.
    for (const profileId of balances) balanceChanged(io, profileId);
    // A draft's autosave (every few seconds while its form is typed in) would have its own form's
    // tab read the application again each time: no other screen shows a draft's fields.
    if (input.action !== 'application/draft/upsert') changedFor(input.caller, input.id);
    return outcome;
  }

  /**
   * The acting profile's other tabs and devices, and an organisation's other members, read the
   * application again (APPLICATION_CHANGED_EVENT): no notice tells them of their own side's step.
   * Best effort after the commit.
   */
  function changedFor(caller: Caller, applicationId: number) {
    try {
      io?.to(caller.profile ? profileRoom(caller.profile.id) : userRoom(caller.userId)).emit(APPLICATION_CHANGED_EVENT, { applicationId });
    } catch {
      // The change is committed; a tab that missed it catches up on its next read or reconnect.
    }
  }

  /**
   * The same decision without claiming the row, for calls whose own work cannot sit in the
   * transaction (sending an SMS code): answers the row and the caller's role.
   */
  async function check(id: number, action: string, caller: Caller): Promise<{ row: LifecycleRow; actor: ApplicationActor }> {
    const row = await loadLifecycleRow(db, id, caller.profile?.id ?? null, caller.userId);
    if (!row) throw notFound(POLICY_MESSAGES.notFound);
    const actor = actorFor(caller, row, row.callerHasActiveReply);
    decide(action, factsOf(row, todayIn(now())), actor, caller, row);
    return { row, actor };
  }

  /**
   * Notification rows for profiles, collected for emitting after the commit: one for each user who
   * acts as the profile (its owner; an organisation's director and employees, who carry its deals
   * too), except the user who acted.
   */
  async function writeNotices(tx: Queryable, applicationId: number, pending: Notice[], out: Array<Notice & { userId: number; event: unknown }>, actingUserId?: number) {
    const repo = notificationRepository(tx);
    for (const notice of pending) {
      for (const userId of await repo.usersOf(notice.profileId)) {
        if (userId === actingUserId) continue;
        const stored = notice.gone
          ? await repo.insert({ userId, message: notice.message, link: null, applicationId: null, profileId: notice.profileId })
          : await repo.insert({ userId, message: notice.message, link: notice.link ?? lkApplicationDetailPath(applicationId), applicationId, profileId: notice.profileId });
        const unread = await repo.countUnread(userId, 'general');
        // The event names the application even when it is gone: a tab showing it refetches (and says it is no more).
        out.push({ ...notice, userId, event: { ...stored, applicationId, kind: 'general', unread } });
      }
    }
  }

  /**
   * The executor a customer's step concerns (his naming one, his stopping one): the history names it
   * beside the comment, or a second naming would read as the first. An executor who cancels is the
   * entry's actor himself. The comment stays the one sent (§8).
   */
  function concernedExecutor(actor: ApplicationActor, row: LifecycleRow, executorAfter: number | null): number | null {
    return actor === 'customer' && executorAfter !== row.executorProfileId ? (executorAfter ?? row.executorProfileId) : null;
  }

  function emit(notices: Array<{ userId: number; event: unknown }>) {
    for (const n of notices) io?.to(userRoom(n.userId)).emit(NOTIFICATION_EVENT, n.event);
  }

  /**
   * Notices outside a transition (a new application has no row to claim yet): written in the
   * caller's transaction, emitted by the returned function after its commit.
   */
  async function noticesIn(tx: Queryable, applicationId: number, pending: Notice[], actingUserId?: number) {
    const out: Array<Notice & { userId: number; event: unknown }> = [];
    await writeNotices(tx, applicationId, pending, out, actingUserId);
    return () => emit(out);
  }

  /** Notices about an application outside a transition (a payment arrived), written and emitted at once. */
  async function announce(applicationId: number, pending: Notice[]) {
    const emitAll = await db.transaction((tx) => noticesIn(tx, applicationId, pending));
    emitAll();
  }

  return { perform, check, noticesIn, announce };
}

export type Lifecycle = ReturnType<typeof lifecycle>;
