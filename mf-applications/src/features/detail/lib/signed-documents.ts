import type { ApplicationLkDetail } from 'shared';
import {
  applicationContractDelete,
  applicationContractDownload,
  applicationContractSendSms,
  applicationContractSign,
  applicationContractUpload,
  applicationReportDelete,
  applicationReportDownload,
  applicationReportSendSms,
  applicationReportSign,
  applicationReportUpload,
  SEEN_DOCUMENT_CHANGED_MESSAGES,
  SIGNED_DOCUMENT_REPLACED_MESSAGES,
} from 'shared/lk';

/** A document uploaded and not yet signed by both sides: what holds the deal's next step (§8). */
export const awaitsSignatures = (document: { signatures: readonly unknown[] } | null): boolean => document !== null && document.signatures.length < 2;

/** The two documents signed by SMS code: their calls and what the page says about them. */
export const SIGNED_DOCUMENTS = {
  contract: {
    prefix: 'application/contract',
    title: 'Договор',
    empty: 'Договор ещё не загружен.',
    fallbackName: 'Договор',
    replaceLabel: 'Заменить договор',
    messages: {
      uploaded: 'Договор загружен',
      deleted: 'Договор удалён',
      signed: 'Договор подписан',
      replaced: SIGNED_DOCUMENT_REPLACED_MESSAGES.contract,
    },
    signTitle: 'Подписать договор',
    deleteTitle: 'Удалить договор?',
    replaceTitle: 'Заменить договор?',
    /** What waits for the new edition's two signatures (§8: starting work needs them). */
    replaceEffect: 'До этого начать работу будет нельзя.',
    /** The body field of the step taken on it (starting work) that names the version seen. */
    seenField: 'seenContract',
    calls: {
      upload: applicationContractUpload,
      remove: applicationContractDelete,
      sendSms: applicationContractSendSms,
      sign: applicationContractSign,
      download: applicationContractDownload,
    },
  },
  report: {
    prefix: 'application/document-report',
    title: 'Отчёт о выполнении',
    empty: 'Отчёт ещё не загружен.',
    fallbackName: 'Отчёт',
    replaceLabel: 'Заменить отчёт',
    messages: {
      uploaded: 'Отчёт загружен',
      deleted: 'Отчёт удалён',
      signed: 'Отчёт подписан',
      replaced: SIGNED_DOCUMENT_REPLACED_MESSAGES.report,
    },
    signTitle: 'Подписать отчёт',
    deleteTitle: 'Удалить отчёт?',
    replaceTitle: 'Заменить отчёт?',
    /** What waits for the new edition's two signatures (§8: `verification` needs them). */
    replaceEffect: 'До этого принять работу будет нельзя.',
    /** The body field of the step taken on it (accepting the work) that names the version seen. */
    seenField: 'seenReport',
    calls: {
      upload: applicationReportUpload,
      remove: applicationReportDelete,
      sendSms: applicationReportSendSms,
      sign: applicationReportSign,
      download: applicationReportDownload,
    },
  },
} as const;

export type SignedDocumentKind = keyof typeof SIGNED_DOCUMENTS;

/**
 * The version of `kind` the page shows (null: none uploaded) for a step taken on it: the body
 * field that names it, and what the API answers (409) and the page says when another is shown.
 */
export function seenDocument(kind: SignedDocumentKind, detail: Pick<ApplicationLkDetail, SignedDocumentKind>) {
  const version = detail[kind]?.id ?? null;
  return { version, body: { [SIGNED_DOCUMENTS[kind].seenField]: version }, changed: SEEN_DOCUMENT_CHANGED_MESSAGES[kind] };
}
