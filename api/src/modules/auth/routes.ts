import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  devSmsInbox,
  login,
  logout,
  passwordChange,
  passwordRecovery,
  passwordRecoveryChange,
  passwordRecoverySendSms,
  register,
  registerCodeCheck,
  registerCodeReceive,
  tokenRenew,
  userUpdate,
  userUpdatePhone,
  userUpdatePhoneSendCode,
} from 'shared/contract';
import { registerCall } from '../../http/register';
import type { RouteOptions } from '../../http/route-options';
import { systemClock, type Clock } from '../../lib/clock';
import { bearerToken } from '../../plugins/auth';
import { createSmsProvider } from '../../providers/sms';
import { devInboxRepository } from '../../providers/sms/dev-inbox-repository';
import { accountService } from './account-service';
import { smsCodes } from './codes/service';
import { profileService } from './profile-service';
import { rateLimiter } from './rate-limit/service';
import { sessionService } from './session-service';
import { defaultAuthLimits, type AuthModuleOptions } from './settings';
import { toSessionUser, usersRepository } from './users-repository';

export type AuthRouteOptions = RouteOptions & AuthModuleOptions & { now?: Clock };

const clientMeta = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? null });

/** Accounts and sessions: login, registration, tokens, passwords, the user's own data, dev SMS inbox. */
export async function authRoutes(app: FastifyInstance, opts: AuthRouteOptions) {
  const { config, checkResponses } = opts;
  const now = opts.now ?? systemClock;
  const db = app.db;
  // Throws for the dev provider in production, so buildApp refuses to start.
  const configured = createSmsProvider(config, db, now);
  const sms = opts.smsProvider ?? configured;
  const limits = { ...defaultAuthLimits, ...opts.limits };
  const limiter = rateLimiter(now);
  const codes = smsCodes({ db, sms, limiter, limits, secret: config.jwtSecret, now, log: app.log });
  const sessions = sessionService({ db, secret: config.jwtSecret, now });
  const accounts = accountService({ db, sessions, codes, limiter, limits, now });
  const profile = profileService({ db, codes, now });
  const o = { checkResponses };

  registerCall(app, login, async ({ body, request }) => ({ data: await accounts.login(body, clientMeta(request)) }), o);
  registerCall(app, registerCodeReceive, async ({ body, request }) => ({
    data: await accounts.registerSendCode(body.phone, request.ip),
    message: 'Код отправлен',
  }), o);
  registerCall(app, registerCodeCheck, async ({ body }) => ({ data: await accounts.registerCheckCode(body.phone, body.code), message: 'Телефон подтверждён' }), o);
  registerCall(app, register, async ({ body, request }) => ({
    data: await accounts.register(body, clientMeta(request)),
    message: 'Регистрация завершена',
  }), o);

  registerCall(app, tokenRenew, async ({ body }) => {
    const { userId, ...pair } = await sessions.renew(body.refresh_token);
    const user = await usersRepository(db).findById(userId);
    return { data: { ...pair, user: user ? toSessionUser(user) : undefined } };
  }, o);
  // Logout must succeed with an expired or revoked bearer too, so it reads the token itself
  // instead of letting the optional authentication answer 401.
  registerCall(app, { ...logout, auth: 'none' }, async ({ body, request }) => {
    await sessions.logout(body.refresh_token, bearerToken(request));
    return { data: { ok: true as const }, message: 'Вы вышли из учётной записи' };
  }, o);

  registerCall(app, passwordRecoverySendSms, async ({ body, request }) => ({
    data: await accounts.recoverySendCode(body.phone, request.ip),
    message: 'Если номер зарегистрирован, на него отправлен код',
  }), o);
  registerCall(app, passwordRecovery, async ({ body }) => ({ data: await accounts.recoveryCheck(body.phone, body.code) }), o);
  registerCall(app, passwordRecoveryChange, async ({ body }) => ({
    data: await accounts.recoveryChange(body),
    message: 'Пароль изменён, войдите с новым паролем',
  }), o);
  registerCall(app, passwordChange, async ({ body, user, request }) => ({
    data: await accounts.changePassword(user, body, request.ip),
    message: 'Пароль изменён',
  }), o);

  registerCall(app, userUpdate, async ({ body, user }) => ({ data: await profile.update(user.userId, body), message: 'Данные сохранены' }), o);
  registerCall(app, userUpdatePhoneSendCode, async ({ body, user, request }) => ({
    data: await profile.sendPhoneCode(user.userId, body.phone, request.ip),
    message: 'Код отправлен на новый номер',
  }), o);
  registerCall(app, userUpdatePhone, async ({ body, user }) => ({ data: await profile.changePhone(user.userId, body.phone, body.code), message: 'Телефон изменён' }), o);

  // The inbox exists only with the dev provider (never in production, see createSmsProvider).
  if (config.smsProvider === 'dev') {
    const inbox = devInboxRepository(db);
    registerCall(app, devSmsInbox, async ({ query }) => ({ data: { items: await inbox.list(query.phone) } }), o);
  }
}
