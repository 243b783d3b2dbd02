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
} from 'shared/contract';
import { callerIfSignedIn, callerRoutes } from '../../http/caller';
import { registerCall } from '../../http/register';
import type { LkService } from './lk-service';

export interface LkRouteOptions {
  checkResponses: boolean;
  lk: LkService;
}

/** The lk application calls of ARCHITECTURE §8: each resolves its caller once and hands over to the service. */
export async function lkApplicationRoutes(app: FastifyInstance, { checkResponses, lk }: LkRouteOptions) {
  const route = callerRoutes(app, { checkResponses });

  // The application page is open to guests too: no caller is not a 401 here.
  registerCall(app, applicationGet, async ({ query, user, request }) => ({ data: await lk.view(await callerIfSignedIn(request, user), query.id) }), { checkResponses });
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
  route(applicationStartWorking, (caller, { body }) => lk.start(caller, body));
  route(applicationConfirmExecution, (caller, { body }) => lk.confirm(caller, body.id));
  route(applicationSendRevision, (caller, { body }) => lk.revision(caller, body));
  route(applicationVerification, (caller, { body }) => lk.verify(caller, body));
  route(applicationReview, (caller, { body }) => lk.review(caller, body));
  route(applicationClose, (caller, { body }) => lk.close(caller, body.id));
  route(applicationStopWorking, (caller, { body }) => lk.stop(caller, body));
  route(applicationCancelExecutorSendSms, (caller, { body, request }) => lk.cancelSendSms(caller, body, request.ip));
  route(applicationCancelExecutor, (caller, { body }) => lk.cancel(caller, body));
}
