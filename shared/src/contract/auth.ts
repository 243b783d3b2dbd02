import { z } from 'zod';
import { normalizePhone } from '../format/phone';
import { hasForbiddenCharacters, nameText } from './common';
import { defineCall } from './define';
import { lazySchema } from './lazy-schema';

/** Accepts '+7 (999) 123-45-67', '8 999 123 45 67', … and yields the canonical '7XXXXXXXXXX'. */
export const phoneSchema = lazySchema(() => z
  .string({ error: 'Укажите номер телефона' })
  .trim()
  .min(1, { error: 'Укажите номер телефона' })
  .transform((value, ctx) => {
    const phone = normalizePhone(value);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: 'Укажите российский номер телефона: +7 и 10 цифр' });
      return z.NEVER;
    }
    return phone;
  }));

export const MOBILE_PHONE_MESSAGE = 'Укажите мобильный номер: +7 9XX… — на него придёт код в СМС';
/**
 * A number an SMS is sent to (a code, an invite): a Russian mobile one, +7 9XX. A landline is a
 * Russian number too (the callback request takes it), but no code would ever reach it.
 */
export const mobilePhoneSchema = lazySchema(() => phoneSchema.refine((phone) => phone.startsWith('79'), { error: MOBILE_PHONE_MESSAGE }));

export const SMS_CODE_LENGTH = 6;
/** How long an SMS code may be entered (ARCHITECTURE §3: 10 minutes). */
export const SMS_CODE_LIFETIME_SECONDS = 600;
export const smsCodeSchema = lazySchema(() => z
  .string({ error: 'Введите код из СМС' })
  .trim()
  .regex(/^\d{6}$/, { error: 'Код из СМС — 6 цифр' }));

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_BLANK_MESSAGE = `Пароль — не короче ${PASSWORD_MIN_LENGTH} символов, не считая пробелов`;
/**
 * The one password rule of forms and API: length, and spaces do not count towards it (eight
 * spaces are no password), no control characters. The API adds what needs a server-side list:
 * the most common passwords and the phone itself (api/src/modules/auth/password-policy.ts).
 */
export const passwordSchema = lazySchema(() => z
  .string({ error: 'Введите пароль' })
  // Left empty it is asked for, as any required field is (the repeat's «Введите пароль ещё раз»).
  .min(1, { error: 'Введите пароль' })
  .min(PASSWORD_MIN_LENGTH, { error: `Пароль — не короче ${PASSWORD_MIN_LENGTH} символов` })
  .max(PASSWORD_MAX_LENGTH, { error: `Пароль — не длиннее ${PASSWORD_MAX_LENGTH} символов` })
  .refine((v) => v.replace(/\s/g, '').length >= PASSWORD_MIN_LENGTH, { error: PASSWORD_BLANK_MESSAGE })
  .refine((v) => !hasForbiddenCharacters(v), { error: 'Пароль содержит недопустимые символы' }));

export const PASSWORDS_DIFFER_MESSAGE = 'Пароли не совпадают';
export const PASSWORD_REPEAT_MESSAGE = 'Введите пароль ещё раз';

/**
 * The repeat of a new password (registration, recovery, change): left empty it is asked for, as
 * any required field is; «Пароли не совпадают» is for a repeat that is filled and differs.
 */
export const passwordConfirmSchema = lazySchema(() => z
  .string({ error: PASSWORD_REPEAT_MESSAGE })
  .min(1, { error: PASSWORD_REPEAT_MESSAGE }));

/** Names of people and organisations everywhere: see `nameText`. */
export const personNameSchema = lazySchema(() => nameText());

/** The user as ARCHITECTURE §3 "Shapes" names it; the session keeps it after login or renewal. */
export const sessionUserSchema = lazySchema(() => z.object({
  id: z.number().int().positive(),
  phone: z.string(),
  name: z.string(),
  email: z.string().nullable().default(null),
  activeProfileId: z.number().int().positive().nullable().default(null),
}));
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const tokenPairSchema = lazySchema(() => z.object({ token: z.string().min(1), refresh_token: z.string().min(1) }));

/** What login, registration and renewal answer (ARCHITECTURE §3). */
export const authDataSchema = lazySchema(() => tokenPairSchema.extend({ user: sessionUserSchema }));
export type AuthData = z.infer<typeof authDataSchema>;

export const tokenRenewDataSchema = lazySchema(() => tokenPairSchema.extend({ user: sessionUserSchema.optional() }));
export type TokenRenewData = z.infer<typeof tokenRenewDataSchema>;

const okSchema = lazySchema(() => z.object({ ok: z.literal(true) }));

/** Refresh tokens are opaque base64url strings the API issued; anything else is not one. */
const refreshTokenSchema = lazySchema(() => z
  .string({ error: 'Нет токена обновления' })
  .min(1, { error: 'Нет токена обновления' })
  .max(512, { error: 'Некорректный токен обновления' })
  .refine((v) => !hasForbiddenCharacters(v), { error: 'Некорректный токен обновления' }));

/**
 * Refresh tokens rotate: a reused old one revokes its whole family (ARCHITECTURE §3). A renewal
 * sent with an `Idempotency-Key` header may be sent again with the same key and token if its
 * answer was lost, while the pair it issued is unused: the answer is a fresh pair.
 */
export const tokenRenew = defineCall({
  method: 'POST',
  path: 'token/renew',
  auth: 'none',
  summary: 'Обновление пары токенов',
  body: lazySchema(() => z.object({ refresh_token: refreshTokenSchema })),
  data: tokenRenewDataSchema,
});

/**
 * Server-side logout: revokes the refresh token's family. No bearer is read: logout must
 * succeed with an expired access token.
 */
export const logout = defineCall({
  method: 'POST',
  path: 'logout',
  auth: 'none',
  summary: 'Выход: отзыв сессии',
  body: lazySchema(() => z.object({ refresh_token: refreshTokenSchema.optional() })),
  data: okSchema,
});

export const login = defineCall({
  method: 'POST',
  path: 'login',
  auth: 'none',
  summary: 'Вход по телефону и паролю',
  body: lazySchema(() => z.object({ phone: phoneSchema, password: z.string({ error: 'Введите пароль' }).min(1, { error: 'Введите пароль' }).max(PASSWORD_MAX_LENGTH, { error: 'Неверный телефон или пароль' }) })),
  data: authDataSchema,
});

/** `codeReceived`: Unix seconds when the code was sent; the client counts down to codeReceived + 60. */
export const codeSentSchema = lazySchema(() => z.object({ codeReceived: z.number().int().positive() }));

export const registerCodeReceive = defineCall({
  method: 'POST',
  path: 'register/code-receive/phone',
  auth: 'none',
  summary: 'Отправка кода регистрации по СМС',
  body: lazySchema(() => z.object({ phone: mobilePhoneSchema })),
  data: codeSentSchema,
});

export const registerCodeCheck = defineCall({
  method: 'POST',
  path: 'register/code-check/phone',
  auth: 'none',
  summary: 'Проверка кода регистрации',
  body: lazySchema(() => z.object({ phone: mobilePhoneSchema, code: smsCodeSchema })),
  data: lazySchema(() => z.object({ phone: z.string(), verified: z.literal(true) })),
});

const passwordPair = <T extends z.ZodRawShape>(shape: T, password: string, confirm: string) =>
  z.object(shape).superRefine((value, ctx) => {
    const v = value as Record<string, unknown>;
    // An empty repeat has its own message (passwordConfirmSchema), not «Пароли не совпадают» too.
    if (v[confirm] && v[password] !== v[confirm]) ctx.addIssue({ code: 'custom', path: [confirm], message: PASSWORDS_DIFFER_MESSAGE });
  });

export const registerBodySchema = lazySchema(() => passwordPair(
  { phone: mobilePhoneSchema, name: personNameSchema, password: passwordSchema, passwordConfirm: passwordConfirmSchema },
  'password',
  'passwordConfirm',
));

export const register = defineCall({
  method: 'POST',
  path: 'register',
  auth: 'none',
  summary: 'Регистрация после проверки телефона',
  body: registerBodySchema,
  data: authDataSchema,
});

/** Answers the same for registered and unknown phones. */
export const passwordRecoverySendSms = defineCall({
  method: 'POST',
  path: 'user/password/recovery/send/sms',
  auth: 'none',
  summary: 'Код восстановления пароля по СМС',
  body: lazySchema(() => z.object({ phone: mobilePhoneSchema })),
  data: codeSentSchema,
});

export const passwordRecovery = defineCall({
  method: 'POST',
  path: 'user/password/recovery',
  auth: 'none',
  summary: 'Проверка кода восстановления',
  body: lazySchema(() => z.object({ phone: mobilePhoneSchema, code: smsCodeSchema })),
  data: lazySchema(() => z.object({ phone: z.string(), verified: z.literal(true) })),
});

export const passwordRecoveryChangeBodySchema = lazySchema(() => passwordPair(
  { phone: mobilePhoneSchema, code: smsCodeSchema, password: passwordSchema, passwordConfirm: passwordConfirmSchema },
  'password',
  'passwordConfirm',
));

/** Sets the new password and revokes every session of the user. */
export const passwordRecoveryChange = defineCall({
  method: 'PUT',
  path: 'user/password/recovery/change',
  auth: 'none',
  summary: 'Новый пароль по коду восстановления',
  body: passwordRecoveryChangeBodySchema,
  data: okSchema,
});

export const SAME_PASSWORD_MESSAGE = 'Новый пароль совпадает с текущим: придумайте другой';

/** The caller's current password, which a change of his credentials (the password, the phone) asks for. */
const currentPasswordSchema = () =>
  z.string({ error: 'Введите текущий пароль' }).min(1, { error: 'Введите текущий пароль' }).max(PASSWORD_MAX_LENGTH, { error: 'Неверный текущий пароль' });

export const passwordChangeBodySchema = lazySchema(() => passwordPair(
  { password: currentPasswordSchema(), newPassword: passwordSchema, newPasswordConfirm: passwordConfirmSchema },
  'newPassword',
  'newPasswordConfirm',
  // A «change» to the same password would end the other sessions and change nothing else.
).superRefine((v, ctx) => {
  if (v.password && v.newPassword === v.password) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: SAME_PASSWORD_MESSAGE });
}));

/** Changes the password; other sessions are revoked and the caller gets a fresh pair. */
export const passwordChange = defineCall({
  method: 'PUT',
  path: 'user/password/change',
  auth: 'required',
  summary: 'Смена пароля',
  body: passwordChangeBodySchema,
  data: authDataSchema,
});

/**
 * zod's own address pattern with letters and digits of any script where it has Latin ones: an
 * address in Cyrillic (тест@пример.рф, SMTPUTF8 and IDN) is one too. Dotted labels, a top-level
 * domain of letters or in punycode: a type="email" field in Chromium sends petr@пример.рф as
 * petr@xn--e1afmkfd.xn--p1ai. No spaces, controls or invisible characters (none is a letter).
 */
const EMAIL_PATTERN =
  /^(?!\.)(?!.*\.\.)([\p{L}\p{N}_'+\-.]*)[\p{L}\p{N}_+-]@([\p{L}\p{N}][\p{L}\p{N}-]*\.)+(?:\p{L}{2,}|[Xx][Nn]--[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)$/u;
export const emailSchema = lazySchema(() =>
  z.email({ pattern: EMAIL_PATTERN, error: 'Укажите корректный адрес электронной почты' }).max(254, { error: 'Адрес почты — не длиннее 254 символов' }),
);

export const userUpdate = defineCall({
  method: 'POST',
  path: 'user/update',
  auth: 'required',
  summary: 'Имя и почта пользователя',
  body: lazySchema(() => z.object({
    name: personNameSchema.optional(),
    email: z.preprocess((v) => (v === '' ? null : v), emailSchema.nullable().optional()),
  })),
  data: sessionUserSchema,
});

/** Sends a code to the new phone (purpose: phone change). */
export const userUpdatePhoneSendCode = defineCall({
  method: 'POST',
  path: 'user/update/phone/send/code',
  auth: 'required',
  summary: 'Код для смены телефона',
  /**
   * The phone is the login and the only way back in (recovery by SMS): moving it takes the current
   * password, as a password change does, not a session alone (QA AAD-1: a session taken was an
   * account taken for good).
   */
  body: lazySchema(() => z.object({ phone: mobilePhoneSchema, password: currentPasswordSchema() })),
  data: codeSentSchema,
});

/** Confirms the new phone with the code sent to it. */
export const userUpdatePhone = defineCall({
  method: 'POST',
  path: 'user/update/phone',
  auth: 'required',
  summary: 'Смена телефона по коду',
  body: lazySchema(() => z.object({ phone: mobilePhoneSchema, code: smsCodeSchema })),
  data: sessionUserSchema,
});

/** Development SMS inbox (ARCHITECTURE §3), only with SMS_PROVIDER=dev. */
export const smsPurposeSchema = lazySchema(() => z.enum(['register', 'recovery', 'phone_change', 'sign', 'executor_cancel', 'invite']));
export type SmsPurpose = z.infer<typeof smsPurposeSchema>;

export const devSmsInbox = defineCall({
  method: 'GET',
  path: 'dev/sms',
  auth: 'none',
  summary: 'Входящие СМС разработки',
  query: lazySchema(() => z.object({ phone: phoneSchema })),
  data: lazySchema(() => z.object({
    items: z.array(z.object({ phone: z.string(), text: z.string(), code: z.string(), purpose: smsPurposeSchema, sentAt: z.string() })),
  })),
});
