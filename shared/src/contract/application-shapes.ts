import { z } from 'zod';
import { applicationDetailSchema, applicationStatusSchema, profileTypeSchema } from './application';
import { paymentStatuses } from './application-lifecycle';
import { idQuerySchema, idSchema, namedRefSchema } from './common';
import { defineCall } from './define';
import { lazySchema } from './lazy-schema';

/**
 * Shapes of the lk detail: what a party sees on `application/get` (ARCHITECTURE §8). Outside
 * checks read exactly these names. The call itself is at the end: the public application page
 * makes it too, so it is in the browser's `shared` rather than `shared/lk`.
 */

export const profileRefSchema = lazySchema(() => namedRefSchema.extend({ type: profileTypeSchema }));

export const replyStatuses = ['active', 'withdrawn', 'rejected'] as const;

/** The API's refusal to name a reply marked `sameUser` (403), and what the customer's page says on it. */
export const SELF_DEALING_MESSAGE = 'Нельзя выбрать этого исполнителя: за него и за заказчика действует один и тот же человек';
export const replySchema = lazySchema(() => z.object({
  id: idSchema,
  applicationId: idSchema,
  /** `listed`: `/executor/:id` shows the executor (one of the catalogue, or any that has replied: QA AAE-3). */
  executor: profileRefSchema.extend({ listed: z.boolean().optional() }),
  price: z.number().nullable(),
  /**
   * A reply without a price of its own: the application's price when it was sent, which it agreed
   * to (`replyAgreedPrice`). Null with a price of its own, or for a reply sent before it was kept.
   */
  seenPrice: z.number().nullable().optional(),
  comment: z.string(),
  status: z.enum(replyStatuses),
  /** Why a closed reply closed: the customer's reason for rejecting it or stopping the work, the executor's for cancelling. */
  reason: z.string().nullable().optional(),
  /**
   * A closed reply whose deal ended: «stopped» by the customer (the reply closed `rejected`),
   * «cancelled» by the executor (closed `withdrawn`); null for a reply refused, withdrawn or live.
   */
  ended: z.enum(['stopped', 'cancelled']).nullable().optional(),
  /**
   * In the customer's answer, on a live reply not named: one user acts for both its profile and the
   * customer's, so naming it is refused (403 SELF_DEALING_MESSAGE). Absent otherwise.
   */
  sameUser: z.literal(true).optional(),
  createdAt: z.string(),
}));
export type Reply = z.infer<typeof replySchema>;

/**
 * The price naming this reply agrees the deal at (ARCHITECTURE §8: the reply's, else the
 * application's): its own; without one, the application's price now, but never below the one the
 * reply was sent at (QA WWW-1: seen at 1 000 ₽, lowered to 300 ₽ after, named at 300 ₽). Null: the
 * price is «договорная».
 */
export function replyAgreedPrice(reply: Pick<Reply, 'price' | 'seenPrice'>, applicationPrice: number | null): number | null {
  if (reply.price !== null) return reply.price;
  const seen = reply.seenPrice ?? null;
  return seen !== null && seen > (applicationPrice ?? 0) ? seen : applicationPrice;
}

/**
 * The executor's part in an application (his lk list's `role=executor`, and `application/get` for
 * a profile that replied but is no party now): named on it, his deal ended (`stopped` by the
 * customer, `cancelled` by himself), or else his last reply's status. The application's own status
 * is the deal of whoever is named now; his is this.
 */
export const participationSchema = lazySchema(() => z.enum(['executor', 'active', 'withdrawn', 'rejected', 'stopped', 'cancelled']));
export type Participation = z.infer<typeof participationSchema>;

export const historyEntrySchema = lazySchema(() => z.object({
  status: applicationStatusSchema,
  at: z.string(),
  actorProfileId: idSchema.nullable(),
  /** The comment sent with the step (a revision's, a stop's or a cancel's reason), as sent. */
  comment: z.string().nullable(),
  /** The executor a customer's step concerns: the one he named, or the one he stopped (null otherwise). */
  executor: namedRefSchema.nullable().optional(),
}));

export const signatureSchema = lazySchema(() => z.object({ party: z.enum(['customer', 'executor']), signerName: z.string(), signedAt: z.string() }));
export const signedDocumentSchema = lazySchema(() => z.object({
  id: idSchema,
  name: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  sha256: z.string(),
  uploadedAt: z.string(),
  signatures: z.array(signatureSchema),
}));
export type SignedDocument = z.infer<typeof signedDocumentSchema>;

/**
 * A contract or report of a deal that ended (a stop or a cancel set it aside with its executor, so
 * the next executor signs new ones): the version current when it ended, with its signatures, still
 * evidence of what the two sides agreed. Downloaded by id (`application/past-document/download`).
 */
export const pastDocumentSchema = lazySchema(() => signedDocumentSchema.extend({
  kind: z.enum(['contract', 'report']),
  /** The executor of that deal (null once his profile is gone: a deleted organisation). */
  executor: namedRefSchema.nullable(),
  /** When the deal ended, and how: `stopped` by the customer or `cancelled` by the executor. */
  endedAt: z.string(),
  ended: z.enum(['stopped', 'cancelled']),
}));
export type PastDocument = z.infer<typeof pastDocumentSchema>;

/**
 * `fee`: the platform's part of `amount` (PLATFORM_FEE_PERCENT), roubles: what the release took, or
 * what it will take; the executor is paid `amount − fee`. 0 without a fee and after a refund.
 */
export const paymentSchema = lazySchema(() => z.object({ status: z.enum(paymentStatuses), amount: z.number(), fee: z.number().optional() }));
export const reviewSchema = lazySchema(() => z.object({ rating: z.number().int().min(1).max(5), text: z.string() }));

/** What a party sees on `application/get` beyond the public detail. */
export const applicationLkDetailSchema = lazySchema(() => applicationDetailSchema.extend({
  replies: z.array(replySchema),
  executor: profileRefSchema.nullable(),
  history: z.array(historyEntrySchema),
  contract: signedDocumentSchema.nullable(),
  report: signedDocumentSchema.nullable(),
  /**
   * The contracts and reports of the deals that ended on this application, oldest first: the
   * customer sees every one, an executor those of his own deal (a stopped one too, beside his reply).
   */
  pastDocuments: z.array(pastDocumentSchema).optional(),
  payment: paymentSchema,
  review: reviewSchema.nullable(),
  /** The customer's facility the application is linked to (`facilityId` of §8's bodies), if any. */
  facility: namedRefSchema.nullable(),
  /**
   * The customer's own price while a named executor's agreed one is `price` (null otherwise): what
   * the other replies «по цене заявки» stand on. The customer's answer only.
   */
  askedPrice: z.number().nullable().optional(),
  /** Call paths the caller may make now (application-actions.ts `allowedActions`). */
  allowedActions: z.array(z.string()),
  /**
   * Why the caller's steps are withheld although his side has some now: he acts for both the
   * customer and the named executor (the policy's `bothSides`), or, on the public page, a reply he
   * may not send while replies are open (he acts for the customer's organisation too). Absent otherwise.
   */
  actionsWithheld: z.string().optional(),
}));
export type ApplicationLkDetail = z.infer<typeof applicationLkDetailSchema>;

/**
 * `application/get`: the public detail for everyone; a party's answer adds the lk fields (present
 * exactly when the caller is the customer, the named executor or holds a reply). A profile whose
 * reply is closed (rejected, withdrawn, its work stopped or cancelled) gets `replies` alone: its own,
 * with `participation` saying which of those it was (the value its lk list shows).
 */
export const applicationViewSchema = lazySchema(() => applicationDetailSchema.extend(
  Object.fromEntries(
    Object.entries(applicationLkDetailSchema.shape)
      .filter(([key]) => !(key in applicationDetailSchema.shape))
      .map(([key, schema]) => [key, (schema as z.ZodType).optional()]),
  ) as { [K in Exclude<keyof typeof applicationLkDetailSchema.shape, keyof typeof applicationDetailSchema.shape>]: z.ZodOptional<(typeof applicationLkDetailSchema.shape)[K]> },
).extend({ participation: participationSchema.optional() }));
export type ApplicationView = z.infer<typeof applicationViewSchema>;

/** Everyone sees a published application; its parties see it in any status with the lk fields (§8). */
export const applicationGet = defineCall({
  method: 'GET',
  path: 'application/get',
  auth: 'optional',
  summary: 'Заявка: публичная карточка, участникам сделки — со статусом, откликами, документами и действиями',
  query: idQuerySchema,
  data: applicationViewSchema,
});
