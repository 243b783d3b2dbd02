import type { FastifyInstance } from 'fastify';
import {
  applicationCancelExecutor,
  applicationCancelExecutorSendSms,
  applicationClose,
  applicationConfirmExecution,
  applicationCreate,
  applicationDelete,
  applicationDraftUpsert,
  applicationGet,
  applicationNamedExecutor,
  applicationReplyReject,
  applicationReplyRemove,
  applicationReplySend,
  applicationReview,
  applicationSendRevision,
  applicationSetStatusNoPublish,
  applicationStartWorking,
  applicationStopWorking,
  applicationUpdate,
  applicationUpdateFeedback,
  applicationUpdatePrice,
  applicationVerification,
  userApplicationGetCollection,
  type CallContract,
} from 'shared/contract';
import { registerCall, type CallHandler } from '../../http/register';
import { callerOf, type Caller } from '../../policy/caller';
import { unauthorized } from '../../plugins/auth';
import type { LkService } from './lk-service';

export interface LkRouteOptions {
  checkResponses: boolean;
  lk: LkService;
}

/** The lk application calls of ARCHITECTURE §8: each resolves its caller once and hands over to the service. */
export async function lkApplicationRoutes(app: FastifyInstance, { checkResponses, lk }: LkRouteOptions) {
  const o = { checkResponses };
  /** A required-auth call with the caller resolved (a user whose account vanished is a 401). */
  const route = <C extends CallContract>(call: C, handler: (caller: Caller, ctx: Parameters<CallHandler<C>>[0]) => ReturnType<CallHandler<C>>) =>
    registerCall(
      app,
      call,
      async (ctx) => {
        const caller = await callerOf(ctx.request, app.db, ctx.user);
        if (!caller) throw unauthorized();
        return handler(caller, ctx);
      },
      o,
    );

  registerCall(app, applicationGet, async ({ query, user, request }) => ({ data: await lk.view(await callerOf(request, app.db, user), query.id) }), o);
  route(userApplicationGetCollection, async (caller, { query }) => ({ data: await lk.list(caller, query) }));
  route(applicationDraftUpsert, (caller, { body }) => lk.draftUpsert(caller, body));
  route(applicationCreate, (caller, { body }) => lk.create(caller, body));
  route(applicationUpdate, (caller, { body }) => lk.update(caller, body));
  route(applicationDelete, (caller, { query }) => lk.remove(caller, query.id));

  route(applicationReplySend, (caller, { body }) => lk.replySend(caller, body));
  route(applicationReplyRemove, (caller, { body }) => lk.replyRemove(caller, body.id));
  route(applicationReplyReject, (caller, { body }) => lk.replyReject(caller, body));
  route(applicationNamedExecutor, (caller, { body }) => lk.named(caller, body));
  route(applicationUpdateFeedback, (caller, { body }) => lk.updateFeedback(caller, body));
  route(applicationUpdatePrice, (caller, { body }) => lk.updatePrice(caller, body));

  route(applicationSetStatusNoPublish, (caller, { body }) => lk.noPublish(caller, body.id));
  route(applicationStartWorking, (caller, { body }) => lk.start(caller, body.id));
  route(applicationConfirmExecution, (caller, { body }) => lk.confirm(caller, body.id));
  route(applicationSendRevision, (caller, { body }) => lk.revision(caller, body));
  route(applicationVerification, (caller, { body }) => lk.verify(caller, body.id));
  route(applicationReview, (caller, { body }) => lk.review(caller, body));
  route(applicationClose, (caller, { body }) => lk.close(caller, body.id));
  route(applicationStopWorking, (caller, { body }) => lk.stop(caller, body));
  route(applicationCancelExecutorSendSms, (caller, { body, request }) => lk.cancelSendSms(caller, body, request.ip));
  route(applicationCancelExecutor, (caller, { body }) => lk.cancel(caller, body));
}
