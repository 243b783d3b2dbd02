import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import {
  ApiError,
  apiErrorText,
  bodySchemaOf,
  Button,
  clearFormFailure,
  CodeInput,
  Dialog,
  FieldRefusalStatus,
  FormAlert,
  formatDateTime,
  quoted,
  showFormFailure,
  toastFormFailure,
  useFieldRefusal,
  useOneAtATime,
  useSessionStore,
} from 'shared';
import { DialogActions, DialogForm, INVITE_CODE_LENGTH, userInviteCodeApprove } from 'shared/lk';
import { useApproveInviteCode } from '../api/approve-invite-code';
import { useCancelInviteCode } from '../api/cancel-invite-code';
import { useCheckInviteCode, type InviteOffer } from '../api/check-invite-code';
import { useSwitchToOrganization } from '../api/switch-to-organization';

type Step =
  | { name: 'code' }
  | { name: 'offer'; code: string; invite: InviteOffer }
  | { name: 'closed'; invite: InviteOffer; message: string }
  | { name: 'joined'; invite: InviteOffer };

/** The code the form checks is the one it then accepts or declines: the call's own rule judges it. */
const codeResolver = zodResolver(bodySchemaOf(userInviteCodeApprove));

/**
 * The server refused the code itself (unknown, expired, already answered, too many wrong ones):
 * said on the field, like its length. A failure of the service or the network is the form's.
 */
const refusesTheCode = (error: unknown) => error instanceof ApiError && error.status < 500;

/**
 * «Принять» or «Отклонить» refused because the offer is over: withdrawn by the director, its code
 * replaced by a new invite's, answered in another tab (404, 409). Neither can be pressed again.
 */
const endsTheOffer = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 409);

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
 * `onAccepted` hears the acceptance (the dialog stays, on «Вы в команде», until `onClose`).
 */
export function InviteCodeDialog({ onClose, onAccepted }: { onClose: () => void; onAccepted?: () => void }) {
  const [step, setStep] = useState<Step>({ name: 'code' });
  // Checked on «Проверить код» only, and what was said of the code goes as soon as it changes.
  const form = useForm({ resolver: codeResolver, defaultValues: { code: '' }, reValidateMode: 'onSubmit' });
  const { errors, isSubmitting } = form.formState;
  const codeField = form.register('code');
  // A refusal focuses the field, and the focus reads its message; sent with Enter from the field
  // (or a click, which leaves the focus there), nothing would be heard: then it is said as a status.
  const refusal = useFieldRefusal();
  const check = useCheckInviteCode();
  const approve = useApproveInviteCode();
  const cancel = useCancelInviteCode();
  // A double click on «Принять» accepted the invite, then said «Приглашение не найдено».
  const approveOnce = useOneAtATime(approve);
  const cancelOnce = useOneAtATime(cancel);
  const switchProfile = useSwitchToOrganization();
  const switchOnce = useOneAtATime(switchProfile);
  // The header offers the switch in its profile menu, or only «Выбрать профиль» without an active profile.
  const activeProfileId = useSessionStore((s) => s.activeProfile?.id ?? null);
  const body = useFocusOnStep(step.name);
  const offerId = useId();

  // A refused code, by the form's rule or the server, focuses the field (from «Проверить код» too),
  // and with it its message is read.
  const onCheck = form.handleSubmit(
    async ({ code }) => {
      try {
        const { data } = await check.mutateAsync(code);
        // The offer says the code is right: a wrong code's toast before is over.
        clearFormFailure();
        setStep({ name: 'offer', code, invite: data });
      } catch (error) {
        const message = apiErrorText(error);
        if (!refusesTheCode(error)) return showFormFailure(form, message, error);
        refusal.refuse({ code: message });
        form.setError('code', { type: 'server', message }, { shouldFocus: true });
        toastFormFailure(message, error);
      }
    },
    (refused) => refusal.refuse(refused),
  );

  let title = 'Код приглашения';
  let description: string | undefined = 'Руководитель организации отправил его вам в СМС.';
  let content: ReactNode;

  if (step.name === 'code') {
    content = (
      <DialogForm submitLabel="Проверить код" pending={isSubmitting} alert={errors.root?.server?.message} onSubmit={(event) => void onCheck(event)} onCancel={onClose}>
        {/* Named as its error names it («Код приглашения — 8 цифр», the contract's), its format said from the start (QA NN-5). */}
        <CodeInput
          {...codeField}
          label="Код приглашения"
          hint="8 цифр"
          length={INVITE_CODE_LENGTH}
          error={errors.code?.message}
          onChange={(event) => {
            // What was said of the code before is stale once it changes (the status line forgets it itself).
            form.clearErrors();
            return codeField.onChange(event);
          }}
        />
        <FieldRefusalStatus said={refusal.said} />
      </DialogForm>
    );
  } else if (step.name === 'offer') {
    const { invite } = step;
    const error = approve.error ?? cancel.error;
    // Refused: said by the alert above the offer, and shown as a toast. An offer that is over leaves
    // its buttons: what is left is why, and a way to another code.
    const onRefused = (refusal: unknown) => {
      const message = apiErrorText(refusal);
      toastFormFailure(message, refusal);
      if (endsTheOffer(refusal)) setStep({ name: 'closed', invite, message });
    };
    const onApprove = () =>
      // The answer is said by the mutation itself (heard after a close too).
      approveOnce(step.code, {
        onSuccess: () => {
          setStep({ name: 'joined', invite });
          onAccepted?.();
        },
        onError: onRefused,
      });
    const onDecline = () =>
      cancelOnce(step.code, { onSuccess: onClose, onError: onRefused });
    title = 'Приглашение в организацию';
    description = undefined;
    content = (
      <>
        <FormAlert message={error ? apiErrorText(error) : undefined} />
        <dl id={offerId} className="org-details__list">
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
            <dd>{formatDateTime(invite.expiresAt)}</dd>
          </div>
        </dl>
        <DialogActions>
          {/* The pressed button keeps the focus while busy; the other one waits for it. */}
          {/* It takes the focus as the offer shows: with it, what is accepted is heard. */}
          <Button loading={approve.isPending} disabled={cancel.isPending} aria-describedby={offerId} onClick={onApprove}>
            Принять
          </Button>
          <Button variant="secondary" loading={cancel.isPending} disabled={approve.isPending} onClick={onDecline}>
            Отклонить
          </Button>
        </DialogActions>
      </>
    );
  } else if (step.name === 'closed') {
    const anotherCode = () => {
      approve.reset();
      cancel.reset();
      form.reset({ code: '' });
      setStep({ name: 'code' });
    };
    title = 'Приглашение в организацию';
    description = undefined;
    content = (
      <>
        <FormAlert message={step.message} />
        <p>Организация: {step.invite.organization.name}</p>
        <DialogActions>
          <Button onClick={anotherCode}>Ввести другой код</Button>
          <Button variant="ghost" onClick={onClose}>
            Закрыть
          </Button>
        </DialogActions>
      </>
    );
  } else {
    const { organization } = step.invite;
    // The outcome is said by the mutation itself (heard after an Escape too); done, the dialog closes.
    const onSwitch = () => switchOnce({ id: organization.id }, { onSuccess: onClose });
    title = 'Вы в команде';
    description = `Теперь вы сотрудник организации ${quoted(organization.name)}.`;
    // One who acted for no profile yet acts for the organisation at once (the server chose it): no
    // switch to offer (QA ZZZ-2).
    content =
      activeProfileId === organization.id ? (
        <>
          <p>Вы уже действуете от её имени: она выбрана вашим профилем.</p>
          <DialogActions>
            <Button onClick={onClose}>Готово</Button>
          </DialogActions>
        </>
      ) : (
        <>
          <p>
            {activeProfileId !== null
              ? 'Чтобы действовать от её имени, переключитесь на неё — здесь или в меню профиля в шапке.'
              : 'Чтобы действовать от её имени, выберите её профиль — здесь или по ссылке «Выбрать профиль» в шапке.'}
          </p>
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
