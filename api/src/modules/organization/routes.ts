import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  organizationCreate,
  organizationDelete,
  organizationDirectorUpdate,
  organizationDocumentDelete,
  organizationDocumentDownload,
  organizationDocumentUpload,
  organizationEmployeeDelete,
  organizationEmployeeGetCollection,
  organizationEmployeeInvite,
  organizationEmployeeUpdate,
  organizationGetCollection,
  organizationGetDadata,
  organizationGetProfile,
  organizationInviteDelete,
  organizationInviteGetCollection,
  organizationUpdate,
  userInviteCodeApprove,
  userInviteCodeCancel,
  userInviteCodeCheck,
  type CallContract,
} from 'shared/contract';
import { registerCall, type CallHandler } from '../../http/register';
import { unauthorized } from '../../plugins/auth';
import { callerOf, type Caller } from '../../policy/caller';
import type { FileStorage } from '../../providers/storage';
import { sendAttachment } from '../../providers/storage/attachment';
import { receiveUpload } from '../../providers/storage/upload';
import type { EmployeesService } from './employees-service';
import type { InvitesService } from './invites-service';
import type { OrganizationService } from './service';

export interface OrganizationRouteOptions {
  checkResponses: boolean;
  organizations: OrganizationService;
  employees: EmployeesService;
  invites: InvitesService;
  storage: FileStorage;
}

/** Organisations, their employees and invites (ARCHITECTURE §8 "Cabinet"). */
export async function organizationRoutes(app: FastifyInstance, { checkResponses, organizations, employees, invites, storage }: OrganizationRouteOptions) {
  async function callerFor(request: FastifyRequest): Promise<Caller> {
    const user = await app.authenticate(request);
    const caller = user ? await callerOf(request, app.db, user) : null;
    if (!caller) throw unauthorized();
    return caller;
  }
  const route = <C extends CallContract>(call: C, handler: (caller: Caller, ctx: Parameters<CallHandler<C>>[0]) => ReturnType<CallHandler<C>>) =>
    registerCall(app, call, async (ctx) => handler(await callerFor(ctx.request), ctx), { checkResponses });

  route(organizationGetDadata, async (_caller, { query }) => ({ data: await organizations.lookup(query.inn) }));
  route(organizationCreate, (caller, { body }) => organizations.create(caller, body));
  route(organizationUpdate, (caller, { body }) => organizations.update(caller, body));
  route(organizationDelete, (caller, { query }) => organizations.remove(caller, query.id));
  route(organizationGetProfile, (caller) => organizations.active(caller));
  route(organizationGetCollection, (caller) => organizations.list(caller));
  route(organizationDocumentDelete, (caller, { query }) => organizations.removeDocument(caller, query.id));

  // Multipart in, bytes out: plain routes in registerCall's order (caller first, then input).
  app.route({
    method: 'POST',
    url: `/api/${organizationDocumentUpload.path}`,
    async handler(request) {
      const caller = await callerFor(request);
      organizations.mayUpload(caller);
      const file = await receiveUpload(request, storage, { prefix: 'organizations' });
      const result = await organizations.upload(caller, file).catch(async (error: unknown) => {
        await storage.delete(file.key).catch(() => undefined);
        throw error;
      });
      const data = checkResponses ? organizationDocumentUpload.data.parse(result.data) : result.data;
      return { data, message: result.message };
    },
  });
  app.route({
    method: 'GET',
    url: `/api/${organizationDocumentDownload.path}`,
    async handler(request, reply) {
      const caller = await callerFor(request);
      const { id } = organizationDocumentDownload.query!.parse(request.query ?? {});
      const { file, name, mime } = await organizations.download(caller, id);
      return sendAttachment(reply, file, { name, mime });
    },
  });

  route(organizationEmployeeInvite, (caller, { body, request }) => invites.invite(caller, body, request.ip));
  route(organizationInviteGetCollection, (caller, { query }) => invites.list(caller, query));
  route(organizationInviteDelete, (caller, { query }) => invites.withdraw(caller, query.id));
  route(userInviteCodeCheck, (caller, { query }) => invites.check(caller, query.code));
  route(userInviteCodeApprove, (caller, { body }) => invites.approve(caller, body.code));
  route(userInviteCodeCancel, (caller, { body }) => invites.cancel(caller, body.code));

  route(organizationEmployeeGetCollection, (caller, { query }) => employees.list(caller, query));
  route(organizationEmployeeUpdate, (caller, { body }) => employees.updatePosition(caller, body.id, body.position));
  route(organizationEmployeeDelete, (caller, { query }) => employees.remove(caller, query.id));
  route(organizationDirectorUpdate, (caller, { body }) => employees.handOver(caller, body.id));
}
