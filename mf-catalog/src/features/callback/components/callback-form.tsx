import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import {
  apiErrorText,
  applyFieldErrors,
  bodySchemaOf,
  bus,
  Button,
  CALLBACK_ERROR_MESSAGE,
  callbackCreate,
  FormAlert,
  isApiError,
  PhoneInput,
  SERVER_ERROR_FIELD,
  TextField,
  whenZodReady,
} from 'shared';
import { useAfterHydration } from '../../../lib/use-hydrated';
import { useCreateCallback } from '../api/create-callback';
import './callback.css';

const schema = bodySchemaOf(callbackCreate);
// Made on the first validation: zod arrives after the page's first paint (shared/src/zod/on-demand.ts).
const resolver = whenZodReady(() => zodResolver(schema));
const FIELDS = ['name', 'phone', 'email', 'comment'] as const;
export const CALLBACK_SUCCESS_MESSAGE = 'Заявка принята: мы перезвоним в рабочее время';

/** The server's message, or the spec's fallback when there is none (or no server was reached). */
function failureText(error: unknown): string {
  return isApiError(error) && !error.isNetworkError ? apiErrorText(error, CALLBACK_ERROR_MESSAGE) : CALLBACK_ERROR_MESSAGE;
}

export function CallbackForm() {
  const commentId = useId();
  const { mutateAsync } = useCreateCallback();
  const form = useForm({
    resolver,
    defaultValues: { name: '', phone: '', email: '', comment: '' },
  });
  const { register, handleSubmit, reset, formState } = form;
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (body) => {
    try {
      const { message } = await mutateAsync(body);
      bus.emit('toast:show', { type: 'success', message: message || CALLBACK_SUCCESS_MESSAGE });
      reset();
    } catch (error) {
      applyFieldErrors(error, form, FIELDS);
      form.setError(SERVER_ERROR_FIELD as 'root.server', { type: 'server', message: failureText(error) });
    }
  });

  const commentError = errors.comment?.message;
  // The server's HTML holds the form before its scripts run. Sent then (or without scripts) it
  // would be the browser's own GET, with the name and phone in the address, the history and the
  // logs, and nothing sent: the button waits for the page to hydrate.
  const ready = useAfterHydration(true, false);

  return (
    <form className="callback-form" onSubmit={onSubmit} noValidate aria-labelledby="callback-title">
      <h2 id="callback-title">Заказать обратный звонок</h2>
      <p className="callback-form__lead">Оставьте номер — менеджер перезвонит в рабочее время и ответит на вопросы.</p>
      <FormAlert message={errors.root?.server?.message} />
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
