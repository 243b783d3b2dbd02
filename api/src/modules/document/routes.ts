import type { FastifyInstance } from 'fastify';
import { applicationDocumentPublicDownload, facilityDocumentPublicDownload, type CallContract } from 'shared/contract';
import type { RouteOptions } from '../../http/route-options';
import { documentRepository, type DownloadableDocument } from './repository';
import { attachmentDisposition, publicDownload } from './service';
import { localFileStorage, type FileStorage } from './storage';

/**
 * A download answers the file itself, not the JSON envelope, so it is an ordinary route
 * instead of registerCall; the query is still validated by the contract (a ZodError is a 422
 * in the error handler) and failures still become the failure envelope.
 */
export function registerPublicDownload(
  app: FastifyInstance,
  call: CallContract,
  find: (id: number) => Promise<DownloadableDocument | undefined>,
  storage: FileStorage,
): void {
  app.route({
    method: 'GET',
    url: `/api/${call.path}`,
    async handler(request, reply) {
      const { id } = call.query!.parse(request.query ?? {}) as { id: number };
      const { document, file } = await publicDownload(id, find, storage, (doc) =>
        request.log.warn({ documentId: doc.id, storageKey: doc.storageKey }, 'document file is missing'),
      );
      return reply
        .header('Content-Type', document.mimeType)
        .header('Content-Length', String(file.size))
        .header('Content-Disposition', attachmentDisposition(document.name))
        .header('X-Content-Type-Options', 'nosniff')
        // Visibility can change; a shared cache must not keep serving a document made private.
        .header('Cache-Control', 'private, no-cache')
        .send(file.stream);
    },
  });
}

/** Public downloads of facility and application documents (files under config.filesDir). */
export async function documentRoutes(app: FastifyInstance, opts: RouteOptions) {
  const storage = localFileStorage(opts.config.filesDir);
  const documents = documentRepository(app.db);
  registerPublicDownload(app, facilityDocumentPublicDownload, documents.findFacilityDocument, storage);
  registerPublicDownload(app, applicationDocumentPublicDownload, documents.findApplicationDocument, storage);
}
