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
import { AppError } from '../../http/errors';
import { idempotencyKeyHeader } from '../../http/idempotency-key';
import { registerCall } from '../../http/register';
import { isLoopback } from '../../lib/network';
import { hexEquals, sha256Hex } from '../../lib/secure-token';
import type { RouteOptions } from '../../http/route-options';
import { systemClock, type Clock } from '../../lib/clock';
import { bearerToken } from '../../plugins/auth';
import { disconnectSessions, userChanged } from '../../plugins/socket';
import { createSmsProvider } from '../../providers/sms';
import { devInboxRepository } from '../../providers/sms/dev-inbox-repository';
import { notificationService } from '../notification/service';
import { tellPendingInvites } from '../organization/invites-service';
import { accountService } from './account-service';
import { smsCodes } from './codes/service';
import { profileService } from './profile-service';
import { rateLimiter } from './rate-limit/service';
import { sessionService } from './session-service';
import { defaultAuthLimits, scaledFloodLimits, type AuthLimits, type AuthModuleOptions } from './settings';

export type AuthRouteOptions = RouteOptions & AuthModuleOptions & { now?: Clock; codes?: AuthDeps };

/**
 * The SMS provider, rate limiter and one-time codes: built once per app, shared by the accounts
 * routes and every other module that confirms something by SMS (signatures, executor cancel).
 */
export function authDeps(app: FastifyInstance, opts: RouteOptions & AuthModuleOptions & { now?: Clock }) {
  const now = opts.now ?? systemClock;
  // Throws for the dev provider in production, so buildApp refuses to start.
  const configured = createSmsProvider(opts.config, app.db, now);
  const sms = opts.smsProvider ?? configured;
  const limits: AuthLimits = { ...defaultAuthLimits, ...scaledFloodLimits(opts.config.floodLimitsScale), ...opts.limits };
  // With REDIS_URL the counts live in Redis (shared by every node without a PostgreSQL round trip per check).
  const limiter = rateLimiter({ now, redis: app.redis?.command });
  const codes = smsCodes({ db: app.db, sms, limiter, limits, secret: opts.config.jwtSecret, now, log: app.log });
  return { limits, limiter, codes, sms };
}
export type AuthDeps = ReturnType<typeof authDeps>;

const tokenMatches = (given: string | string[] | undefined, expected: string | undefined) =>
  typeof given === 'string' && !!expected && hexEquals(sha256Hex(given), sha256Hex(expected));

const clientMeta = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? null });

/** Accounts and sessions: login, registration, tokens, passwords, the user's own data, dev SMS inbox. */
export async function authRoutes(app: FastifyInstance, opts: AuthRouteOptions) {
  const { config, checkResponses } = opts;
  const now = opts.now ?? systemClock;
  const db = app.db;
  const { limits, limiter, codes } = opts.codes ?? authDeps(app, opts);
  const sessions = sessionService({ db, secret: config.jwtSecret, now, onRevoked: (ids) => disconnectSessions(app.io, ids, app.log) });
  const accounts = accountService({ db, sessions, codes, limiter, limits, now });
  const profile = profileService({ db, codes, now });
  const notifications = notificationService({ db, io: app.io });
  const o = { checkResponses };

  // Answers that carry tokens must never sit in a browser, proxy or CDN cache.
  const tokenPaths = new Set([login, register, tokenRenew, passwordChange].map((call) => `/api/${call.path}`));
  app.addHook('onSend', async (request, reply) => {
    if (!tokenPaths.has(request.routeOptions.url ?? '')) return;
    reply.header('Cache-Control', 'no-store');
    reply.header('Pragma', 'no-cache');
  });

  registerCall(app, login, async ({ body, request }) => ({ data: await accounts.login(body, clientMeta(request)) }), o);
  registerCall(app, registerCodeReceive, async ({ body, request }) => ({
    data: await accounts.registerSendCode(body.phone, request.ip),
    message: 'Код отправлен',
  }), o);
  registerCall(app, registerCodeCheck, async ({ body }) => ({ data: await accounts.registerCheckCode(body.phone, body.code), message: 'Телефон подтверждён' }), o);
  registerCall(app, register, async ({ body, request }) => {
    const data = await accounts.register(body, clientMeta(request));
    // Invites sent to the phone before it had an account go to the new user's bell.
    await tellPendingInvites({ db, notify: (n) => notifications.notify(n), now, log: app.log }, data.user.id, data.user.phone);
    return { data, message: 'Регистрация завершена' };
  }, o);

  // An `Idempotency-Key` lets the same renewal be sent again when its answer was lost.
  registerCall(app, tokenRenew, async ({ body, request }) => ({
    data: await accounts.renew(body.refresh_token, idempotencyKeyHeader(request.headers['idempotency-key'])),
  }), o);
  // Logout must succeed with an expired or revoked bearer too: the contract says `auth: 'none'`
  // and the handler reads the token itself.
  registerCall(app, logout, async ({ body, request }) => {
    await sessions.logout(body.refresh_token, bearerToken(request));
    return { data: { ok: true as const }, message: 'Вы вышли из аккаунта' };
  }, o);

  registerCall(app, passwordRecoverySendSms, async ({ body, request }) => ({
    data: await accounts.recoverySendCode(body.phone, request.ip),
    message: 'Если номер зарегистрирован, на него отправлен код',
  }), o);
  registerCall(app, passwordRecovery, async ({ body }) => ({ data: await accounts.recoveryCheck(body.phone, body.code) }), o);
  registerCall(app, passwordRecoveryChange, async ({ body, request }) => ({
    data: await accounts.recoveryChange(body, request.ip),
    message: 'Пароль изменён. Войдите с новым паролем',
  }), o);
  // Its answer carries a fresh token pair, which is not kept for a re-send (the old password then fails it).
  registerCall(app, passwordChange, async ({ body, user, request }) => ({
    data: await accounts.changePassword(user, body, request.ip),
    message: 'Пароль изменён',
  }), { ...o, keepAnswer: false });

  // The name and the phone show in every tab and device of the user: they are told to load them again.
  registerCall(app, userUpdate, async ({ body, user }) => {
    const data = await profile.update(user.userId, body);
    userChanged(app.io, user.userId, app.log);
    return { data, message: 'Данные сохранены' };
  }, o);
  registerCall(app, userUpdatePhoneSendCode, async ({ body, user, request }) => {
    // The current password first (QA AAD-1): a session alone does not move the account's phone.
    await accounts.checkCurrentPassword(user.userId, body.password, request.ip);
    return { data: await profile.sendPhoneCode(user.userId, body.phone, request.ip), message: 'Код отправлен на новый номер' };
  }, o);
  registerCall(app, userUpdatePhone, async ({ body, user }) => {
    const data = await profile.changePhone(user.userId, body.phone, body.code);
    userChanged(app.io, user.userId, app.log);
    return { data, message: 'Телефон изменён' };
  }, o);

  // The inbox exists only with the dev provider (never in production, see createSmsProvider).
  if (config.smsProvider === 'dev') {
    const inbox = devInboxRepository(db);
    // Anyone's codes are in there: only this machine (or a holder of DEV_SMS_TOKEN) may read them.
    const inboxUrl = `/api/${devSmsInbox.path}`;
    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.url !== inboxUrl) return;
      if (isLoopback(request.ip) || tokenMatches(request.headers['x-dev-token'], config.devSmsToken)) return;
      throw new AppError(403, 'dev_inbox_forbidden', 'Входящие СМС разработки доступны только с этого компьютера');
    });
    registerCall(app, devSmsInbox, async ({ query }) => ({ data: { items: await inbox.list(query.phone) } }), o);
  }
}
