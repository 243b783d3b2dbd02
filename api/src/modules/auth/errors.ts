import { AppError } from '../../http/errors';

export { formatWait } from 'shared/contract';

export { TooManyRequestsError } from '../../http/errors';

export const fieldError = (status: number, code: string, field: string, message: string) =>
  new AppError(status, code, message, { [field]: message });

export const MESSAGES = {
  badCredentials: 'Неверный телефон или пароль',
  phoneTaken: 'Пользователь с таким телефоном уже зарегистрирован',
  phoneInUse: 'Этот номер уже привязан к другому аккаунту',
  samePhone: 'Это ваш текущий номер телефона',
  verifyPhone: 'Подтвердите номер телефона кодом из СМС',
  /** `user/password/recovery/change` before `user/password/recovery` accepted the code (ARCHITECTURE §3; QA OOO-4). */
  recoveryNotChecked: 'Сначала подтвердите код из СМС',
  weakPassword: 'Этот пароль слишком простой. Придумайте другой',
  wrongCurrentPassword: 'Неверный текущий пароль',
  sessionExpired: 'Сессия истекла. Войдите снова',
  sessionReused: 'Сессия завершена из соображений безопасности. Войдите снова',
  smsFailed: 'Не удалось отправить код',
  codeExpired: 'Код недействителен или истёк. Запросите новый',
  codeDead: 'Превышено число попыток. Запросите новый код',
  tooManyLogins: (wait: string) => `Слишком много попыток входа. Попробуйте через ${wait}`,
  /** The current password asked for by a change of the password or the phone, guessed too often (QA AAD-3: it said «попыток входа»). */
  tooManyPasswordTries: (wait: string) => `Слишком много неверных попыток ввода текущего пароля. Попробуйте через ${wait}`,
  tooManyLoginsToPhone: (wait: string) =>
    `Слишком много неудачных попыток входа с этим номером. Попробуйте через ${wait} или восстановите пароль по СМС`,
  tooManySms: (wait: string) => `Слишком много запросов кода. Попробуйте через ${wait}`,
  resend: (wait: string) => `Повторно отправить код можно через ${wait}`,
  wrongCode: (left: number) => (left > 0 ? `Неверный код, осталось попыток: ${left}` : 'Неверный код. Попытки исчерпаны. Запросите новый код'),
} as const;
