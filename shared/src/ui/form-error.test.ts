import { ApiError } from '../api/api-error';
import { bus, type AppEvents } from '../bus';
import { apiErrorText, applyApiError, formatWait, notDoneText, showFormFailure } from './form-error';

const toasts: Array<AppEvents['toast:show']> = [];
beforeEach(() => {
  toasts.length = 0;
  bus.clear();
  bus.on('toast:show', (toast) => toasts.push(toast));
});

function target() {
  const errors: Record<string, { message: string; focus?: boolean | undefined }> = {};
  return {
    errors,
    setError(name: string, error: { message: string }, options?: { shouldFocus?: boolean }) {
      errors[name] = { message: error.message, focus: options?.shouldFocus };
    },
  };
}

describe('applyApiError', () => {
  it('puts the server field errors on the shown fields, focusing the first, and the message on the form', () => {
    const form = target();
    const error = new ApiError({
      status: 422,
      code: 'validation',
      message: 'Проверьте данные',
      errors: { phone: 'Телефон уже зарегистрирован', password: 'Слишком простой', extra: 'Не показывается' },
    });
    applyApiError(error, form, ['phone', 'password']);
    expect(form.errors).toEqual({
      phone: { message: 'Телефон уже зарегистрирован', focus: true },
      password: { message: 'Слишком простой', focus: false },
      'root.server': { message: 'Проверьте данные', focus: undefined },
    });
  });

  it('does not repeat above the form what a shown field says (a wrong SMS code)', () => {
    const form = target();
    const error = new ApiError({ status: 422, code: 'code_invalid', message: 'Неверный код, осталось попыток: 4', errors: { code: 'Неверный код, осталось попыток: 4' } });
    applyApiError(error, form, ['code']);
    expect(form.errors).toEqual({ code: { message: 'Неверный код, осталось попыток: 4', focus: true } });
    // A field the form does not show: the message goes above it.
    const other = target();
    applyApiError(error, other, []);
    expect(other.errors).toEqual({ 'root.server': { message: 'Неверный код, осталось попыток: 4', focus: undefined } });
  });

  it('uses the fallback for a failure that is not an API answer', () => {
    const form = target();
    applyApiError(new Error('boom'), form, [], 'Не удалось отправить код');
    expect(form.errors['root.server']?.message).toBe('Не удалось отправить код');
  });
});

describe('a failed call is an error toast too (spec §7), silent: the form says its words', () => {
  it('the message put above the form', () => {
    const form = target();
    applyApiError(new ApiError({ status: 401, code: 'invalid_credentials', message: 'Неверный телефон или пароль' }), form, ['phone', 'password']);
    expect(form.errors['root.server']?.message).toBe('Неверный телефон или пароль');
    expect(toasts).toEqual([{ type: 'error', message: 'Неверный телефон или пароль', silent: true }]);
  });

  it('the message a shown field says, the 429 wait, and the fallback of a failure that is not an API answer', () => {
    const refused = new ApiError({ status: 422, code: 'code_invalid', message: 'Неверный код, осталось попыток: 4', errors: { code: 'Неверный код, осталось попыток: 4' } });
    applyApiError(refused, target(), ['code']);
    applyApiError(new ApiError({ status: 429, code: 'rate_limited', message: 'Слишком много запросов', retryAfter: 45 }), target(), []);
    applyApiError(new Error('boom'), target(), [], 'Не удалось отправить код');
    expect(toasts.map((toast) => [toast.message, toast.type, toast.silent])).toEqual([
      ['Неверный код, осталось попыток: 4', 'error', true],
      ['Слишком много запросов. Повторить можно через 45 секунд', 'error', true],
      ['Не удалось отправить код', 'error', true],
    ]);
  });

  it('showFormFailure: a message of the form\'s own choosing, above the form and in the toast', () => {
    const form = target();
    showFormFailure(form, 'Ошибка при заказе звонка', new Error('offline'));
    expect(form.errors).toEqual({ 'root.server': { message: 'Ошибка при заказе звонка', focus: undefined } });
    expect(toasts).toEqual([{ type: 'error', message: 'Ошибка при заказе звонка', silent: true }]);
  });
});

describe('a refusal for a profile no longer active (409 profile_changed, QA TT-1)', () => {
  const message = 'Активный профиль сменился в другой вкладке или на другом устройстве: сейчас «Исполнитель». Проверьте, от чьего имени вы действуете, и повторите.';
  const changed = new ApiError({ status: 409, code: 'profile_changed', message });

  it("is the page's news, not the form's failure: above the form and an announced toast, which no dialog's close ends", () => {
    const form = target();
    applyApiError(changed, form, ['amount']);
    expect(form.errors['root.server']?.message).toBe(message);
    expect(toasts).toEqual([{ type: 'error', message }]);
  });

  it('is led by what was not done; another failure keeps its words', () => {
    expect(notDoneText(changed, message, 'Вывод не выполнен')).toBe(`Вывод не выполнен: активный профиль сменился${message.slice('Активный профиль сменился'.length)}`);
    const other = new ApiError({ status: 409, code: 'e409', message: 'Недостаточно средств' });
    expect(notDoneText(other, 'Недостаточно средств', 'Вывод не выполнен')).toBe('Недостаточно средств');
  });
});

describe('apiErrorText', () => {
  it('adds the wait of a 429 from Retry-After', () => {
    const error = new ApiError({ status: 429, code: 'rate_limited', message: 'Слишком много запросов', retryAfter: 45 });
    expect(apiErrorText(error)).toBe('Слишком много запросов. Повторить можно через 45 секунд');
    const dotted = new ApiError({ status: 429, code: 'rate_limited', message: 'Подождите.', retryAfter: 600 });
    expect(apiErrorText(dotted)).toBe('Подождите. Повторить можно через 10 минут');
  });

  it('does not say the wait twice when the message says it', () => {
    const error = new ApiError({ status: 429, code: 'sms_too_soon', message: 'Повторно отправить код можно через 54 секунды.', retryAfter: 54 });
    expect(apiErrorText(error)).toBe('Повторно отправить код можно через 54 секунды.');
    const minutes = new ApiError({ status: 429, code: 'rate_limited', message: 'Слишком много запросов кода. Попробуйте через 42 минуты', retryAfter: 2520 });
    expect(apiErrorText(minutes)).toBe('Слишком много запросов кода. Попробуйте через 42 минуты');
  });

  it('formats waits in seconds up to a minute and a half, then minutes', () => {
    expect(formatWait(90)).toBe('90 секунд');
    expect(formatWait(91)).toBe('2 минуты');
  });
});
