import { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type CallAuth = 'none' | 'optional' | 'required';

/**
 * One entry per call of spec §7. `path` is relative to `/api/` (e.g. `application/get`).
 * GET and DELETE read `query`; POST and PUT read `body`. `data` is the payload inside the
 * success envelope `{ data, message? }`.
 */
export interface CallContract<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  D extends z.ZodType = z.ZodType,
  A extends CallAuth = CallAuth,
> {
  method: HttpMethod;
  path: string;
  auth: A;
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
>(call: CallContract<Q, B, D, A>): CallContract<Q, B, D, A> {
  return call;
}

export type CallQuery<C> = C extends CallContract<infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type CallBody<C> = C extends CallContract<z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type CallData<C> = C extends CallContract<z.ZodType, z.ZodType, infer D> ? z.output<D> : never;

/** Success envelope of ARCHITECTURE §3. */
export const successEnvelope = <D extends z.ZodType>(data: D) =>
  z.object({ data, message: z.string().optional() });

/** Failure envelope of ARCHITECTURE §3. */
export const errorEnvelope = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/** List payload of ARCHITECTURE §3. */
export const listOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    limit: z.number().int().positive(),
  });
