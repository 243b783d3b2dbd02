import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  FACILITY_MAX_FILES,
  FACILITY_TOO_MANY_FILES_MESSAGE,
  facilityGetMap,
  profileFacilityCreate,
  profileFacilityDelete,
  profileFacilityDocumentDelete,
  profileFacilityDocumentDownload,
  profileFacilityGet,
  profileFacilityGetCollection,
  profileFacilityGetType,
  profileFacilityUpdate,
  type CallContract,
} from 'shared/contract';
import { registerCall, type CallResult } from '../../http/register';
import type { RouteOptions } from '../../http/route-options';
import { unauthorized } from '../../plugins/auth';
import { callerOf, type Caller } from '../../policy/caller';
import type { FileStorage } from '../../providers/storage';
import { sendAttachment } from '../../providers/storage/attachment';
import type { UploadedFile } from '../../providers/storage/upload';
import { facilityService } from './service';
import { receiveFiles } from './upload';

type BodyOf<C extends CallContract> = z.output<NonNullable<C['body']>>;

/**
 * Facilities: the public page and map, and the cabinet's calls (ARCHITECTURE §8 "Cabinet").
 * Create and update are multipart with several files and answer the envelope; the owner's
 * download answers bytes. Both keep registerCall's order: the caller first (401 before any input
 * is read), then the contract's schema, then the service.
 */
export async function facilityRoutes(app: FastifyInstance, opts: RouteOptions & { storage: FileStorage }) {
  const facilities = facilityService({ db: app.db, storage: opts.storage, log: app.log });
  const { checkResponses } = opts;

  async function callerFor(request: FastifyRequest): Promise<Caller> {
    const user = await app.authenticate(request);
    const caller = user ? await callerOf(request, app.db, user) : null;
    if (!caller) throw unauthorized();
    return caller;
  }

  registerCall(
    app,
    profileFacilityGet,
    async ({ query, user, request }) => ({ data: await facilities.get(query.id, await callerOf(request, app.db, user)) }),
    opts,
  );
  registerCall(app, facilityGetMap, async ({ query }) => ({ data: await facilities.map(query.limit) }), opts);
  registerCall(app, profileFacilityGetType, async () => ({ data: await facilities.types() }), opts);
  registerCall(app, profileFacilityGetCollection, async ({ query, request }) => ({ data: await facilities.list(await callerFor(request), query) }), opts);
  registerCall(app, profileFacilityDelete, async ({ query, request }) => facilities.remove(await callerFor(request), query.id), opts);
  registerCall(app, profileFacilityDocumentDelete, async ({ body, request }) => facilities.removeDocument(await callerFor(request), body.id), opts);

  /** A multipart call with any number of files: `check` runs on the fields before a file is stored. */
  function upload<C extends CallContract>(
    call: C,
    check: (caller: Caller, body: BodyOf<C>) => Promise<void>,
    handle: (caller: Caller, body: BodyOf<C>, files: UploadedFile[]) => Promise<CallResult<unknown>>,
  ) {
    app.route({
      method: 'POST',
      url: `/api/${call.path}`,
      async handler(request) {
        const caller = await callerFor(request);
        let body!: BodyOf<C>;
        const files = await receiveFiles(request, opts.storage, {
          prefix: 'facilities',
          maxFiles: FACILITY_MAX_FILES,
          tooManyFilesMessage: FACILITY_TOO_MANY_FILES_MESSAGE,
          before: async (fields) => {
            body = call.body!.parse(fields) as BodyOf<C>;
            await check(caller, body);
          },
        });
        const result = await handle(caller, body, files);
        const data = checkResponses ? call.data.parse(result.data) : result.data;
        return result.message === undefined ? { data } : { data, message: result.message };
      },
    });
  }

  upload(profileFacilityCreate, (caller, body) => facilities.checkCreate(caller, body), (caller, body, files) => facilities.create(caller, body, files));
  upload(profileFacilityUpdate, (caller, body) => facilities.checkUpdate(caller, body), (caller, body, files) => facilities.update(caller, body, files));

  app.route({
    method: 'GET',
    url: `/api/${profileFacilityDocumentDownload.path}`,
    async handler(request, reply) {
      const caller = await callerFor(request);
      const { id } = profileFacilityDocumentDownload.query!.parse(request.query ?? {});
      const { file, name, mime } = await facilities.downloadDocument(caller, id);
      return sendAttachment(reply, file, { name, mime });
    },
  });
}
