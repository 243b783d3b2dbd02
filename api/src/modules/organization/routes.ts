import type { FastifyInstance } from 'fastify';
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
} from 'shared/contract';
import { callerRoutes } from '../../http/caller';
import { registerDownloadCall, registerUploadCall } from '../../http/file-calls';
import type { FileStorage } from '../../providers/storage';
import { receiveUpload } from '../../providers/storage/upload';
import type { FloodLimiter } from '../auth/rate-limit/flood-limits';
import type { EmployeesService } from './employees-service';
import type { InvitesService } from './invites-service';
import type { OrganizationService } from './service';

export interface OrganizationRouteOptions {
  checkResponses: boolean;
  organizations: OrganizationService;
  employees: EmployeesService;
  invites: InvitesService;
  storage: FileStorage;
  flood: FloodLimiter;
}

/** Organisations, their employees and invites (ARCHITECTURE §8 "Cabinet"). */
export async function organizationRoutes(app: FastifyInstance, { checkResponses, organizations, employees, invites, storage, flood }: OrganizationRouteOptions) {
  const route = callerRoutes(app, { checkResponses });

  // Made the active profile, or named by id whichever profile is active (mayDirect), or about the
  // user (his organisations, a lookup by INN): no X-Profile-Id check.
  const anyProfile = { anyProfile: true };
  route(organizationGetDadata, async (_caller, { query }) => ({ data: await organizations.lookup(query.inn) }), anyProfile);
  route(organizationCreate, (caller, { body }) => organizations.create(caller, body), anyProfile);
  route(organizationUpdate, (caller, { body }) => organizations.update(caller, body), anyProfile);
  route(organizationDelete, (caller, { query }) => organizations.remove(caller, query.id), anyProfile);
  route(organizationGetProfile, (caller) => organizations.active(caller));
  route(organizationGetCollection, (caller) => organizations.list(caller), anyProfile);
  route(organizationDocumentDelete, (caller, { query }) => organizations.removeDocument(caller, query.id));

  registerUploadCall(app, organizationDocumentUpload, { checkResponses, flood }, {
    receive: (request, hooks) => receiveUpload(request, storage, { prefix: 'organizations', ...hooks }),
    check: (caller) => organizations.mayUpload(caller),
    handle: (caller, _body, file, counts) => organizations.upload(caller, file, counts),
  });
  registerDownloadCall(app, organizationDocumentDownload, (caller, id) => organizations.download(caller, id));

  route(organizationEmployeeInvite, (caller, { body, request }) => invites.invite(caller, body, request.ip));
  route(organizationInviteGetCollection, (caller, { query }) => invites.list(caller, query));
  route(organizationInviteDelete, (caller, { query }) => invites.withdraw(caller, query.id));
  // The invitee's own look and answer, by his phone, whichever profile is active (the approve may make it active).
  route(userInviteCodeCheck, (caller, { query }) => invites.check(caller, query.code), anyProfile);
  route(userInviteCodeApprove, (caller, { body }) => invites.approve(caller, body.code), anyProfile);
  route(userInviteCodeCancel, (caller, { body }) => invites.cancel(caller, body.code), anyProfile);

  route(organizationEmployeeGetCollection, (caller, { query }) => employees.list(caller, query));
  route(organizationEmployeeUpdate, (caller, { body }) => employees.updatePosition(caller, body.id, body.position));
  route(organizationEmployeeDelete, (caller, { query }) => employees.remove(caller, query.id));
  route(organizationDirectorUpdate, (caller, { body }) => employees.handOver(caller, body.id));
}
