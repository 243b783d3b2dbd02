import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  FACILITY_MAX_FILES,
  FACILITY_TOO_MANY_FILES_MESSAGE,
  facilityGetMap,
  profileFacilityCreate,
  profileFacilityDelete,
  profileFacilityDocumentDelete,
  profileFacilityDocumentDownload,
  profileFacilityDocumentUpdate,
  profileFacilityGet,
  profileFacilityGetCollection,
  profileFacilityGetType,
  profileFacilityUpdate,
} from 'shared/contract';
import { callerIfSignedIn, callerRoutes } from '../../http/caller';
import { registerDownloadCall, registerUploadCall, type UploadHooks } from '../../http/file-calls';
import { registerCall } from '../../http/register';
import type { RouteOptions } from '../../http/route-options';
import { tellingProfileData } from '../../plugins/socket';
import type { FileStorage } from '../../providers/storage';
import { receiveFiles } from '../../providers/storage/upload';
import type { FloodLimiter } from '../auth/rate-limit/flood-limits';
import { facilityService } from './service';

/**
 * Facilities: the public page and map, and the cabinet's calls (ARCHITECTURE §8 "Cabinet").
 * Create and update are multipart with several files; the owner's download answers bytes.
 */
export async function facilityRoutes(app: FastifyInstance, opts: RouteOptions & { storage: FileStorage; flood: FloodLimiter }) {
  const facilities = facilityService({ db: app.db, storage: opts.storage, log: app.log });
  const route = callerRoutes(app, opts);

  // Its other tabs and devices, and an organisation's members, read the facilities again (no window focus refetches them).
  const told = tellingProfileData(app.io, 'facilities', app.log);

  // The page is public: a guest (no caller) sees it too, the facility's profile sees more.
  registerCall(
    app,
    profileFacilityGet,
    async ({ query, user, request }) => ({ data: await facilities.get(query.id, await callerIfSignedIn(request, user)) }),
    opts,
  );
  registerCall(app, facilityGetMap, async ({ query }) => ({ data: await facilities.map(query.limit) }), opts);
  registerCall(app, profileFacilityGetType, async () => ({ data: await facilities.types() }), opts);
  route(profileFacilityGetCollection, async (caller, { query }) => ({ data: await facilities.list(caller, query) }));
  route(profileFacilityDelete, (caller, { query }) => told(caller, facilities.remove(caller, query.id)));
  route(profileFacilityDocumentDelete, (caller, { body }) => told(caller, facilities.removeDocument(caller, body.id)));
  route(profileFacilityDocumentUpdate, (caller, { body }) => told(caller, facilities.setDocumentPublic(caller, body.id, body.public)));

  const receive = (request: FastifyRequest, hooks: UploadHooks) =>
    receiveFiles(request, opts.storage, { prefix: 'facilities', maxFiles: FACILITY_MAX_FILES, tooManyFilesMessage: FACILITY_TOO_MANY_FILES_MESSAGE, ...hooks });
  registerUploadCall(app, profileFacilityCreate, opts, {
    receive,
    check: (caller, body) => facilities.checkCreate(caller, body),
    handle: (caller, body, files, counts) => told(caller, facilities.create(caller, body, files, counts)),
  });
  registerUploadCall(app, profileFacilityUpdate, opts, {
    receive,
    check: (caller, body) => facilities.checkUpdate(caller, body),
    handle: (caller, body, files, counts) => told(caller, facilities.update(caller, body, files, counts)),
  });
  registerDownloadCall(app, profileFacilityDocumentDownload, (caller, id) => facilities.downloadDocument(caller, id));
}
