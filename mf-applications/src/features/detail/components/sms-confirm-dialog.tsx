import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { apiFieldErrors, bus, clearFormFailure, CodeInput, FieldRefusalStatus, forgetSentCode, hasSentCode, isSpentCodeError, isStale, rememberSentCode, ResendCode, SMS_SEND_ERROR_MESSAGE, sentEarlier, smsCodeSchema, TextAreaField, toastFormFailure, useFieldRefusal, useFocusFirstInvalid, useOneAtATime, useSmsCountdown, wasCodeSpent } from 'shared';
import { FormDialog } from 'shared/lk';
import { failureText, useRefreshApplications, type DetailRequest } from '../api/use-detail-action';
import { useDialogAction } from '../hooks/use-dialog-action';
import { validateBody, type BodySchema } from '../lib/form';

export interface SmsConfirmDialogProps {
  title: string;
  description: ReactNode;
  submitLabel: string;
  /**
   * What the code is for, one key per document and application (`contract-sign:73`): a code sent
   * for it and not yet used brings the dialog back to the code's field, after «Отмена» or a reload.
   */
  codePurpose: string;
  /** Sends the code to the caller's own phone; answers `codeReceived` (Unix seconds). */
  sendCode: () => Promise<{ data: { codeReceived: number } }>;
  /** The call made with the code (and the optional comment when `commentLabel` is given). */
  confirm: (code: string, comment: string) => DetailRequest;
  commentLabel?: string;
  /**
   * The comment's key in the call's body (the cancel's `reason`) and the body's schema: the comment
   * is checked as the API checks it, and a refusal of it, the check's or the API's 422, is said under
   * its field, not as «Проверьте правильность заполнения полей» beside the code's (QA AAQ-4).
   */
  commentCheck?: { field: string; schema: BodySchema<unknown>; body: (code: string, comment: string) => unknown };
  /** The confirmed action cannot be undone (the executor's cancel): its button in the danger colour, as the one that opened it. */
  danger?: boolean;
  onClose: () => void;
  /** After a success (default: close the dialog); the executor's cancel leaves for the list (spec §2). */
  onDone?: () => void;
}

/**
 * An action confirmed by an SMS code (signing a document, the executor's cancel): «Получить код»,
 * then the 6-digit code with the 60-second countdown before «Отправить код повторно». A code sent
 * for the same purpose in the last 10 minutes is asked for straight away: sending another would
 * only spend the phone's hourly SMS limit. A code refused for good (5 wrong tries, expired) leads
 * to a new one: its field is emptied and the submit unavailable until then, the wait says when it
 * may be asked for (the API sends none sooner than 60 s after the last), then «Отправить код
 * повторно» takes the focus.
 */
export function SmsConfirmDialog({ title, description, submitLabel, codePurpose, sendCode, confirm, commentLabel, commentCheck, danger = false, onClose, onDone }: SmsConfirmDialogProps) {
  const countdown = useSmsCountdown();
  const refresh = useRefreshApplications();
  const [sent, setSent] = useState(() => hasSentCode(codePurpose));
  const [code, setCode] = useState('');
  const [comment, setComment] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [commentError, setCommentError] = useState<string>();
  const commentInput = useRef<HTMLTextAreaElement>(null);
  /** The code sent can no longer be used (tries spent, expired): only a new one leads on. */
  const [spent, setSpent] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);
  const { submit, pending, alert, setAlert } = useDialogAction(onClose, onDone);
  /** Says a wrong code's message when the field refused has the focus already (Enter in it). */
  const codeRefusal = useFieldRefusal();

  const send = useMutation({
    mutationFn: sendCode,
    onMutate: () => setAlert(undefined),
    onSuccess: ({ data }) => {
      // The code's field says it was sent: a refused send's toast before is over.
      clearFormFailure();
      countdown.start(data.codeReceived);
      rememberSentCode(codePurpose, data.codeReceived);
      // A new code: the one typed for the old code (refused, or not yet sent) goes, with its error.
      setCode('');
      setCodeError(undefined);
      codeRefusal.refuse({});
      setSpent(false);
      // The first send mounts the field (autoFocus); a resend takes focus off the vanished button.
      codeInput.current?.focus();
      setSent(true);
    },
    onError: (error) => {
      const text = failureText(error, SMS_SEND_ERROR_MESSAGE);
      // Too soon after a code sent to this phone (from another tab or device): that code may be
      // the one, so its field opens with the server's wait counted down, not a dead end. Unless
      // its tries were spent here (the dialog closed and opened again since): the wait is then
      // for a new one. A refusal by the SMS limits sent nothing: there is no code to wait for.
      const earlier = sentEarlier(error);
      if (earlier) {
        const { codeReceived } = earlier;
        countdown.start(codeReceived);
        const spentHere = wasCodeSpent(codePurpose);
        // Remembered as a code sent here: «Отмена» and a reopening, or a reload, come back to its
        // field instead of another «Получить код» and the same refusal.
        if (!spentHere) rememberSentCode(codePurpose, codeReceived);
        setSpent(spentHere);
        setSent(true);
        // «Отправить код повторно» gives way to the countdown: the focus goes to the field, not to
        // the page (the first send mounts the field, which takes it by autoFocus).
        codeInput.current?.focus();
      }
      if (!isStale(error)) {
        setAlert(text);
        return toastFormFailure(text, error);
      }
      bus.emit('toast:show', { type: 'error', message: text });
      onClose();
      void refresh();
    },
  });

  // A double click on «Получить код» asked twice, and the second answer was a 429.
  const sendOnce = useOneAtATime(send);

  const refused = useFocusFirstInvalid();

  /**
   * A wrong code (the API's message on the field `code`) is said at the field, as on the other code
   * forms (shell, cabinet), and the focus goes there to type it again. A code refused for good
   * stays the dialog's alert: its field is of no use any more, and «Отправить код повторно» takes
   * the focus as it comes.
   */
  const refuseAtField = (error: unknown): boolean => {
    const atComment = commentCheck && apiFieldErrors(error, [commentCheck.field])[commentCheck.field];
    if (atComment) {
      codeRefusal.refuse({ [commentCheck.field]: atComment });
      setCommentError(atComment);
      commentInput.current?.focus();
      return true;
    }
    const message = apiFieldErrors(error, ['code']).code;
    if (!message || isSpentCodeError(error)) return false;
    codeRefusal.refuse({ code: message });
    setCodeError(message);
    codeInput.current?.focus();
    return true;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!sent) return sendOnce(undefined);
    const checked = smsCodeSchema.safeParse(code);
    const wrong = checked.success ? undefined : checked.error.issues[0]?.message;
    setCodeError(wrong);
    if (!checked.success) {
      // Sent with Enter from the code's field, the focus is there already: its message is said as a status.
      codeRefusal.refuse({ code: wrong });
      return refused(event);
    }
    if (commentCheck) {
      const body = validateBody(commentCheck.schema, commentCheck.body(checked.data, comment.trim()));
      const wrongComment = body.ok ? undefined : body.errors[commentCheck.field];
      setCommentError(wrongComment);
      if (wrongComment) {
        codeRefusal.refuse({ [commentCheck.field]: wrongComment });
        return refused(event);
      }
    }
    const request = confirm(checked.data, comment.trim());
    submit({
      ...request,
      run: async () => {
        try {
          const answer = await request.run();
          forgetSentCode(codePurpose);
          return answer;
        } catch (error) {
          // Refused for good: the dialog leads to a new code, and opened again it starts with «Получить код».
          // The code typed goes, and the submit waits for a new one: each press was another refusal.
          if (isSpentCodeError(error)) {
            forgetSentCode(codePurpose, { spent: true });
            setSpent(true);
            setCode('');
            setCodeError(undefined);
          }
          throw error;
        }
      },
    }, refuseAtField);
  };

  return (
    <FormDialog
      title={title}
      description={description}
      submitLabel={sent ? submitLabel : 'Получить код'}
      danger={sent && danger}
      pending={sent ? pending : send.isPending}
      submitDisabled={sent && spent}
      alert={alert}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      {sent && (
        <>
          {/* Not once the code is spent: the alert says it can no longer be used, only a new one leads on. */}
          {!spent && <p className="detail-form__lead">Код отправлен в СМС на ваш номер телефона.</p>}
          <CodeInput ref={codeInput} name="code" autoFocus value={code} onChange={(event) => setCode(event.target.value)} error={codeError} />
          <FieldRefusalStatus said={codeRefusal.said} />
          <ResendCode seconds={countdown.seconds} onResend={() => sendOnce(undefined)} pending={send.isPending} spent={spent} />
          {commentLabel && (
            <TextAreaField
              ref={commentInput}
              name={commentCheck?.field}
              textareaClassName="detail-textarea"
              label={commentLabel}
              value={comment}
              onChange={(event) => {
                setComment(event.target.value);
                setCommentError(undefined);
              }}
              error={commentError}
              maxLength={2000}
            />
          )}
        </>
      )}
    </FormDialog>
  );
}
