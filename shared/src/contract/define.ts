import { z } from 'zod';
import { lazySchema } from './lazy-schema';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The header naming one write (1–200 printable characters): the app sends a fresh one with each
 * write, and the same write sent again (the browser's re-send, a retry) gets the answer the first
 * one got. A withdrawal keeps one per operation; a token renewal's lets it be sent again.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export type CallAuth = 'none' | 'optional' | 'required';
/**
 * How the call travels: `json` (the default) sends JSON and answers the envelope; `upload` sends
 * `multipart/form-data` with `body`'s fields and the file in field `file` (ARCHITECTURE §3), and
 * answers the envelope; `download` answers the file's bytes (`Content-Disposition: attachment`),
 * failures still the JSON failure envelope.
 */
export type CallKind = 'json' | 'upload' | 'download';

/**
 * One entry per call of spec §7. `path` is relative to `/api/` (e.g. `application/get`).
 * GET and DELETE read `query`; POST and PUT read `body`. `data` is the payload inside the
 * success envelope `{ data, message? }` (for a download: `z.unknown()`, the bytes).
 */
export interface CallContract<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  D extends z.ZodType = z.ZodType,
  A extends CallAuth = CallAuth,
  K extends CallKind = CallKind,
> {
  method: HttpMethod;
  path: string;
  auth: A;
  /**
   * Spec §7's «no auth»: the bearer is not sent even when a token is stored. Every other call sends
   * it whenever one is (§7: «a bearer token header is sent when a stored token exists, unless
   * noted»), an `auth: 'none'` call too, which the API answers alike with it or without.
   */
  noBearer?: true;
  /** `json` when absent. */
  kind?: K;
  /**
   * An upload's files in field `file`: `one` (the default) a file that must be there; `any` none or
   * several (a facility's documents, a message's attachments). `alsoJson`: the call takes a JSON
   * body too, when it carries no file (a message).
   */
  files?: 'one' | 'any';
  alsoJson?: true;
  /** Headers the call reads beside the bearer (`required`: refused without it), for the API's docs. */
  headers?: Readonly<Record<string, { required: boolean; description: string }>>;
  summary: string;
  query?: Q;
  body?: B;
  data: D;
}

export function defineCall<
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
  D extends z.ZodType = z.ZodType,
  const A extends CallAuth = CallAuth,
  const K extends CallKind = CallKind,
>(call: CallContract<Q, B, D, A, K>): CallContract<Q, B, D, A, K> {
  definedCalls.add(call);
  return call;
}

const definedCalls = new WeakSet<object>();

/**
 * Whether a value is a call made by `defineCall`. It reads nothing of the value: a module's other
 * exports are lazy schemas (`lazySchema`), and reading one would build it.
 */
export function isCall(value: unknown): value is CallContract {
  return typeof value === 'object' && value !== null && definedCalls.has(value);
}

/** A call whose request is `multipart/form-data` with a file (`kind: 'upload'`). */
export type UploadCall = CallContract<z.ZodType, z.ZodType, z.ZodType, CallAuth, 'upload'>;
/** A call that answers a file (`kind: 'download'`). */
export type DownloadCall = CallContract<z.ZodType, z.ZodType, z.ZodType, CallAuth, 'download'>;

export function callKind(call: Pick<CallContract, 'kind'>): CallKind {
  return call.kind ?? 'json';
}

export type CallQuery<C> = C extends CallContract<infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type CallBody<C> = C extends CallContract<z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type CallData<C> = C extends CallContract<z.ZodType, z.ZodType, infer D> ? z.output<D> : never;

/** Success envelope of ARCHITECTURE §3. */
export const successEnvelope = <D extends z.ZodType>(data: D) =>
  z.object({ data, message: z.string().optional() });

/** Failure envelope of ARCHITECTURE §3. */
export const errorEnvelope = lazySchema(() => z.object({
  message: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
}));
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/**
 * Public lists count their matches exactly up to this many; past it `total` is this cap and
 * `totalExact` is false (the UI says «больше 10 000»), so no request counts a whole table.
 */
export const LIST_TOTAL_CAP = 10_000;

/** List payload of ARCHITECTURE §3. */
export const listOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    /** Exact when `totalExact` is true or absent; `LIST_TOTAL_CAP` when the matches are more. */
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    limit: z.number().int().positive(),
    /** False when `total` is the cap (`LIST_TOTAL_CAP`) rather than the count of every match. */
    totalExact: z.boolean().optional(),
  });
