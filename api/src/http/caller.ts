import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CallContract } from 'shared/contract';
import type { AuthUser } from '../plugins/auth';
import { unauthorized } from '../plugins/auth';
import { assertActingAs, callerOf, type Caller } from '../policy/caller';
import { registerCall, type CallHandler } from './register';

export interface CallerOptions {
  /**
   * The call chooses or makes the active profile, or names what it acts on whichever profile is
   * active: a write sent with another `X-Profile-Id` than the active one goes on (assertActingAs).
   */
  anyProfile?: boolean;
}

/**
 * The caller of a call that acts as one (ARCHITECTURE §8): 401 without a token or when the
 * account behind it is gone; 409 for a write sent as another profile than the active one
 * (assertActingAs). `user` is the one registerCall authenticated; a plain route (multipart in,
 * bytes out) passes none and is authenticated here, before any of its input is read.
 */
export async function requireCaller(request: FastifyRequest, user?: AuthUser | null, options: CallerOptions = {}): Promise<Caller> {
  const authenticated = user === undefined ? await request.server.authenticate(request) : user;
  const caller = await callerOf(request, request.server.db, authenticated);
  if (!caller) throw unauthorized();
  if (!options.anyProfile) await assertActingAs(request.server.db, caller, request);
  return caller;
}

/**
 * The caller of a page open to guests too (an application's, a facility's): null for a guest, who
 * gets the public view; a signed-in user's call acts as the profile its tab shows or not at all, as
 * requireCaller's (QA ZZ-1: a stale tab got «Заявка не найдена» for its own deal, or the active
 * profile's party view under the other's header).
 */
export async function callerIfSignedIn(request: FastifyRequest, user: AuthUser | null): Promise<Caller | null> {
  const caller = await callerOf(request, request.server.db, user);
  if (caller) await assertActingAs(request.server.db, caller, request);
  return caller;
}

export type CallerHandler<C extends CallContract> = (caller: Caller, ctx: Parameters<CallHandler<C>>[0]) => ReturnType<CallHandler<C>>;

/** registerCall for calls that act as their caller: `route(call, (caller, ctx) => …)`. */
export function callerRoutes(app: FastifyInstance, options: { checkResponses?: boolean }) {
  return <C extends CallContract>(call: C, handler: CallerHandler<C>, callerOptions?: CallerOptions) =>
    registerCall(app, call, async (ctx) => handler(await requireCaller(ctx.request, ctx.user, callerOptions), ctx), {
      checkResponses: options.checkResponses,
      // The caller, resolved once per request (callerOf), is admitted before its input is read.
      admit: (request, user) => requireCaller(request, user, callerOptions),
    });
}
