import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router-dom';
import {
  apiErrorText,
  applyFieldErrors,
  bodySchemaOf,
  bus,
  Button,
  CALLBACK_ERROR_MESSAGE,
  callbackCreate,
  FormAlert,
  formatPhone,
  isApiError,
  PhoneInput,
  showFormFailure,
  TextField,
  useFormRefusal,
  useSessionStore,
  whenZodReady,
  type SessionUser,
} from 'shared';
import { CALLBACK_FORM_ID } from '../../../lib/callback-link';
import { useAfterHydration } from '../../../lib/use-hydrated';
import { useCreateCallback } from '../api/create-callback';
import './callback.css';

const schema = bodySchemaOf(callbackCreate);
// Made on the first validation: zod arrives after the page's first paint (shared/src/zod/on-demand.ts).
const resolver = whenZodReady(() => zodResolver(schema));
const FIELDS = ['name', 'phone', 'email', 'comment'] as const;
export const CALLBACK_SUCCESS_MESSAGE = 'Заявка принята: мы перезвоним в рабочее время';

/** A signed-in visitor's own contacts: he need not type them (empty for a guest). */
function contactsOf(user: SessionUser | null) {
  return { name: user?.name ?? '', phone: user ? formatPhone(user.phone) : '', email: user?.email ?? '', comment: '' };
}

/** The server's message, or the spec's fallback when there is none (or no server was reached). */
function failureText(error: unknown): string {
  return isApiError(error) && !error.isNetworkError ? apiErrorText(error, CALLBACK_ERROR_MESSAGE) : CALLBACK_ERROR_MESSAGE;
}

export function CallbackForm() {
  const commentId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const { hash } = useLocation();
  // Come by a link to the form: the app's navigation starts a new page at its top (the browser's
  // own jump to #callback happens on a full load only), so the form is shown and focused here, as
  // that jump would for a keyboard.
  useEffect(() => {
    if (hash !== `#${CALLBACK_FORM_ID}`) return;
    formRef.current?.scrollIntoView?.();
    formRef.current?.focus({ preventScroll: true });
  }, [hash]);
  const { mutateAsync } = useCreateCallback();
  const form = useForm({
    resolver,
    defaultValues: { name: '', phone: '', email: '', comment: '' },
  });
  const { register, reset, formState } = form;
  const { errors, isSubmitting } = formState;
  // A refusal (the form's check or the server's) focuses its field, whose message the focus reads;
  // sent with Enter from that field, the focus is there already: the message is said as a status.
  const refusal = useFormRefusal(form);
  const user = useSessionStore((s) => s.user);
  // After hydration (the server's HTML has the empty form), and whenever the account changes: the
  // fields become its contacts, but for what the visitor has typed already. A later reset() (a sent
  // request) comes back to them too.
  useEffect(() => {
    reset(contactsOf(user), { keepDirtyValues: true });
  }, [user, reset]);

  const onSubmit = refusal.handleSubmit(async (body) => {
    try {
      const { message } = await mutateAsync(body);
      bus.emit('toast:show', { type: 'success', message: message || CALLBACK_SUCCESS_MESSAGE });
      reset();
    } catch (error) {
      applyFieldErrors(error, refusal, FIELDS);
      showFormFailure(form, failureText(error), error);
    }
  });

  const commentError = errors.comment?.message;
  // The server's HTML holds the form before its scripts run. Sent then (or without scripts) it
  // would be the browser's own GET, with the name and phone in the address, the history and the
  // logs, and nothing sent: the button waits for the page to hydrate.
  const ready = useAfterHydration(true, false);

  return (
    <form ref={formRef} id={CALLBACK_FORM_ID} tabIndex={-1} className="callback-form" onSubmit={onSubmit} noValidate aria-labelledby="callback-title">
      <h2 id="callback-title">Заказать обратный звонок</h2>
      <p className="callback-form__lead">Оставьте номер — менеджер перезвонит в рабочее время и ответит на вопросы.</p>
      <FormAlert message={errors.root?.server?.message} pending={isSubmitting} />
      <TextField label="Имя" autoComplete="name" error={errors.name?.message} {...register('name')} />
      <PhoneInput label="Телефон" error={errors.phone?.message} {...register('phone')} />
      <TextField
        label="Электронная почта (необязательно)"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <div className={commentError ? 'ui-field ui-field--invalid' : 'ui-field'}>
        <label htmlFor={commentId} className="ui-field__label">
          Комментарий (необязательно)
        </label>
        <textarea
          id={commentId}
          className="callback-form__comment"
          rows={4}
          maxLength={1000}
          aria-invalid={commentError ? true : undefined}
          aria-describedby={commentError ? `${commentId}-error` : undefined}
          {...register('comment')}
        />
        {commentError && (
          <p id={`${commentId}-error`} className="ui-field__error">
            {commentError}
          </p>
        )}
      </div>
      {refusal.status}
      <p className="callback-form__consent">
        Нажимая «Заказать звонок», вы соглашаетесь с <Link to="/privacy-policy">политикой обработки персональных данных</Link>.
      </p>
      <Button type="submit" loading={isSubmitting} disabled={!ready}>
        Заказать звонок
      </Button>
      <noscript>
        <p className="callback-form__consent">Чтобы отправить форму, включите в браузере JavaScript.</p>
      </noscript>
    </form>
  );
}
