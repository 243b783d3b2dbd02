import {
  allowedActions,
  alreadyRepliedMessage,
  APPLICATION_CHANGED,
  APPLICATION_CHANGED_MESSAGE,
  applicationSeenOf,
  type Application,
  type ApplicationSeen,
  type ApplicationStatus,
  type ApplicationView,
  DEADLINE_BEFORE_FEEDBACK_MESSAGE,
  documentActionsFor,
  formatMoney,
  type LkApplicationSortField,
  NO_ACTIVE_REPLIES_MESSAGE,
  PRICE_CHANGED,
  type Reply,
  replyAgreedPrice,
  REVIEW_CHANGED,
  REVIEW_CHANGED_MESSAGE,
  SEEN_DOCUMENT_CHANGED,
  SEEN_DOCUMENT_CHANGED_MESSAGES,
  changedSinceSeen,
  type TypeSort,
} from 'shared/contract';
import type { Db, Queryable } from '../../db';
import { isUniqueViolation } from '../../db/sql';
import { AppError, invalidFields, notFound } from '../../http/errors';
import { actorFor, forbidden, historyFor, isParty, maySee, POLICY_MESSAGES, requireCustomerProfile, visibleActions, withheldText } from '../../policy/application';
import type { Caller } from '../../policy/caller';
import type { FileStorage } from '../../providers/storage';
import type { SmsCodes } from '../auth/codes/service';
import type { FloodLimiter } from '../auth/rate-limit/flood-limits';
import { documentRepository } from '../document/repository';
import type { MoneyService } from '../money/service';
import { factsOf, loadLifecycleRow, todayIn, type ActionContext, type Lifecycle, type LifecycleRow } from './lifecycle';
import { documentsRepository, type SignedKind } from './documents-repository';
import { lkRepository, type ApplicationFields, type ReplyTerms } from './lk-repository';

const LONG_DATE = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
/** «30 декабря 2026» of an ISO date (YYYY-MM-DD), without the «г.» Intl adds. */
const longDate = (iso: string) => LONG_DATE.format(new Date(`${iso}T00:00:00Z`)).replace(/\s*г\.$/, '');

export const LK_MESSAGES = {
  draftSaved: 'Черновик сохранён',
  published: 'Заявка опубликована',
  updated: 'Заявка обновлена',
  republished: 'Заявка снова опубликована',
  deleted: 'Заявка удалена',
  replySent: 'Отклик отправлен',
  /** An organisation's reply may be a colleague's (who sent it is not recorded): the organisation's, not «Вы». */
  replyExists: (caller: Caller) => alreadyRepliedMessage(caller.profile?.type === 'organization'),
  priceChanged: (price: number | null) =>
    price
      ? `Цена заявки изменилась: теперь ${formatMoney(price)}. Проверьте условия и отправьте отклик снова`
      : 'Цена заявки изменилась: теперь она договорная. Укажите свою цену или отправьте отклик снова',
  replyRemoved: 'Отклик отозван',
  replyRejected: 'Отклик отклонён',
  replyNotFound: 'Отклик не найден',
  replyAlreadyWithdrawn: 'Вы уже отозвали свой отклик на эту заявку',
  replyAlreadyRejected: 'Заказчик уже отклонил ваш отклик на эту заявку',
  replyWithdrawnMeanwhile: 'Исполнитель уже отозвал этот отклик',
  replyRejectedMeanwhile: 'Этот отклик уже отклонён',
  unknownServices: 'Выбраны несуществующие услуги',
  priceBelowAgreed: (agreed: number) => `Исполнитель выбран по цене ${formatMoney(agreed)}: без его согласия цену можно только повысить`,
  facilityNotYours: 'Выберите свой объект',
  /**
   * The conversations about it are the other side's too: deleting the application took the
   * executors' messages and files unsaid (QA YYY-1), as an organisation's delete is refused (QA TTT-2).
   */
  hasConversations: (published: boolean) =>
    `Нельзя удалить заявку: по ней есть переписка, которая нужна и другой стороне${published ? '. Снимите заявку с публикации — она пропадёт из каталога' : ''}`,
  /**
   * A date before today, `today` being Moscow's (`todayIn`): named, with its calendar, since west of
   * Moscow the customer's own today may be refused (his evening is Moscow's next day).
   */
  feedbackPast: (today: string) => `Срок приёма откликов не может быть раньше ${longDate(today)} — сегодняшнего дня по московскому времени`,
  deadlinePast: (today: string) => `Срок выполнения не может быть раньше ${longDate(today)} — сегодняшнего дня по московскому времени`,
  deadlineBeforeFeedback: DEADLINE_BEFORE_FEEDBACK_MESSAGE,
  /** The reply deadline moved alone (the deadline dialog, a draft): the work deadline it meets is not on the screen, so it is named. */
  feedbackAfterDeadline: (deadline: string) => `Приём откликов должен закончиться не позже срока выполнения — ${longDate(deadline)}`,
  phoneMismatch: 'Код отправляется только на телефон исполнителя',
  codeSent: 'Код отправлен',
} as const;

/** Russian answers of the transitions (§5), shown as toasts. */
const TRANSITION_MESSAGES: Record<string, string> = {
  'application/set-status/no-publish': 'Заявка снята с публикации',
  'application/update/feedback': 'Срок приёма откликов изменён',
  'application/update/price': 'Цена изменена',
  'application/named/executor': 'Исполнитель выбран',
  'application/start-working/executor': 'Работа начата',
  'application/confirm-execution': 'Работа отправлена на проверку',
  'application/send/revision': 'Работа отправлена на доработку',
  'application/verification': 'Работа принята',
  'application/review': 'Спасибо за отзыв',
  'application/close': 'Заявка закрыта',
  'application/stop-working/executor': 'Работа исполнителя остановлена',
  'application/cancel/executor': 'Вы отказались от заявки',
};
export const transitionMessage = (action: string) => TRANSITION_MESSAGES[action] ?? 'Готово';

export interface LkServiceDeps {
  db: Db;
  lifecycle: Lifecycle;
  money: MoneyService;
  codes: SmsCodes;
  storage: FileStorage;
  /** New applications per user and day (a draft or one published at once). */
  flood: FloodLimiter;
  now: () => Date;
}

/** What `checkFields` compares a change with: the application's owner and the dates it has now. */
type StoredFields = Pick<LifecycleRow, 'customerProfileId' | 'deadline' | 'feedbackDeadline'>;

const kopecksOf = (roubles: number | null) => (roubles === null ? 0 : Math.round(roubles * 100));
/** Two prices in roubles, equal to the kopeck; none (null) is «Цена договорная», as 0 is. */
const samePrice = (a: number | null, b: number | null) => kopecksOf(a) === kopecksOf(b);

/**
 * The effect of a step that stands on the contract or report: the version its caller saw (`seen`,
 * null: none) must be the current one, else it is refused and nothing is written (the step's claim
 * is rolled back with it). Read under the application's lock, which uploads and deletes take too.
 */
const onSeenDocument = (kind: SignedKind, seen: number | null | undefined) => async (ctx: ActionContext) => {
  if (seen === undefined) return;
  const current = await documentsRepository(ctx.tx).current(ctx.row.id, kind);
  if ((current?.id ?? null) !== seen) throw new AppError(409, SEEN_DOCUMENT_CHANGED, SEEN_DOCUMENT_CHANGED_MESSAGES[kind]);
};

export function lkService({ db, lifecycle, money, codes, storage, flood, now }: LkServiceDeps) {
  const repo = lkRepository(db);
  const at = () => now().toISOString();

  /**
   * The checks fields need beyond their schema: services exist, the facility is the customer's, dates
   * agree. A call may move one date alone (`update/feedback`, `update {deadline}`), so the dates are
   * checked as they will be stored, against the application's own (`stored`), and a disagreement is
   * put on the field the call moved.
   */
  async function checkFields(q: Queryable, f: ApplicationFields, stored: StoredFields) {
    const errors: Record<string, string> = {};
    if (f.services?.length && (await lkRepository(q).unknownServices(f.services)).length) errors.services = LK_MESSAGES.unknownServices;
    if (f.facilityId != null && !(await lkRepository(q).facilityOwnedBy(f.facilityId, stored.customerProfileId))) errors.facilityId = LK_MESSAGES.facilityNotYours;
    const today = todayIn(now());
    if (f.feedbackDeadline != null && f.feedbackDeadline < today) errors.feedbackDeadline = LK_MESSAGES.feedbackPast(today);
    // A draft too: a past date is said at once, not found out at publication as another date's fault.
    if (f.deadline != null && f.deadline < today) errors.deadline = LK_MESSAGES.deadlinePast(today);
    // A date the call clears (null) is compared as cleared, not as stored; a date refused above is not compared at all.
    const deadline = f.deadline === undefined ? stored.deadline : f.deadline;
    const feedbackDeadline = f.feedbackDeadline === undefined ? stored.feedbackDeadline : f.feedbackDeadline;
    if (!errors.deadline && !errors.feedbackDeadline && deadline && feedbackDeadline && deadline < feedbackDeadline) {
      if (f.deadline === undefined) errors.feedbackDeadline = LK_MESSAGES.feedbackAfterDeadline(deadline);
      else errors.deadline = LK_MESSAGES.deadlineBeforeFeedback;
    }
    if (Object.keys(errors).length) throw invalidFields(errors);
  }

  const fieldsOf = <T extends ApplicationFields & { id?: number; clientKey?: string }>(body: T): ApplicationFields => {
    const { id: _id, clientKey: _clientKey, ...fields } = body;
    return fields;
  };

  /**
   * A body without an id sent again with its `clientKey`, to the application it made: whole, as the
   * new application's first call was, so a field it leaves out is emptied rather than kept.
   */
  const asNew = (fields: ApplicationFields): ApplicationFields => ({
    description: null, services: [], price: null, deadline: null, feedbackDeadline: null, address: null, facilityId: null, ...fields,
  });

  /** A `json_build_object` column: an object, or its text where the driver leaves it unparsed. */
  const parsedJson = <T>(value: T | string | null | undefined): T | null => (value ? (typeof value === 'string' ? (JSON.parse(value) as T) : value) : null);

  async function found(id: number): Promise<Application> {
    const application = await repo.find(id);
    if (!application) throw notFound(POLICY_MESSAGES.notFound);
    return application;
  }

  /**
   * `reply/remove` refused (403) to a profile whose reply is already closed: withdrawn by itself
   * (another tab) or rejected by the customer meanwhile. The table no longer sees a `replier` there,
   * but the call conflicts with the reply's state, not with who may make it: 409 (ARCHITECTURE §3),
   * and the page catches up. A reply closed by a stop or a cancel was the deal, and withdrawing is no
   * executor's call: that, like a profile that never replied, stays the table's 403.
   */
  async function replyAlreadyClosed(caller: Caller, id: number, error: unknown): Promise<AppError | undefined> {
    if (!(error instanceof AppError) || error.statusCode !== 403 || !caller.profile) return undefined;
    const participation = await repo.participation(id, caller.profile.id);
    if (participation === 'withdrawn') return new AppError(409, 'conflict', LK_MESSAGES.replyAlreadyWithdrawn);
    if (participation === 'rejected') return new AppError(409, 'conflict', LK_MESSAGES.replyAlreadyRejected);
    return undefined;
  }

  /**
   * Naming or rejecting a reply refused by the table for want of active replies: the one asked for
   * was the last, withdrawn meanwhile. Said as when others remain («Исполнитель уже отозвал этот
   * отклик», liveReply), not as the table's «На заявку нет активных откликов».
   */
  async function whyNoReplies(applicationId: number, replyId: number, error: unknown): Promise<never> {
    if (error instanceof AppError && error.statusCode === 409 && error.message === NO_ACTIVE_REPLIES_MESSAGE) {
      await liveReply(db, applicationId, replyId);
    }
    throw error;
  }

  /**
   * The active reply the customer names or rejects: 404 when the application has no such reply, 409
   * when it closed meanwhile (withdrawn by its author, rejected in another tab): §5's two
   * conflicting actions, of which the other won.
   */
  async function liveReply(q: Queryable, applicationId: number, replyId: number): Promise<ReplyTerms> {
    const reply = await lkRepository(q).replyOf(applicationId, replyId);
    if (!reply) throw notFound(LK_MESSAGES.replyNotFound);
    if (reply.status === 'withdrawn') throw new AppError(409, 'conflict', LK_MESSAGES.replyWithdrawnMeanwhile);
    if (reply.status === 'rejected') throw new AppError(409, 'conflict', LK_MESSAGES.replyRejectedMeanwhile);
    return reply;
  }

  /**
   * A new application of the caller's profile, in one transaction with its first history row. With
   * a `clientKey` the profile made one with already (sent again after a call whose answer was lost,
   * or twice at once), nothing is made: `earlier` is that one's status now. A new one is counted
   * against the user's day of new applications before it is made; one that fails or finds the key's
   * made meanwhile gives its count back, and a key known already is not counted at all.
   */
  async function insertNew(
    caller: Caller,
    fields: ApplicationFields & { name: string },
    status: 'draft' | 'published',
    clientKey?: string,
  ): Promise<{ id: number; earlier?: ApplicationStatus }> {
    const profile = requireCustomerProfile(caller);
    const counts = flood.forUser(caller.userId);
    if (clientKey === undefined || !(await repo.byClientKey(profile.id, clientKey))) await counts.newApplication(status);
    const made = await counts.guard(() =>
      db.transaction(async (tx): Promise<{ id: number; earlier?: ApplicationStatus }> => {
        const r = lkRepository(tx);
        const madeBefore = async () => {
          const earlier = clientKey === undefined ? undefined : await r.byClientKey(profile.id, clientKey);
          return earlier && { id: earlier.id, earlier: earlier.status };
        };
        const before = await madeBefore();
        if (before) return before;
        await checkFields(tx, fields, { customerProfileId: profile.id, deadline: null, feedbackDeadline: null });
        const created = await r.insert(profile.id, status, fields.name, at(), clientKey);
        if (created === undefined) {
          // The same key's call at once committed first (the insert waited for it, then added nothing).
          const other = await madeBefore();
          if (!other) throw notFound(POLICY_MESSAGES.notFound);
          return other;
        }
        await r.writeFields(created, fields);
        await r.history(created, profile.id, at(), status);
        return { id: created };
      }),
    );
    if (made.earlier !== undefined) await counts.giveBack();
    return made;
  }

  /** A transition whose only work is the status change (and the history comment). */
  async function transition(action: string, caller: Caller, id: number, comment?: string | null, effect?: (ctx: ActionContext) => Promise<unknown>) {
    await lifecycle.perform({ id, action, caller, comment, effect });
    return { data: await found(id), message: transitionMessage(action) };
  }

  /** A draft's fields written, checked as a change of the application as it stands. */
  function savingFields(fields: ApplicationFields) {
    return async (ctx: Pick<ActionContext, 'tx' | 'row'>) => {
      await checkFields(ctx.tx, fields, ctx.row);
      await lkRepository(ctx.tx).writeFields(ctx.row.id, fields);
    };
  }

  /** Money held for the application goes back to the customer when the deal ends early (§8). */
  async function refundIfHeld(ctx: ActionContext): Promise<'refunded' | 'none'> {
    if (ctx.row.paymentStatus !== 'held') return 'none';
    await money.on(ctx.tx).refund({ applicationId: ctx.row.id, customerProfileId: ctx.row.customerProfileId });
    ctx.balanceMoved(ctx.row.customerProfileId);
    return 'refunded';
  }

  return {
    async draftUpsert(caller: Caller, body: ApplicationFields & { id?: number; name: string; clientKey?: string }) {
      let id = body.id;
      let fields = fieldsOf(body);
      if (id === undefined) {
        const made = await insertNew(caller, { ...fields, name: body.name }, 'draft', body.clientKey);
        if (made.earlier === undefined) return { data: await found(made.id), message: LK_MESSAGES.draftSaved };
        // The draft this key made (the answer of its save was lost): saved again, not made twice.
        // One published since is no draft to save: refused as a save by its id would be.
        id = made.id;
        fields = asNew(fields);
      }
      await lifecycle.perform({ id, action: 'application/draft/upsert', caller, effect: savingFields(fields) });
      return { data: await found(id), message: LK_MESSAGES.draftSaved };
    },

    /**
     * `{id}` of a complete draft (fields sent with it are saved to the draft first), or every field.
     * Every field with a `clientKey` the profile used already: its draft is published with them, and
     * an application it published already (a publication sent again after its answer was lost) is
     * the answer as it stands, never a second one.
     */
    async create(caller: Caller, body: ApplicationFields & { id?: number; name?: string; clientKey?: string }) {
      let id = body.id;
      let fields = fieldsOf(body);
      if (id === undefined) {
        const made = await insertNew(caller, { ...fields, name: body.name! }, 'published', body.clientKey);
        if (made.earlier !== 'draft') return { data: await found(made.id), message: LK_MESSAGES.published };
        // The draft this key made (the answer of its save was lost): published as by its id.
        id = made.id;
        fields = asNew(fields);
      }
      await lifecycle.perform({
        id,
        action: 'application/create',
        caller,
        // The fields sent with it are saved to the draft in the publication's own transaction: no
        // other save of the draft comes between them (QA W-1).
        before: Object.keys(fields).length ? { action: 'application/draft/upsert', effect: savingFields(fields) } : undefined,
        effect: async (ctx) => {
          // A draft saved days ago may keep a reply deadline that has passed since: published, it
          // would take no reply. The same check as a new application's.
          if (ctx.row.feedbackDeadline) await checkFields(ctx.tx, { feedbackDeadline: ctx.row.feedbackDeadline }, ctx.row);
          await lkRepository(ctx.tx).markPublished(ctx.row.id, ctx.now.toISOString());
        },
      });
      return { data: await found(id), message: LK_MESSAGES.published };
    },

    async update(caller: Caller, { seen, ...body }: ApplicationFields & { id: number; seen?: ApplicationSeen | undefined }) {
      const fields = fieldsOf(body);
      const { changed: republished } = await lifecycle.perform({
        id: body.id,
        action: 'application/update',
        caller,
        effect: async (ctx) => {
          // A field the form saw otherwise than it is now: its save would write over that change unseen (QA AAT-1).
          if (seen) {
            const repo = lkRepository(ctx.tx);
            const now = await repo.find(ctx.row.id);
            const party = await repo.party(ctx.row.id);
            if (now && changedSinceSeen(seen, applicationSeenOf({ ...now, facility: parsedJson(party?.facility) })).length > 0) throw new AppError(409, APPLICATION_CHANGED, APPLICATION_CHANGED_MESSAGE);
          }
          const republishing = ctx.to !== ctx.row.status;
          // Published again with the reply deadline it kept, passed since it went off: it would take
          // no reply (QA AAC-3). The same check as a draft's publication.
          const kept = republishing && fields.feedbackDeadline === undefined && ctx.row.feedbackDeadline ? { feedbackDeadline: ctx.row.feedbackDeadline } : {};
          await checkFields(ctx.tx, { ...kept, ...fields }, ctx.row);
          const r = lkRepository(ctx.tx);
          const before = await r.terms(ctx.row.id);
          await r.writeFields(ctx.row.id, fields);
          // Republished after a stop or cancel: whatever was paid went back, the next deal starts unpaid.
          if (republishing) await r.markPublished(ctx.row.id, ctx.now.toISOString(), { unpaid: true });
          // Those whose replies wait on it replied to the terms as they were: a change is theirs to hear.
          // A republication is too, terms changed or not: they heard «снята с публикации» (or of the
          // executor named over them), and their pages follow the notice. One notice says both.
          const termsChanged = (await r.terms(ctx.row.id)) !== before;
          const said = republishing
            ? termsChanged
              ? `Заказчик изменил и снова опубликовал заявку № ${ctx.row.number}, на которую вы откликнулись`
              : `Заявка № ${ctx.row.number} снова опубликована`
            : termsChanged
              ? `Заказчик изменил заявку № ${ctx.row.number}, на которую вы откликнулись`
              : null;
          if (said) for (const replier of await r.activeRepliers(ctx.row.id)) ctx.notify(replier, said);
        },
      });
      return { data: await found(body.id), message: republished ? LK_MESSAGES.republished : LK_MESSAGES.updated };
    },

    async remove(caller: Caller, id: number) {
      let keys: string[] = [];
      await lifecycle.perform({
        id,
        action: 'application/delete',
        caller,
        effect: async (ctx) => {
          const r = lkRepository(ctx.tx);
          if (await r.hasConversations(ctx.row.id)) throw new AppError(409, 'application_has_history', LK_MESSAGES.hasConversations(ctx.row.status === 'published'));
          // Whoever still waits on it hears that it is gone (an unpublished application keeps its live replies).
          for (const profileId of await r.activeRepliers(ctx.row.id)) {
            ctx.notify(profileId, `Заказчик удалил заявку № ${ctx.row.number}, на которую вы откликнулись`, { gone: true });
          }
          keys = await r.storageKeysOf(ctx.row.id);
          await r.remove(ctx.row.id);
        },
      });
      // Files go after the commit: a failed delete leaves an orphan file, never a row without its file.
      await Promise.allSettled(keys.map((key) => storage.delete(key)));
      return { data: { id }, message: LK_MESSAGES.deleted };
    },

    async list(caller: Caller, q: { role: 'customer' | 'executor'; status?: ApplicationStatus; query?: string; page: number; limit: number; attributeSort?: LkApplicationSortField; typeSort?: TypeSort }) {
      if (!caller.profile) return { items: [], total: 0, page: q.page, limit: q.limit };
      const { items, total } = await repo.listFor(caller.profile.id, q.role, q);
      return { items, total, page: q.page, limit: q.limit };
    },

    /** Everyone sees a published application; the parties see it in any status with the lk fields. */
    async view(caller: Caller | null, id: number): Promise<ApplicationView> {
      const row = await loadLifecycleRow(db, id, caller?.profile?.id ?? null, caller?.userId ?? null);
      if (!row) throw notFound(POLICY_MESSAGES.notFound);
      const actor = actorFor(caller, row, row.callerHasActiveReply);
      if (!maySee(actor, row.callerReplied, row.status)) throw forbidden(POLICY_MESSAGES.hidden);
      const application = await found(id);
      const documents = documentRepository(db);
      const signed = documentsRepository(db);
      const tableActions = caller ? allowedActions(factsOf(row, todayIn(now())), actor) : [];
      const actions = caller ? visibleActions(tableActions, actor, caller, row) : [];
      // A user on both sides, or one whose reply is refused, is told why (the page shows no buttons otherwise).
      const withheld = actions.length < tableActions.length ? withheldText(tableActions, actor, caller, row) : null;
      if (!isParty(actor)) {
        // A replier left waiting sees the price it replied to, the customer's, not the agreed one of
        // the executor named over it (another's bid).
        // Its facility too: every facility's page is public (`profile/facility/get` answers anyone, the
        // sitemap lists them all), so its name and link are no secret of the customer's.
        const [publicDocuments, facility] = await Promise.all([documents.listApplicationDocuments(id, true), repo.party(id).then((p) => parsedJson(p?.facility))]);
        const publicView = {
          ...application,
          price: row.askedPrice ?? application.price,
          documents: publicDocuments,
          facility,
          ...(caller ? { allowedActions: actions } : {}),
          ...(withheld ? { actionsWithheld: withheld } : {}),
        };
        if (!row.callerReplied) return publicView;
        // Once a replier (maySee): its own reply beside the public page, not the deal that went on,
        // and what ended its part (its lk list's `participation`: a stop or cancel is no rejection).
        // And the contract and report of his own deal, if the customer ended it or he cancelled.
        const [replies, participation, pastDocuments] = await Promise.all([
          repo.replies(id, caller!.profile!.id),
          repo.participation(id, caller!.profile!.id),
          signed.past(id, caller!.profile!.id),
        ]);
        return { ...publicView, replies, ...(participation ? { participation } : {}), ...(pastDocuments.length ? { pastDocuments } : {}) };
      }
      const dealParty = actor === 'customer' || actor === 'executor';
      const [replies, history, party, [contract, report], pastDocuments, allDocuments, escrow, settled] = await Promise.all([
        repo.replies(id, actor === 'customer' ? null : caller!.profile!.id),
        repo.historyOf(id),
        repo.party(id),
        dealParty ? Promise.all([signed.currentShaped(id, 'contract'), signed.currentShaped(id, 'report')]) : Promise.resolve([null, null] as const),
        // The ended deals' documents: all of them to the customer, his own deal's to an executor or replier.
        signed.past(id, actor === 'customer' ? null : caller!.profile!.id),
        documents.listApplicationDocuments(id, !dealParty),
        money.escrowOf(id),
        money.settledOf(id),
      ]);
      const paymentStatus = (party?.paymentStatus ?? 'none') as NonNullable<ApplicationView['payment']>['status'];
      // Money that moved is told from the ledger: a refund after a stop gives back what was paid,
      // not the price the application has gone back to (part() restores the customer's own).
      const moved = paymentStatus === 'held' ? escrow : paymentStatus === 'released' || paymentStatus === 'refunded' ? settled : null;
      const amountKopecks = moved ?? kopecksOf(party?.price ?? application.price);
      // What the platform keeps of it (taken at release; a refund takes none): the executor is paid the rest.
      const feeKopecks = dealParty && paymentStatus !== 'refunded' && amountKopecks > 0 ? await money.feeOf(id, amountKopecks, paymentStatus === 'released') : 0;
      const executor = parsedJson(party?.executor);
      return {
        ...application,
        // A replier left waiting sees the price it replied to, as above.
        ...(actor === 'replier' ? { price: row.askedPrice ?? application.price } : {}),
        documents: allDocuments,
        replies,
        executor,
        // Each reads the words of the steps written to him only (the policy's historyFor).
        history: historyFor(actor, history),
        contract,
        report,
        pastDocuments,
        // A replier who was not chosen sees the deal's course, not its money.
        payment: dealParty ? { status: paymentStatus, amount: amountKopecks / 100, fee: feeKopecks / 100 } : { status: 'none' as const, amount: 0, fee: 0 },
        review: party?.reviewRating ? { rating: party.reviewRating, text: party.reviewText ?? '' } : null,
        facility: parsedJson(party?.facility),
        // The price the other replies «по цене заявки» stand on while a named executor's is agreed.
        ...(actor === 'customer' ? { askedPrice: row.askedPrice } : {}),
        // The table's steps, then the other documents' calls, which the table does not hold.
        allowedActions: [...actions, ...documentActionsFor(actor, row.status, allDocuments.length)],
        ...(withheld ? { actionsWithheld: withheld } : {}),
      };
    },

    // ---- Replies ----

    async replySend(caller: Caller, body: { id: number; price?: number; comment: string; seenPrice?: number | null }) {
      const { result } = await lifecycle.perform({
        id: body.id,
        action: 'application/reply/send',
        caller,
        effect: async (ctx) => {
          // A reply at the application's price agrees to the one its sender saw, not to one set since.
          if (body.price === undefined && body.seenPrice !== undefined && !samePrice(body.seenPrice, ctx.row.price)) {
            throw new AppError(409, PRICE_CHANGED, LK_MESSAGES.priceChanged(ctx.row.price));
          }
          try {
            // Without a price of its own it agrees to the application's as it stands now (checked above): kept (QA WWW-1).
            const seenPrice = body.price === undefined ? ctx.row.price : null;
            const replyId = await lkRepository(ctx.tx).insertReply(ctx.row.id, caller.profile!.id, body.price ?? null, seenPrice, body.comment, ctx.now.toISOString());
            // Who replied: a customer with many replies tells his notices apart by it.
            ctx.notify(ctx.row.customerProfileId, `Новый отклик на заявку № ${ctx.row.number}: ${caller.profile!.name}`);
            return replyId;
          } catch (error) {
            if (isUniqueViolation(error)) throw new AppError(409, 'conflict', LK_MESSAGES.replyExists(caller));
            throw error;
          }
        },
      });
      return { data: (await repo.reply(result))!, message: LK_MESSAGES.replySent };
    },

    async replyRemove(caller: Caller, id: number) {
      const { result } = await lifecycle
        .perform({
          id,
          action: 'application/reply/remove',
          caller,
          effect: async (ctx) => {
            const replyId = await lkRepository(ctx.tx).closeReply({ applicationId: ctx.row.id, profileId: caller.profile!.id }, 'withdrawn', null, ctx.now.toISOString());
            if (!replyId) throw notFound(LK_MESSAGES.replyNotFound);
            ctx.notify(ctx.row.customerProfileId, `Исполнитель отозвал отклик на заявку № ${ctx.row.number}`);
            return replyId;
          },
        })
        .catch(async (error: unknown) => {
          throw (await replyAlreadyClosed(caller, id, error)) ?? error;
        });
      return { data: (await repo.reply(result))!, message: LK_MESSAGES.replyRemoved };
    },

    async replyReject(caller: Caller, body: { id: number; replyId: number; reason?: string }) {
      const { result } = await lifecycle
        .perform({
        id: body.id,
        action: 'application/reply/reject',
        caller,
        effect: async (ctx) => {
          const r = lkRepository(ctx.tx);
          const reply = await liveReply(ctx.tx, ctx.row.id, body.replyId);
          // The named executor's reply is the deal itself: stopping it is stop-working, not a rejection.
          if (reply.profileId === ctx.row.executorProfileId) throw notFound(LK_MESSAGES.replyNotFound);
          await r.closeReply({ applicationId: ctx.row.id, replyId: body.replyId }, 'rejected', body.reason || null, ctx.now.toISOString());
          // The reject dialog promises it: «Исполнитель увидит причину, если вы её укажете».
          ctx.notify(reply.profileId, `Ваш отклик на заявку № ${ctx.row.number} отклонён${body.reason ? `. Причина: ${body.reason}` : ''}`);
          return body.replyId;
        },
      })
        .catch((error: unknown) => whyNoReplies(body.id, body.replyId, error));
      return { data: (await repo.reply(result))!, message: LK_MESSAGES.replyRejected };
    },

    named: (caller: Caller, body: { id: number; replyId: number }) =>
      transition('application/named/executor', caller, body.id, null, async (ctx) => {
        const r = lkRepository(ctx.tx);
        const reply = await liveReply(ctx.tx, ctx.row.id, body.replyId);
        // A replier who joined the customer's organisation since (or works for both): he would deal with himself.
        if (await r.shareUser(reply.profileId, ctx.row.customerProfileId)) throw forbidden(POLICY_MESSAGES.selfDealing);
        await r.name(ctx.row.id, reply.profileId, replyAgreedPrice(reply, ctx.row.price), ctx.now.toISOString());
        // The others' replies stay live (the customer may turn to them if this deal ends), but they
        // hear that someone else was chosen rather than wait on a choice that was made.
        for (const other of await r.activeRepliers(ctx.row.id, reply.profileId)) {
          ctx.notify(other, `По заявке № ${ctx.row.number} заказчик выбрал другого исполнителя. Ваш отклик остаётся в силе`);
        }
      }).catch((error: unknown) => whyNoReplies(body.id, body.replyId, error)),

    updateFeedback: (caller: Caller, body: { id: number; feedbackDeadline: string }) =>
      transition('application/update/feedback', caller, body.id, null, async (ctx) => {
        await checkFields(ctx.tx, { feedbackDeadline: body.feedbackDeadline }, ctx.row);
        const r = lkRepository(ctx.tx);
        await r.writeFields(ctx.row.id, { feedbackDeadline: body.feedbackDeadline });
        // Those whose replies wait hear of it, as of a new price or text (and their open pages follow).
        if (ctx.row.feedbackDeadline !== body.feedbackDeadline) {
          const said = `Заказчик изменил срок приёма откликов по заявке № ${ctx.row.number}: до ${longDate(body.feedbackDeadline)}`;
          for (const replier of await r.activeRepliers(ctx.row.id)) ctx.notify(replier, said);
        }
      }),

    updatePrice: (caller: Caller, body: { id: number; price: number }) =>
      transition('application/update/price', caller, body.id, null, async (ctx) => {
        const r = lkRepository(ctx.tx);
        // The executor was named at a price (ARCHITECTURE §8: the agreed price, his reply's): the
        // customer alone may raise it, not lower it under that (QA AAF-1: 3 800 ₽ agreed, then 1 ₽
        // paid and worked for). A raise may be taken back down to it (QA AAG-1: a mistyped raise).
        if (ctx.row.status === 'executor_named' && ctx.row.executorProfileId !== null) {
          // His reply's terms, as at the naming; without one, the customer's own price then (kept in `asked_price`).
          const reply = await r.namedReply(ctx.row.id, ctx.row.executorProfileId);
          const agreed = (reply ? replyAgreedPrice(reply, ctx.row.askedPrice) : ctx.row.askedPrice) ?? 0;
          if (agreed > 0 && body.price < agreed) throw new AppError(409, 'price_below_agreed', LK_MESSAGES.priceBelowAgreed(agreed));
        }
        await r.writeFields(ctx.row.id, { price: body.price });
        // A price of 0 is «Цена договорная» on the pages, not «0 ₽».
        const said = body.price > 0 ? `Заказчик изменил цену заявки № ${ctx.row.number}: ${formatMoney(body.price)}` : `Заказчик сделал цену заявки № ${ctx.row.number} договорной`;
        if (ctx.row.status !== 'executor_named') {
          // No executor yet: those whose replies wait on it bid on the price as it was.
          if (ctx.row.price !== body.price) for (const replier of await r.activeRepliers(ctx.row.id)) ctx.notify(replier, said);
        } else {
          await r.setPaymentStatus(ctx.row.id, body.price > 0 ? 'awaiting' : 'none');
          // Another sum is another invoice: its own number and date, the one saved before no longer it.
          if (ctx.row.price !== body.price) await r.reissueInvoice(ctx.row.id, ctx.now.toISOString());
          // The executor agreed to a price: he hears of a new one (no status change tells him).
          ctx.notify(ctx.row.executorProfileId, said);
        }
      }),

    // No executor to tell (§5's other party): those who replied are, their replies now wait.
    noPublish: (caller: Caller, id: number) =>
      transition('application/set-status/no-publish', caller, id, null, async (ctx) => {
        for (const replier of await lkRepository(ctx.tx).activeRepliers(ctx.row.id)) ctx.notify(replier, `Заявка № ${ctx.row.number} снята с публикации`);
      }),
    start: (caller: Caller, body: { id: number; seenContract?: number | null }) =>
      transition('application/start-working/executor', caller, body.id, null, onSeenDocument('contract', body.seenContract)),
    confirm: (caller: Caller, id: number) => transition('application/confirm-execution', caller, id),
    revision: (caller: Caller, body: { id: number; comment: string }) => transition('application/send/revision', caller, body.id, body.comment),
    verify: (caller: Caller, body: { id: number; seenReport?: number | null }) =>
      transition('application/verification', caller, body.id, null, onSeenDocument('report', body.seenReport)),

    review: (caller: Caller, body: { id: number; rating: number; text: string; seenReview?: { rating: number; text: string } | null }) =>
      transition('application/review', caller, body.id, null, async (ctx) => {
        if (body.seenReview !== undefined) {
          // A form left open in another tab (or a colleague's) while a review was given: not overwritten unseen (QA WWW-2).
          const given = await lkRepository(ctx.tx).review(ctx.row.id);
          if (given?.rating !== body.seenReview?.rating || given?.text !== body.seenReview?.text) throw new AppError(409, REVIEW_CHANGED, REVIEW_CHANGED_MESSAGE);
        }
        await lkRepository(ctx.tx).setReview(ctx.row.id, body.rating, body.text, ctx.now.toISOString());
        ctx.notify(ctx.row.executorProfileId, `Заказчик оставил отзыв по заявке № ${ctx.row.number}`);
      }),

    close: (caller: Caller, id: number) =>
      transition('application/close', caller, id, null, async (ctx) => {
        if (ctx.row.paymentStatus !== 'held' || ctx.row.executorProfileId === null) return;
        await money.on(ctx.tx).release({ applicationId: ctx.row.id, executorProfileId: ctx.row.executorProfileId });
        ctx.balanceMoved(ctx.row.executorProfileId);
        await lkRepository(ctx.tx).setPaymentStatus(ctx.row.id, 'released');
      }),

    stop: (caller: Caller, body: { id: number; comment?: string }) =>
      transition('application/stop-working/executor', caller, body.id, body.comment || null, async (ctx) => {
        const payment = await refundIfHeld(ctx);
        await lkRepository(ctx.tx).part(ctx.row.id, ctx.row.executorProfileId!, 'rejected', payment, ctx.now.toISOString(), body.comment || null);
      }),

    async cancelSendSms(caller: Caller, body: { id: number; phone?: string }, ip: string) {
      if (body.phone !== undefined && body.phone !== caller.phone) {
        throw new AppError(422, 'validation', LK_MESSAGES.phoneMismatch, { phone: LK_MESSAGES.phoneMismatch });
      }
      const { row } = await lifecycle.check(body.id, 'application/cancel/executor/send/sms', caller);
      // The number tells which application the code gives up.
      const sent = await codes.send({ phone: caller.phone, purpose: 'executor_cancel', subject: `application:${body.id}`, ip, about: `№ ${row.number}` });
      return { data: sent, message: LK_MESSAGES.codeSent };
    },

    async cancel(caller: Caller, body: { id: number; code: string; reason?: string }) {
      // The role and status first: a code is not spent on a call that could not go ahead anyway.
      await lifecycle.check(body.id, 'application/cancel/executor', caller);
      // Spent with the step, not before it: a cancel that loses to the customer's step keeps the code.
      const accepted = await codes.verify({ phone: caller.phone, purpose: 'executor_cancel', subject: `application:${body.id}`, code: body.code, consume: false });
      return transition('application/cancel/executor', caller, body.id, body.reason || null, async (ctx) => {
        await codes.spend(ctx.tx, accepted);
        const payment = await refundIfHeld(ctx);
        await lkRepository(ctx.tx).part(ctx.row.id, ctx.row.executorProfileId!, 'withdrawn', payment, ctx.now.toISOString(), body.reason || null);
      });
    },
  };
}
export type LkService = ReturnType<typeof lkService>;

export type { Reply };
