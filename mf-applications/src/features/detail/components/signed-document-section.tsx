import { useCallback, useId, useState } from 'react';
import {
  alreadySignedMessage,
  apiRequest,
  bus,
  Button,
  downloadFile,
  errorMessage,
  forgetSentCode,
  formatDate,
  formatDateTime,
  formatFileSize,
  isStale,
  quoted,
  SMS_SEND_ERROR_MESSAGE,
  useSessionStore,
  type ApplicationLkDetail,
} from 'shared';
import { FileUpload, FormDialog, SIGNING_TERMS_PATH, SIGNING_TERMS_VERSION, UPLOAD_ERROR_MESSAGE } from 'shared/lk';
import { useRefreshApplications } from '../api/use-detail-action';
import { useDialogAction } from '../hooks/use-dialog-action';
import { useDownload } from '../hooks/use-download';
import { ACTION_GONE_MESSAGE, useOfferedDialog } from '../hooks/use-offered-dialog';
import { useReplacementQuestion, type ReplacementAsked } from '../hooks/use-replacement-question';
import { actionLabel } from '../lib/action-map';
import { SIGN_ERROR_MESSAGE } from '../lib/labels';
import { SIGNED_DOCUMENTS, type SignedDocumentKind } from '../lib/signed-documents';
import { Signatures } from './signatures';
import { SmsConfirmDialog } from './sms-confirm-dialog';

/** `signed`: the document has a signature, which goes with it (else nothing is said of signatures: QA AAF-3). */
function DeleteDocumentDialog({ kind, applicationId, signed, onClose }: { kind: SignedDocumentKind; applicationId: number; signed: boolean; onClose: () => void }) {
  const spec = SIGNED_DOCUMENTS[kind];
  const { submit, pending, alert } = useDialogAction(onClose);
  return (
    <FormDialog
      title={spec.deleteTitle}
      description={signed ? 'Подписи этого документа будут удалены вместе с ним.' : undefined}
      submitLabel="Удалить"
      pending={pending}
      alert={alert}
      onSubmit={() => submit({ run: () => apiRequest(spec.calls.remove, { body: { id: applicationId } }), success: spec.messages.deleted })}
      onClose={onClose}
    />
  );
}

/**
 * A new edition drops the signatures of the one it replaces (the API's rule), and both sides sign it
 * again: asked first, as a delete is (useReplacementQuestion); «Заменить» lets it go up.
 */
function ReplaceDocumentDialog({ kind, asked, onClose }: { kind: SignedDocumentKind; asked: ReplacementAsked; onClose: () => void }) {
  const spec = SIGNED_DOCUMENTS[kind];
  return (
    <FormDialog
      title={spec.replaceTitle}
      description={`Подписи этого документа будут удалены: новую редакцию должны будут подписать обе стороны. ${spec.replaceEffect}`}
      submitLabel="Заменить"
      pending={false}
      onSubmit={() => {
        asked.proceed();
        onClose();
      }}
      onClose={() => {
        asked.abandon();
        onClose();
      }}
    />
  );
}

/** What a sign code is remembered under (SmsConfirmDialog `codePurpose`): one per edition of the document. */
const signPurpose = (kind: SignedDocumentKind, applicationId: number, documentId: number) => `${kind}-sign:${applicationId}:${documentId}`;

/**
 * The edition the sign dialog was opened for, open while the caller may still sign it. When another
 * replaces it (the other party uploaded a new one) or it is deleted, the dialog closes and says so:
 * a code sent for the edition read would not sign the new one, and the new one is to be read before
 * signing. When the caller's side has signed it meanwhile (in another tab, or, for an organisation,
 * a colleague: its director), it closes and says who signed; when signing is no longer offered for
 * another reason, it closes as any dialog whose action went (useOfferedDialog).
 */
function useSigning(kind: SignedDocumentKind, detail: ApplicationLkDetail, asCustomer: boolean, offered: boolean) {
  const spec = SIGNED_DOCUMENTS[kind];
  const asOrganization = useSessionStore((s) => s.activeProfile?.type === 'organization');
  const document = detail[kind];
  const side = document?.signatures.find((signature) => signature.party === (asCustomer ? 'customer' : 'executor'));
  const forget = useCallback((opened: number) => forgetSentCode(signPurpose(kind, detail.id, opened)), [kind, detail.id]);
  const dialog = useOfferedDialog<number>((opened) => {
    if (!document) return spec.messages.deleted;
    if (document.id !== opened) return spec.messages.replaced;
    // An organisation's signature names the member who made it (its profile's name, then his).
    if (side) return asOrganization ? `${alreadySignedMessage(kind, true)} — ${side.signerName}` : alreadySignedMessage(kind, false);
    return offered ? null : ACTION_GONE_MESSAGE;
  }, forget);
  return { open: document !== null && dialog.subject !== null, start: () => document && dialog.open(document.id), close: dialog.close };
}

/** The contract or the report: the file, its signatures, and the calls the caller may make on it. */
export function SignedDocumentSection({ kind, detail, asCustomer }: { kind: SignedDocumentKind; detail: ApplicationLkDetail; asCustomer: boolean }) {
  const headingId = useId();
  const spec = SIGNED_DOCUMENTS[kind];
  const [deleting, setDeleting] = useState(false);
  const download = useDownload();
  const refresh = useRefreshApplications();
  const document = detail[kind];
  const id = detail.id;
  const allowed = new Set(detail.allowedActions);
  const can = (operation: string) => allowed.has(`${spec.prefix}/${operation}`);
  const signing = useSigning(kind, detail, asCustomer, can('send/sms') || can('sign'));
  const organization = useSessionStore((s) => (s.activeProfile?.type === 'organization' ? s.activeProfile.name : null));
  const replacement = useReplacementQuestion(Boolean(document && document.signatures.length > 0));
  const operations = ['upload', 'delete', 'send/sms', 'sign', 'download'];
  const expected = kind === 'contract' && detail.status === 'executor_named';
  if (!document && !expected && !operations.some(can)) return null;

  return (
    <section ref={replacement.section} className="detail-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{spec.title}</h2>
      {document ? (
        <div className="detail-document">
          <p className="detail-document__name">{document.name}</p>
          <p className="detail-muted">
            {formatFileSize(document.sizeBytes)} · загружен <time dateTime={document.uploadedAt}>{formatDateTime(document.uploadedAt)}</time>
          </p>
          <Signatures document={document} />
        </div>
      ) : (
        <p className="detail-muted">{spec.empty}</p>
      )}
      <div className="detail-buttons">
        {document && (can('send/sms') || can('sign')) && (
          <Button size="sm" aria-haspopup="dialog" onClick={signing.start}>
            {actionLabel(`${spec.prefix}/sign`)}
          </Button>
        )}
        {document && can('download') && (
          <Button
            size="sm"
            variant="secondary"
            loading={download.pending}
            onClick={() => download.start(() => downloadFile(spec.calls.download, { id }, document.name || spec.fallbackName))}
          >
            {actionLabel(`${spec.prefix}/download`)}
          </Button>
        )}
        {document && can('delete') && (
          <Button size="sm" variant="ghost" className="detail-action--danger" aria-haspopup="dialog" onClick={() => setDeleting(true)}>
            {actionLabel(`${spec.prefix}/delete`)}
          </Button>
        )}
      </div>
      {can('upload') && (
        <FileUpload
          label={document ? spec.replaceLabel : actionLabel(`${spec.prefix}/upload`)}
          call={spec.calls.upload}
          fields={{ id: String(id) }}
          announceUploaded={false}
          askFirst={replacement.askFirst}
          // Refused as the deal moved on unheard (stopped, cancelled, the executor changed): said as
          // every stale step is, and the page reads itself again (QA BAD-2: it kept offering payment).
          onFailed={(error) => {
            if (!isStale(error)) return;
            bus.emit('toast:show', { type: 'error', message: errorMessage(error, UPLOAD_ERROR_MESSAGE) });
            void refresh();
          }}
          onUploaded={() => {
            bus.emit('toast:show', { type: 'success', message: spec.messages.uploaded });
            void refresh();
          }}
        />
      )}
      {document && signing.open && (
        <SmsConfirmDialog
          title={spec.signTitle}
          description={
            <>
              «{document.name || spec.fallbackName}».{' '}
              {/* A member signs for the organisation, not for himself (QA L O-1): said before the code goes. */}
              {organization && `Вы подписываете от имени организации ${quoted(organization)}. `}
              Пришлём код в СМС на ваш номер. Подписывая, вы соглашаетесь с{' '}
              {/* In a new tab: the dialog, and a code sent already, stay where they are. */}
              <a href={SIGNING_TERMS_PATH} target="_blank" rel="noopener">
                условиями простой электронной подписи
                <span className="ui-visually-hidden"> (откроются в новой вкладке)</span>
              </a>{' '}
              (редакция от {formatDate(SIGNING_TERMS_VERSION)}).
            </>
          }
          submitLabel="Подписать"
          codePurpose={signPurpose(kind, id, document.id)}
          // The edition shown, named: a page that missed its replacement (its live events lost) is
          // refused and brought up to date, not given a code for one never read (QA BAD-1).
          sendCode={() => apiRequest(spec.calls.sendSms, { body: { id, seenDocument: document.id }, errorMessage: SMS_SEND_ERROR_MESSAGE })}
          confirm={(code) => ({
            run: () =>
              apiRequest(spec.calls.sign, { body: { id, code, seenDocument: document.id }, errorMessage: SIGN_ERROR_MESSAGE }).catch((error: unknown) => {
                // A refused code may be one sent for an edition replaced since, on a page that has
                // not heard of it: the page catches up (a stale refusal is refetched anyway).
                if (!isStale(error)) void refresh();
                throw error;
              }),
            success: spec.messages.signed,
            errorFallback: SIGN_ERROR_MESSAGE,
            // The edition read, signed on the caller's side.
            landed: { id, when: (fresh) => fresh[kind]?.id === document.id && fresh[kind].signatures.some((s) => s.party === (asCustomer ? 'customer' : 'executor')) },
          })}
          onClose={signing.close}
        />
      )}
      {replacement.asked && <ReplaceDocumentDialog kind={kind} asked={replacement.asked} onClose={replacement.close} />}
      {deleting && <DeleteDocumentDialog kind={kind} applicationId={id} signed={(document?.signatures.length ?? 0) > 0} onClose={() => setDeleting(false)} />}
    </section>
  );
}
