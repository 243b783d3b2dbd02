import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CallContract } from 'shared/contract';
import type { AuthUser } from '../plugins/auth';
import { unauthorized } from '../plugins/auth';
import { JSON_ONLY_MESSAGE } from '../plugins/error-handler';
import { answeredOnce, answerKeyOf } from './answer-replay';
import { AppError } from './errors';

export interface CallContext<Q, B, U = AuthUser | null> {
  query: Q;
  body: B;
  /** The caller: always set for `auth: 'required'`, null for a guest on `'optional'`, null on `'none'`. */
  user: U;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type CallResult<D> = { data: D; message?: string };

type Out<S> = [NonNullable<S>] extends [z.ZodType] ? z.output<NonNullable<S>> : undefined;

type UserOf<C extends CallContract> = C['auth'] extends 'required' ? AuthUser : AuthUser | null;

export type CallHandler<C extends CallContract> = (
  ctx: CallContext<Out<C['query']>, Out<C['body']>, UserOf<C>>,
) => Promise<CallResult<z.input<C['data']>>>;

/**
 * Wires one contract entry: method and `/api/<path>`, the caller authenticated as the call's
 * `auth` says (401 before any input is read), input parsed with the contract's schemas (a
 * ZodError becomes a 422 in the error handler), the answer wrapped as `{ data, message? }`.
 */
export function registerCall<C extends CallContract>(
  app: FastifyInstance,
  call: C,
  handler: CallHandler<C>,
  options: {
    checkResponses?: boolean;
    /** Runs before the contract reads the query and body (the webhook's signature: a stranger learns nothing of the schema). */
    before?: (request: FastifyRequest) => void;
    /**
     * Runs once the caller is authenticated, before the contract reads the query and body: who may
     * call at all (the acting profile's 409) is said before what is wrong with the input, as the
     * upload and download calls say it (QA ZZ-3).
     */
    admit?: (request: FastifyRequest, user: AuthUser | null) => Promise<unknown>;
    /**
     * False for a write whose answer must not be kept (it carries tokens): its re-send runs again.
     * Else a signed-in user's write sent again with its `Idempotency-Key` gets its first answer.
     */
    keepAnswer?: boolean;
  } = {},
): void {
  const { before, admit, keepAnswer = true } = options;
  app.route({
    method: call.method,
    url: `/api/${call.path}`,
    ...(before ? { preHandler: async (request: FastifyRequest) => before(request) } : {}),
    async handler(request, reply) {
      const user = call.auth === 'none' ? null : await request.server.authenticate(request);
      if (call.auth === 'required' && !user) throw unauthorized();
      // Before the admission: the write it repeats may have changed what admits it (a profile deleted).
      const key = keepAnswer ? answerKeyOf(request, call.path, user?.userId ?? null) : null;
      return answeredOnce(request, reply, key, async () => {
        if (admit) await admit(request, user);
        const query = call.query ? call.query.parse(request.query ?? {}) : undefined;
        // A form sent where JSON is expected: @fastify/multipart takes it and leaves no body, which
        // read as «Укажите номер телефона» for a phone that was sent. Said as the type it is.
        if (call.body && request.isMultipart()) throw new AppError(415, 'unsupported_media_type', JSON_ONLY_MESSAGE);
        const body = call.body ? call.body.parse(request.body ?? {}) : undefined;
        const result = await handler({ query, body, user, request, reply } as CallContext<Out<C['query']>, Out<C['body']>, UserOf<C>>);
        // Outside production a handler drifting from the contract fails loudly in tests.
        const data = options.checkResponses ? call.data.parse(result.data) : result.data;
        return result.message === undefined ? { data } : { data, message: result.message };
      });
    },
  });
}
