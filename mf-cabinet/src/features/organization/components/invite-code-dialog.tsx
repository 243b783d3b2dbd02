import { useEffect, useRef, useState, type ReactNode } from 'react';
import { apiErrorText, Button, Dialog, FormAlert, formatDate, profileSwitchedMessage, quoted, TextField, useOneAtATime, useUpdateProfile } from 'shared';
import { DialogActions, DialogForm, INVITE_CODE_LENGTH } from 'shared/lk';
import { useApproveInviteCode } from '../api/approve-invite-code';
import { useCancelInviteCode } from '../api/cancel-invite-code';
import { useCheckInviteCode, type InviteOffer } from '../api/check-invite-code';
import { INVITE_APPROVED, INVITE_DECLINED, notifyError, notifySuccess } from '../notify';

type Step = { name: 'code' } | { name: 'offer'; code: string; invite: InviteOffer } | { name: 'joined'; invite: InviteOffer };

const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, INVITE_CODE_LENGTH);

/** One dialog through the steps: each step's first control takes the focus, the one before it is gone. */
function useFocusOnStep(step: string) {
  const ref = useRef<HTMLDivElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    ref.current?.querySelector<HTMLElement>('input, button:not([disabled])')?.focus();
  }, [step]);
  return ref;
}

/**
 * The invited user's side: the code from the SMS, then the organisation and position it offers,
 * accepted or declined; once accepted, the organisation can be made the active profile at once.
 */
export function InviteCodeDialog({ onClose }: { onClose: () => void }) {
  const [step, setStep] = useState<Step>({ name: 'code' });
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const check = useCheckInviteCode();
  const approve = useApproveInviteCode();
  const cancel = useCancelInviteCode();
  // A double click on «Принять» accepted the invite, then said «Приглашение не найдено».
  const approveOnce = useOneAtATime(approve);
  const cancelOnce = useOneAtATime(cancel);
  const switchProfile = useUpdateProfile();
  const switchOnce = useOneAtATime(switchProfile);
  const body = useFocusOnStep(step.name);
  const codeField = useRef<HTMLInputElement>(null);

  const onCheck = () => {
    if (code.length !== INVITE_CODE_LENGTH) {
      setFieldError(`Код приглашения — ${INVITE_CODE_LENGTH} цифр`);
      // From «Проверить код» too: the field to correct takes the focus, and with it its message is read.
      codeField.current?.focus();
      return;
    }
    setFieldError(undefined);
    check.mutate(code, { onSuccess: ({ data }) => setStep({ name: 'offer', code, invite: data }) });
  };

  let title = 'Код приглашения';
  let description: string | undefined = 'Руководитель организации отправил его вам в СМС.';
  let content: ReactNode;

  if (step.name === 'code') {
    content = (
      <DialogForm submitLabel="Проверить код" pending={check.isPending} alert={check.isError ? apiErrorText(check.error) : undefined} onSubmit={onCheck} onCancel={onClose}>
        <TextField
          ref={codeField}
          label="Код из СМС"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          // No maxLength: the browser would cut «6273 2675» pasted from the SMS before its space is dropped.
          value={code}
          error={fieldError}
          onChange={(event) => {
            setCode(digitsOnly(event.target.value));
            // What was said of the code before is stale once it changes.
            setFieldError(undefined);
            if (check.isError) check.reset();
          }}
        />
      </DialogForm>
    );
  } else if (step.name === 'offer') {
    const { invite } = step;
    const error = approve.error ?? cancel.error;
    const onApprove = () =>
      approveOnce(step.code, {
        onSuccess: ({ message }) => {
          notifySuccess(message, INVITE_APPROVED);
          setStep({ name: 'joined', invite });
        },
      });
    const onDecline = () =>
      cancelOnce(step.code, {
        onSuccess: ({ message }) => {
          notifySuccess(message, INVITE_DECLINED);
          onClose();
        },
      });
    title = 'Приглашение в организацию';
    description = undefined;
    content = (
      <>
        <FormAlert message={error ? apiErrorText(error) : undefined} />
        <dl className="org-details__list">
          <div className="org-details__row">
            <dt>Организация</dt>
            <dd>{invite.organization.name}</dd>
          </div>
          <div className="org-details__row">
            <dt>Должность</dt>
            <dd>{invite.position ?? 'Не указана'}</dd>
          </div>
          <div className="org-details__row">
            <dt>Действует до</dt>
            <dd>{formatDate(invite.expiresAt)}</dd>
          </div>
        </dl>
        <DialogActions>
          {/* The pressed button keeps the focus while busy; the other one waits for it. */}
          <Button loading={approve.isPending} disabled={cancel.isPending} onClick={onApprove}>
            Принять
          </Button>
          <Button variant="secondary" loading={cancel.isPending} disabled={approve.isPending} onClick={onDecline}>
            Отклонить
          </Button>
        </DialogActions>
      </>
    );
  } else {
    const { organization } = step.invite;
    const onSwitch = () =>
      switchOnce(
        { id: organization.id },
        {
          onSuccess: ({ data, message }) => {
            notifySuccess(message, profileSwitchedMessage(data.profile));
            onClose();
          },
          onError: (error) => notifyError(error),
        },
      );
    title = 'Вы в команде';
    description = `Теперь вы сотрудник организации ${quoted(organization.name)}.`;
    content = (
      <>
        <p>Чтобы действовать от её имени, переключитесь на неё — здесь или в меню профиля в шапке.</p>
        <DialogActions>
          <Button loading={switchProfile.isPending} onClick={onSwitch}>
            Переключиться на организацию
          </Button>
          <Button variant="ghost" onClick={onClose}>
            Позже
          </Button>
        </DialogActions>
      </>
    );
  }

  return (
    <Dialog title={title} description={description} onClose={onClose}>
      <div ref={body}>{content}</div>
    </Dialog>
  );
}
