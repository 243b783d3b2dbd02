import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  applicationContractDelete,
  applicationContractDownload,
  applicationContractSendSms,
  applicationContractSign,
  applicationContractUpload,
  applicationDocumentDelete,
  applicationDocumentDownload,
  applicationDocumentUpload,
  applicationPastDocumentDownload,
  applicationReportDelete,
  applicationReportDownload,
  applicationReportSendSms,
  applicationReportSign,
  applicationReportUpload,
  type CallContract,
} from 'shared/contract';
import { callerRoutes } from '../../http/caller';
import { registerDownloadCall, registerUploadCall, type UploadHooks } from '../../http/file-calls';
import type { FileStorage } from '../../providers/storage';
import { receiveUpload } from '../../providers/storage/upload';
import type { FloodLimiter } from '../auth/rate-limit/flood-limits';
import type { DocumentsService, SignedSegment } from './documents-service';

export interface DocumentRouteOptions {
  checkResponses: boolean;
  documents: DocumentsService;
  storage: FileStorage;
  flood: FloodLimiter;
}

/** The document calls of ARCHITECTURE §8: uploads of one file each, downloads as bytes. */
export async function applicationDocumentRoutes(app: FastifyInstance, { checkResponses, documents, storage, flood }: DocumentRouteOptions) {
  const route = callerRoutes(app, { checkResponses });
  const receive = (request: FastifyRequest, hooks: UploadHooks) => receiveUpload(request, storage, { prefix: 'applications', ...hooks });

  const client = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? null });

  const signed = [
    ['contract', { upload: applicationContractUpload, remove: applicationContractDelete, sendSms: applicationContractSendSms, sign: applicationContractSign, download: applicationContractDownload }],
    ['document-report', { upload: applicationReportUpload, remove: applicationReportDelete, sendSms: applicationReportSendSms, sign: applicationReportSign, download: applicationReportDownload }],
  ] as const satisfies ReadonlyArray<readonly [SignedSegment, Record<string, CallContract>]>;

  for (const [segment, calls] of signed) {
    registerUploadCall(app, calls.upload, { checkResponses, flood }, {
      receive,
      check: (caller, body) => documents.mayUpload(caller, segment, body.id),
      handle: (caller, body, file, counts) => documents.upload(caller, segment, body.id, file, counts),
    });
    route(calls.remove, (caller, { body }) => documents.remove(caller, segment, body.id));
    route(calls.sendSms, (caller, { body, request }) => documents.sendSms(caller, segment, body, request.ip));
    route(calls.sign, (caller, { body, request }) => documents.sign(caller, segment, body, client(request)));
    registerDownloadCall(app, calls.download, (caller, id) => documents.download(caller, segment, id));
  }
  registerDownloadCall(app, applicationPastDocumentDownload, (caller, id) => documents.downloadPast(caller, id));

  registerUploadCall(app, applicationDocumentUpload, { checkResponses, flood }, {
    receive,
    check: (caller, body) => documents.mayUploadOther(caller, body.id),
    handle: (caller, body, file, counts) => documents.uploadOther(caller, body.id, body.public, file, counts),
  });
  route(applicationDocumentDelete, (caller, { body }) => documents.removeOther(caller, body.id));
  registerDownloadCall(app, applicationDocumentDownload, (caller, id) => documents.downloadOther(caller, id));
}
