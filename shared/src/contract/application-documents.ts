import { z } from 'zod';
import { codeSentSchema, smsCodeSchema } from './auth';
import { documentSchema, idQuerySchema, idSchema, queryId } from './common';
import { defineCall } from './define';
import { signedDocumentSchema } from './application-shapes';
import { lazySchema } from './lazy-schema';

/**
 * Documents of an application (ARCHITECTURE §8 "Documents and signatures"; its payment files are
 * in application-payment.ts). Uploads are `multipart/form-data` with the file in field `file`:
 * `body` describes the other fields, which arrive as strings (hence `queryId`, not `idSchema`)
 * and come before the file. Downloads answer the bytes with `Content-Disposition: attachment`,
 * not the JSON envelope.
 */

const uploadFields = lazySchema(() => z.object({ id: queryId('Укажите заявку') }));
const idBody = lazySchema(() => z.object({ id: idSchema }));
/**
 * `seenDocument`: the id of the version the caller's page shows. A code asked for, or a signature
 * given, on a page that has not heard of a newer version (its live events lost) is refused (409
 * SEEN_DOCUMENT_CHANGED, SIGNED_DOCUMENT_REPLACED_MESSAGES), not bound to a version he never read
 * (QA BAD-1). Left out, the current version is the one, as before.
 */
const seenDocument = () => idSchema.optional();
const sendSmsBody = lazySchema(() => z.object({ id: idSchema, seenDocument: seenDocument() }));
const signBody = lazySchema(() => z.object({ id: idSchema, code: smsCodeSchema, seenDocument: seenDocument() }));

/** What signing a contract or report answers when the version the page showed was replaced since. */
export const SIGNED_DOCUMENT_REPLACED_MESSAGES = {
  contract: 'Договор заменён новой редакцией: прочитайте её и подпишите заново',
  report: 'Отчёт заменён новой редакцией: прочитайте его и подпишите заново',
} as const;

// The terms a signature is given under live with the public contract: the public page shows them.
export { SIGNING_TERMS_PATH, SIGNING_TERMS_VERSION } from './document';

/** A file of an application, answered as bytes (`Content-Disposition: attachment`) to its parties. */
export const applicationFileDownload = (path: string, summary: string) =>
  defineCall({ method: 'GET', path, auth: 'required', kind: 'download', summary, query: idQuerySchema, data: lazySchema(() => z.unknown()) });

/** One signed document's calls: upload, delete, a code by SMS, sign, download. */
function signedDocumentCalls(kind: 'contract' | 'document-report', label: string, labelAcc: string) {
  const base = `application/${kind}`;
  return {
    upload: defineCall({ method: 'POST', path: `${base}/upload`, auth: 'required', kind: 'upload', summary: `Загрузка ${label}`, body: uploadFields, data: signedDocumentSchema }),
    remove: defineCall({ method: 'POST', path: `${base}/delete`, auth: 'required', summary: `Удаление ${label}`, body: idBody, data: lazySchema(() => z.object({ id: idSchema })) }),
    sendSms: defineCall({ method: 'POST', path: `${base}/send/sms`, auth: 'required', summary: `Код для подписания ${label}`, body: sendSmsBody, data: codeSentSchema }),
    sign: defineCall({ method: 'POST', path: `${base}/sign`, auth: 'required', summary: `Подписать ${labelAcc} кодом из СМС`, body: signBody, data: signedDocumentSchema }),
    download: applicationFileDownload(`${base}/download`, `Скачивание ${label}`),
  };
}

const contract = signedDocumentCalls('contract', 'договора', 'договор');
export const applicationContractUpload = contract.upload;
export const applicationContractDelete = contract.remove;
export const applicationContractSendSms = contract.sendSms;
export const applicationContractSign = contract.sign;
export const applicationContractDownload = contract.download;

const report = signedDocumentCalls('document-report', 'отчёта', 'отчёт');
export const applicationReportUpload = report.upload;
export const applicationReportDelete = report.remove;
export const applicationReportSendSms = report.sendSms;
export const applicationReportSign = report.sign;
export const applicationReportDownload = report.download;

/**
 * A contract or report of a deal that ended (`pastDocuments` of `application/get`), by its id: to the
 * application's customer and to that deal's executor only.
 */
export const applicationPastDocumentDownload = applicationFileDownload(
  'application/past-document/download',
  'Скачивание договора или отчёта прекращённой сделки её участником',
);

/** Other files the customer attaches; `public` ones anyone may download (document.ts). */
export const applicationDocumentUpload = defineCall({
  method: 'POST',
  path: 'application/document/upload',
  auth: 'required',
  kind: 'upload',
  summary: 'Загрузка документа заявки',
  body: lazySchema(() => uploadFields.extend({
    public: z.enum(['true', 'false'], { error: 'Признак публичности: true или false' }).default('false').transform((v) => v === 'true'),
  })),
  data: documentSchema,
});

export const applicationDocumentDelete = defineCall({
  method: 'POST',
  path: 'application/document/delete',
  auth: 'required',
  summary: 'Удаление документа заявки',
  body: idBody,
  data: lazySchema(() => z.object({ id: idSchema })),
});

export const applicationDocumentDownload = applicationFileDownload('application/document/download', 'Скачивание документа заявки участником сделки');
