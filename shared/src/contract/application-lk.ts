import { z } from 'zod';
import { applicationSchema, applicationSortFields, applicationStatusLabel, applicationStatusLabels, applicationStatusSchema, type Application, type ApplicationStatus } from './application';
import { participationSchema, replySchema, type Participation } from './application-shapes';
import { codeSentSchema, mobilePhoneSchema, smsCodeSchema } from './auth';
import {
  addressSchema,
  clientKeyField,
  clientKeyMessage,
  idQuerySchema,
  idSchema,
  isoDateSchema,
  optionalQueryString,
  paginationQuery,
  priceSchema,
  requiredIsoDate,
  safeText,
  sortQuery,
} from './common';
import { defineCall, listOf, type CallContract } from './define';
import { lazySchema } from './lazy-schema';
import { todayIn } from './text';

/**
 * The lk application calls of ARCHITECTURE §8 (customer and executor cabinets): publication,
 * replies and the transitions of §5. Which of them a caller may make now is the lifecycle
 * table's business (application-lifecycle.ts); these are only their bodies and answers.
 */


/**
 * A socket event to the acting profile's room (its user's tabs and devices, an organisation's other
 * members) after one of its calls changed an application, payload `{applicationId}`: those screens
 * read it again. The other side hears of it by its notifications.
 */
export const APPLICATION_CHANGED_EVENT = 'application:changed';

/**
 * An application's work deadline before its reply deadline: the API's refusal (put on the date the
 * call moves) and the application form's own check (on the date changed last) say it alike.
 */
export const DEADLINE_BEFORE_FEEDBACK_MESSAGE = 'Срок выполнения не может быть раньше срока приёма откликов';

export const REPLY_ZERO_PRICE_MESSAGE = 'Предложите цену больше нуля или оставьте поле пустым — тогда останется цена заявки';

/**
 * A reply's own price: above zero. An application's 0 is «Цена договорная»; a reply's 0 would become
 * the agreed price on naming (§8), and work cannot start at it (`priced`), so it is no offer.
 */
export const replyPriceSchema = lazySchema(() => priceSchema.refine((v) => v !== 0, { error: REPLY_ZERO_PRICE_MESSAGE }));

const applicationName = lazySchema(() => safeText({ max: 200, min: 1, required: 'Укажите название заявки', tooLong: 'Название — не длиннее 200 символов' }));
const applicationDescription = lazySchema(() => safeText({ max: 5000, multiline: true, required: 'Укажите описание заявки', tooLong: 'Описание — не длиннее 5000 символов' }));
/** A published application's description: spaces or empty lines alone are none (a draft may hold one). */
const filledDescription = lazySchema(() => safeText({ max: 5000, min: 1, multiline: true, required: 'Укажите описание заявки', tooLong: 'Описание — не длиннее 5000 символов' }));
/** What a published application's address may not be: blank (the §3 shape allows it, for a draft's). */
const filledAddressValue = lazySchema(() => safeText({ max: 500, min: 1, required: 'Укажите адрес' }));
const filledAddress = lazySchema(() => addressSchema.refine((address) => filledAddressValue.safeParse(address.value).success, { error: 'Укажите адрес' }));
const serviceIds = lazySchema(() => z
  .array(idSchema, { error: 'Укажите услуги списком' })
  .min(1, { error: 'Выберите хотя бы одну услугу' })
  .max(100, { error: 'Не больше 100 услуг' }));
const comment = (required?: string) =>
  safeText({ max: 2000, min: required ? 1 : 0, multiline: true, required, tooLong: 'Комментарий — не длиннее 2000 символов' });

/**
 * An application's fields as §8's bodies send them: only the name is needed, the rest may come
 * later; a description or address sent to `create` or `update` (a published application) is filled.
 */
const applicationFieldsSchema = lazySchema(() => z.object({
  id: idSchema.optional(),
  name: applicationName,
  description: filledDescription.optional(),
  services: serviceIds.optional(),
  price: priceSchema.optional(),
  deadline: isoDateSchema.optional(),
  feedbackDeadline: isoDateSchema.optional(),
  address: filledAddress.optional(),
  facilityId: idSchema.nullable().optional(),
}));

export const APPLICATION_CLIENT_KEY_MESSAGE = clientKeyMessage('заявки');

/**
 * `draft/upsert` (§8): the fields as they are so far, a blank description or address too. A field
 * the draft holds may be emptied again: `null` clears it, where a field left out stays as saved.
 * Without an id, `clientKey` is the new form's own name for the application it makes (shared
 * `newRequestKey`), sent with each of its saves and its publication until one answer brings the id:
 * a key the profile made an application with already names that one, whose fields the body then
 * replaces (one left out is empty, as in a new draft), rather than a second draft.
 */
export const applicationDraftBodySchema = lazySchema(() => applicationFieldsSchema.extend({
  description: applicationDescription.nullable().optional(),
  price: priceSchema.nullable().optional(),
  deadline: isoDateSchema.nullable().optional(),
  feedbackDeadline: isoDateSchema.nullable().optional(),
  address: addressSchema.nullable().optional(),
  clientKey: clientKeyField(APPLICATION_CLIENT_KEY_MESSAGE),
}));

/** What `create` says of each field it requires and lacks: in its body, or in the draft it publishes. */
export const APPLICATION_REQUIRED_MESSAGES: Readonly<Record<string, string>> = {
  name: 'Укажите название заявки',
  description: 'Укажите описание заявки',
  services: 'Выберите хотя бы одну услугу',
  price: 'Укажите цену',
  deadline: 'Укажите срок выполнения',
  feedbackDeadline: 'Укажите срок приёма откликов',
  address: 'Укажите адрес',
};

/**
 * `create`: either `{id}` of a complete draft, or every field but `facilityId` (§8). The missing
 * fields are reported even when another field is refused (a price in letters): zod skips a
 * refinement after such an issue, and a form would then show the missing ones only on its next try.
 * Every field with the new form's `clientKey` (see the draft's): a key the profile made a draft with
 * publishes that draft with these fields, one it published with already answers that application.
 */
export const applicationCreateBodySchema = lazySchema(() => applicationFieldsSchema.extend({ name: applicationName.optional(), clientKey: clientKeyField(APPLICATION_CLIENT_KEY_MESSAGE) }).superRefine((body, ctx) => {
  if (body.id !== undefined) return;
  for (const [field, message] of Object.entries(APPLICATION_REQUIRED_MESSAGES)) {
    if (body[field as keyof typeof body] === undefined) ctx.addIssue({ code: 'custom', path: [field], message });
  }
}, { when: ({ value }) => typeof value === 'object' && value !== null && !Array.isArray(value) }));

/**
 * The fields an edit form changes, as it saw them when it opened (`applicationSeenOf`, each field
 * it sends). Sent with an update (`seen`), they keep it from writing over another tab's (or a
 * colleague's) change of the same field unseen (QA AAT-1); fields it does not send merge as before.
 * The address by its text, the services by their ids in order, the facility by its id, blanks as
 * empty text or null.
 */
export const applicationSeenSchema = lazySchema(() => z.object({
  name: z.string(),
  description: z.string(),
  services: z.array(z.number().int()),
  facilityId: z.number().int().nullable(),
  address: z.string(),
  price: z.number().nullable(),
  deadline: z.string().nullable(),
  feedbackDeadline: z.string().nullable(),
}).partial());
export type ApplicationSeen = z.output<typeof applicationSeenSchema>;
type SeenField = keyof ApplicationSeen;

/** What an edit form has seen of the application's fields (the facility of the customer's answer, `facility`). */
export function applicationSeenOf(
  application: Pick<Application, 'name' | 'description' | 'services' | 'address' | 'price' | 'deadline' | 'feedbackDeadline'> & { facility?: { id: number } | null },
): Required<ApplicationSeen> {
  return {
    name: application.name,
    description: application.description ?? '',
    services: application.services.map((service) => service.id).sort((a, b) => a - b),
    facilityId: application.facility?.id ?? null,
    address: application.address.value ?? '',
    price: application.price,
    deadline: application.deadline ?? null,
    feedbackDeadline: application.feedbackDeadline ?? null,
  };
}

/** The fields of `seen` whose values the application no longer has. */
export function changedSinceSeen(seen: ApplicationSeen, now: Required<ApplicationSeen>): SeenField[] {
  return (Object.keys(seen) as SeenField[]).filter((field) => seen[field] !== undefined && JSON.stringify(seen[field]) !== JSON.stringify(now[field]));
}

/** The 409 code of an update of a field changed since its form was opened. */
export const APPLICATION_CHANGED = 'application_changed';
export const APPLICATION_CHANGED_MESSAGE = 'Заявку изменили, пока была открыта эта форма (в другой вкладке или другой сотрудник): проверьте поля и сохраните снова';

/**
 * `update {id, ...fields}`: any of the fields, before an executor is named. With `seen`, an update
 * of a field whose value is no longer the one seen is refused, 409 APPLICATION_CHANGED, and changes nothing.
 */
export const applicationUpdateBodySchema = lazySchema(() => applicationFieldsSchema.extend({ id: idSchema, name: applicationName.optional(), seen: applicationSeenSchema.optional() }));

export const applicationDraftUpsert = defineCall({
  method: 'POST',
  path: 'application/draft/upsert',
  auth: 'required',
  summary: 'Сохранение черновика заявки',
  body: applicationDraftBodySchema,
  data: applicationSchema,
});

export const applicationCreate = defineCall({
  method: 'POST',
  path: 'application/create',
  auth: 'required',
  summary: 'Публикация заявки',
  body: applicationCreateBodySchema,
  data: applicationSchema,
});

export const applicationUpdate = defineCall({
  method: 'POST',
  path: 'application/update',
  auth: 'required',
  summary: 'Изменение заявки (снятая с публикации публикуется снова)',
  body: applicationUpdateBodySchema,
  data: applicationSchema,
});

export const applicationDelete = defineCall({
  method: 'DELETE',
  path: 'application/delete',
  auth: 'required',
  summary: 'Удаление заявки до выбора исполнителя',
  query: idQuerySchema,
  data: lazySchema(() => z.object({ id: idSchema })),
});

// The executor's part (`participation`) is the detail's too: it lives with `application/get`'s shapes.
export { participationSchema, type Participation } from './application-shapes';
const lkListApplicationSchema = lazySchema(() => applicationSchema.extend({
  participation: participationSchema.optional(),
  /** The customer's list: the replies waiting on it (active ones). */
  activeReplies: z.number().int().nonnegative().optional(),
}));

/**
 * The status an lk list shows: the application's, or for an executor not named on it what became
 * of his reply (another executor chosen, his reply refused or withdrawn), not another's deal.
 */
export function lkStatusLabel(
  application: { status: ApplicationStatus; participation?: Participation | undefined; feedbackDeadline?: string | null | undefined },
  today = todayIn(new Date()),
): string {
  const { status, participation } = application;
  // His own deal ended: what ended it, whatever the application has become since.
  if (participation === 'stopped') return applicationStatusLabels.stopped_by_customer;
  if (participation === 'cancelled') return applicationStatusLabels.cancelled_by_executor;
  if (participation === 'rejected') return 'Отклик отклонён';
  if (participation === 'withdrawn') return 'Вы не участвуете';
  // Another's deal ended by a stop or a cancel: nobody is chosen now, and his reply may be (QA AAE-6).
  if (participation === 'active' && (status === 'stopped_by_customer' || status === 'cancelled_by_executor')) return NOBODY_CHOSEN_LABEL;
  if (participation === 'active' && status !== 'published' && status !== 'unpublished') return 'Выбран другой исполнитель';
  return applicationStatusLabel({ status, feedbackDeadline: application.feedbackDeadline ?? null }, today);
}

/** A waiting reply's application whose executor was stopped or cancelled: the customer chooses again. */
export const NOBODY_CHOSEN_LABEL = 'Исполнитель не выбран';

/** The statuses in which the work is the executor's to do, by the deadline. */
const WORK_TO_DO: readonly ApplicationStatus[] = ['executor_named', 'in_work', 'revision'];

/**
 * Whether the work is late: its deadline (the last day, a Moscow one) was before `today`
 * (`todayIn`) and it is still the executor's to do. Not for an executor whose part is over or who
 * is not the one named (another's deal).
 */
export function isPastDeadline(
  application: { status: ApplicationStatus; deadline: string | null; participation?: Participation | undefined },
  today: string,
): boolean {
  const { status, deadline, participation } = application;
  if (participation !== undefined && participation !== 'executor') return false;
  return deadline !== null && deadline < today && WORK_TO_DO.includes(status);
}

/**
 * The lk list's sorts (ARCHITECTURE §3's `attributeSort`, `typeSort`; QA OOO-2): the public list's
 * fields, and by default the last changed first (a step taken, a reply come).
 */
export const lkApplicationSortFields = ['updatedAt', ...applicationSortFields] as const;
export type LkApplicationSortField = (typeof lkApplicationSortFields)[number];

export const userApplicationGetCollection = defineCall({
  method: 'GET',
  path: 'user/application/get-collection',
  auth: 'required',
  summary: 'Заявки пользователя: как заказчика или как исполнителя',
  query: lazySchema(() => z.object({
    ...paginationQuery(6),
    role: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['customer', 'executor'], { error: 'Роль: customer или executor' }).default('customer')),
    status: z.preprocess((v) => (v === '' ? undefined : v), applicationStatusSchema.optional()),
    query: optionalQueryString(),
    ...sortQuery(lkApplicationSortFields, 'updatedAt', 'desc'),
  })),
  data: lazySchema(() => listOf(lkListApplicationSchema)),
});

// `application/get` is the public page's call too: it lives with its answer's shape, in the
// browser's `shared` entry (application-shapes.ts), and is one of this module's calls for the API.
export { applicationGet } from './application-shapes';

// ---- Replies and choosing the executor ----

const idBody = lazySchema(() => z.object({ id: idSchema }));

/** A POST on one application that answers it as it is afterwards: price, deadlines, naming, §5 transitions. */
function transition(path: string, summary: string): CallContract<z.ZodUndefined, typeof idBody, typeof applicationSchema, 'required'>;
function transition<B extends z.ZodObject>(path: string, summary: string, body: () => B): CallContract<z.ZodUndefined, B, typeof applicationSchema, 'required'>;
/** `body` builds the call's own body schema, on first use like every schema of the contract (lazy-schema.ts). */
function transition(path: string, summary: string, body?: () => z.ZodObject) {
  return defineCall({ method: 'POST', path, auth: 'required', summary, body: body ? lazySchema(body) : idBody, data: applicationSchema });
}

/** The 409 code of a reply at the application's price that the customer changed since it was seen. */
export const PRICE_CHANGED = 'price_changed';

export const applicationReplySend = defineCall({
  method: 'POST',
  path: 'application/reply/send',
  auth: 'required',
  summary: 'Отклик на заявку',
  body: lazySchema(() => z.object({
    id: idSchema,
    price: replyPriceSchema.optional(),
    comment: comment('Напишите комментарий к отклику'),
    // The application's price the replier saw (null: «Цена договорная»). A reply without a price of
    // its own agrees to it: one changed meanwhile is refused (409 price_changed), not agreed unseen.
    seenPrice: priceSchema.nullable().optional(),
  })),
  data: replySchema,
});

export const applicationReplyRemove = defineCall({
  method: 'POST',
  path: 'application/reply/remove',
  auth: 'required',
  summary: 'Отзыв своего отклика',
  body: idBody,
  data: replySchema,
});

export const applicationReplyReject = defineCall({
  method: 'POST',
  path: 'application/reply/reject',
  auth: 'required',
  summary: 'Отклонение отклика заказчиком',
  body: lazySchema(() => z.object({ id: idSchema, replyId: idSchema, reason: comment().optional() })),
  data: replySchema,
});

export const applicationUpdateFeedback = transition('application/update/feedback', 'Перенос срока приёма откликов', () =>
  z.object({ id: idSchema, feedbackDeadline: requiredIsoDate(APPLICATION_REQUIRED_MESSAGES.feedbackDeadline!) }));

export const applicationUpdatePrice = transition('application/update/price', 'Изменение цены заявки', () => z.object({ id: idSchema, price: priceSchema }));

export const applicationNamedExecutor = transition('application/named/executor', 'Выбор исполнителя по отклику', () => z.object({ id: idSchema, replyId: idSchema }));

// ---- Transitions of §5 ----

export const applicationSetStatusNoPublish = transition('application/set-status/no-publish', 'Снятие заявки с публикации');
/**
 * The 409 code of a step taken on a contract or report it no longer stands on: the version the page
 * showed (`seenContract`, `seenReport`) was replaced or deleted since, or one was uploaded. Its
 * message, per document, is also what the page says when it hears of the change with the step asked.
 */
export const SEEN_DOCUMENT_CHANGED = 'seen_document_changed';
export const SEEN_DOCUMENT_CHANGED_MESSAGES = {
  contract: 'Договор изменился или удалён: проверьте его и начните работу снова',
  report: 'Отчёт изменился или удалён: проверьте его и примите работу снова',
} as const;

/**
 * The id of the contract's or report's version the caller saw (null: none was uploaded). A step
 * that stands on the document (starting work, accepting it) is refused on another one (409
 * SEEN_DOCUMENT_CHANGED), not taken on one unseen; left out, it is taken on the current one.
 */
const seenDocument = () => idSchema.nullable().optional();

export const applicationStartWorking = transition('application/start-working/executor', 'Исполнитель начинает работу', () =>
  z.object({ id: idSchema, seenContract: seenDocument() }));
export const applicationConfirmExecution = transition('application/confirm-execution', 'Исполнитель сдаёт работу на проверку');
export const applicationSendRevision = transition(
  'application/send/revision',
  'Возврат работы на доработку',
  () => z.object({ id: idSchema, comment: comment('Напишите, что нужно доработать') }),
);
export const applicationVerification = transition('application/verification', 'Приёмка работы заказчиком', () =>
  z.object({ id: idSchema, seenReport: seenDocument() }));
/** The 409 of a review written over another one given or changed since its form opened (another tab, a colleague). */
export const REVIEW_CHANGED = 'review_changed';
export const REVIEW_CHANGED_MESSAGE = 'Отзыв изменился, пока была открыта эта форма: проверьте его и отправьте снова';

const reviewRating = () =>
  z.number({ error: 'Поставьте оценку от 1 до 5' }).int({ error: 'Поставьте оценку от 1 до 5' }).min(1, { error: 'Поставьте оценку от 1 до 5' }).max(5, { error: 'Поставьте оценку от 1 до 5' });

export const applicationReview = transition(
  'application/review',
  'Отзыв о работе исполнителя',
  () => z.object({
    id: idSchema,
    rating: reviewRating(),
    // Optional, as the form says: a rating alone is a review. Left out, blank or of characters that
    // show nothing, it is "" (QA AAP-5: a missing one was refused «Напишите отзыв» while "" and
    // «\u200b» went through, the latter stored and shown as a review's text).
    text: safeText({ max: 2000, multiline: true, tooLong: 'Отзыв — не длиннее 2000 символов' }).default(''),
    // The review the form opened on (null: none given yet). Another one given or changed since is
    // not written over unseen (409 REVIEW_CHANGED); left out, the review is written as it comes.
    seenReview: z.object({ rating: reviewRating(), text: z.string() }).nullable().optional(),
  }),
);
export const applicationClose = transition('application/close', 'Закрытие заявки');
export const applicationStopWorking = transition(
  'application/stop-working/executor',
  'Заказчик останавливает работу исполнителя',
  () => z.object({ id: idSchema, comment: comment().optional() }),
);
export const applicationCancelExecutorSendSms = defineCall({
  method: 'POST',
  path: 'application/cancel/executor/send/sms',
  auth: 'required',
  summary: 'Код для отказа исполнителя от заявки',
  /** The code goes to the executor's own phone; a `phone` the spec's client sends must be it. */
  body: lazySchema(() => z.object({ id: idSchema, phone: mobilePhoneSchema.optional() })),
  data: codeSentSchema,
});
export const applicationCancelExecutor = transition(
  'application/cancel/executor',
  'Отказ исполнителя от заявки по коду из СМС',
  () => z.object({ id: idSchema, code: smsCodeSchema, reason: comment().optional() }),
);
