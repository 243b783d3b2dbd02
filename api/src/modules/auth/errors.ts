import { AppError } from '../../http/errors';

export { formatWait } from 'shared/contract';

export { TooManyRequestsError } from '../../http/errors';

export const fieldError = (status: number, code: string, field: string, message: string) =>
  new AppError(status, code, message, { [field]: message });

export const MESSAGES = {
  badCredentials: 'Неверный телефон или пароль',
  phoneTaken: 'Пользователь с таким телефоном уже зарегистрирован',
  phoneInUse: 'Этот номер уже привязан к другой учётной записи',
  samePhone: 'Это ваш текущий номер телефона',
  verifyPhone: 'Подтвердите номер телефона кодом из СМС',
  weakPassword: 'Этот пароль слишком простой, придумайте другой',
  wrongCurrentPassword: 'Неверный текущий пароль',
  sessionExpired: 'Сессия истекла, войдите снова',
  sessionReused: 'Сессия завершена из соображений безопасности, войдите снова',
  smsFailed: 'Не удалось отправить код',
  codeExpired: 'Код недействителен или истёк, запросите новый',
  codeDead: 'Превышено число попыток, запросите новый код',
  tooManyLogins: (wait: string) => `Слишком много попыток входа, попробуйте через ${wait}`,
  tooManyLoginsToPhone: (wait: string) =>
    `Слишком много неудачных попыток входа с этим номером, попробуйте через ${wait} или восстановите пароль по СМС`,
  tooManySms: (wait: string) => `Слишком много запросов кода, попробуйте через ${wait}`,
  resend: (wait: string) => `Повторно отправить код можно через ${wait}`,
  wrongCode: (left: number) => (left > 0 ? `Неверный код, осталось попыток: ${left}` : 'Неверный код. Попытки исчерпаны, запросите новый код'),
} as const;
