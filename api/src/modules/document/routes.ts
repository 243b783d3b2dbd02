import type { FastifyInstance } from 'fastify';
import { applicationDocumentPublicDownload, facilityDocumentPublicDownload, type CallContract } from 'shared/contract';
import type { RouteOptions } from '../../http/route-options';
import { PUBLIC_FILE, sendAttachment } from '../../providers/storage/attachment';
import { documentService, type DocumentOwner, type DocumentService } from './service';
import type { FileStorage } from '../../providers/storage';

/**
 * A download answers the file itself, not the JSON envelope, so it is an ordinary route
 * instead of registerCall; the query is still validated by the contract (a ZodError is a 422
 * in the error handler) and failures still become the failure envelope.
 */
function registerPublicDownload(app: FastifyInstance, call: CallContract, owner: DocumentOwner, documents: DocumentService): void {
  app.route({
    method: 'GET',
    url: `/api/${call.path}`,
    async handler(request, reply) {
      const { id } = call.query!.parse(request.query ?? {}) as { id: number };
      const { document, file } = await documents.publicDownload(owner, id, (doc) =>
        request.log.warn({ documentId: doc.id, storageKey: doc.storageKey }, 'document file is missing'),
      );
      // Visibility can change: `private, no-cache` keeps a shared cache from serving one made private.
      return sendAttachment(reply, file, { name: document.name, mime: document.mimeType }, PUBLIC_FILE);
    },
  });
}

/** Public downloads of facility and application documents (files in the app's one storage: DATA_DIR/files or S3). */
export async function documentRoutes(app: FastifyInstance, opts: RouteOptions & { storage: FileStorage }) {
  const documents = documentService({ db: app.db, storage: opts.storage });
  registerPublicDownload(app, facilityDocumentPublicDownload, 'facility', documents);
  registerPublicDownload(app, applicationDocumentPublicDownload, 'application', documents);
}
