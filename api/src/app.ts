import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { allCalls, MAX_FILE_BYTES } from 'shared/contract';
import type { AppConfig } from './config';
import type { Db } from './db';
import { loggerOptions, OneLineRequestLog } from './logger';
import { addressRoutes } from './modules/address/routes';
import { applicationRoutes } from './modules/application/routes';
import { floodLimits } from './modules/auth/rate-limit/flood-limits';
import { authDeps, authRoutes } from './modules/auth/routes';
import { bankRequisiteRoutes } from './modules/bank-requisite/routes';
import { bankRequisiteService } from './modules/bank-requisite/service';
import { lifecycle } from './modules/application/lifecycle';
import { applicationDocumentRoutes } from './modules/application/documents-routes';
import { documentsService } from './modules/application/documents-service';
import { lkApplicationRoutes } from './modules/application/lk-routes';
import { lkService } from './modules/application/lk-service';
import { moneyService } from './modules/money/service';
import { moneyRoutes } from './modules/money/routes';
import { paymentDocuments } from './modules/payment/documents';
import { paymentRoutes } from './modules/payment/routes';
import { paymentService } from './modules/payment/service';
import { createFileStorage } from './providers/storage';
import { bankDirectoryFrom, type BankDirectory } from './providers/dadata';
import type { AuthModuleOptions } from './modules/auth/settings';
import { callbackRoutes } from './modules/callback/routes';
import { customerRoutes } from './modules/customer/routes';
import { documentRoutes } from './modules/document/routes';
import { executorRoutes } from './modules/executor/routes';
import { facilityRoutes } from './modules/facility/routes';
import { messagingRoutes } from './modules/messaging/routes';
import { profileServiceRoutes } from './modules/profile-service/routes';
import { healthRoutes } from './modules/health/routes';
import { housekeepingModule } from './modules/housekeeping';
import { livenessModule } from './modules/request-answers/liveness';
import { serviceRoutes } from './modules/service/routes';
import { sitemapRoutes } from './modules/sitemap/routes';
import { tilesRoutes } from './modules/tiles/routes';
import { userRoutes } from './modules/user/routes';
import { organizationModule } from './modules/organization';
import { authPlugin } from './plugins/auth';
import { corsPlugin } from './plugins/cors';
import { dbPlugin } from './plugins/db';
import { contentEncodingPlugin } from './http/content-encoding';
import { clientErrorHandler, errorHandlerPlugin, frameworkErrors } from './plugins/error-handler';
import { openApiPlugin } from './plugins/openapi';
import { publicCachePlugin } from './plugins/public-cache';
import { redisPlugin } from './plugins/redis';
import { securityHeadersPlugin } from './plugins/security-headers';
import { socketPlugin } from './plugins/socket';

export interface BuildOptions {
  config: AppConfig;
  db: Db;
  /** Close the database with the app (the server does; tests share one database per file). */
  ownsDb?: boolean;
  logger?: boolean;
  /** Where logs go instead of stdout (tests read them back). */
  logStream?: { write(line: string): void };
  /** Clock in ms for token expiry and SMS codes (tests move time); Date.now by default. */
  now?: () => number;
  /** Accounts module injections: rate limits and SMS provider (tests). */
  auth?: AuthModuleOptions;
  /** Run the payout worker with the app (server.ts does; tests run their own by hand). */
  payoutWorker?: boolean;
  /** Run the housekeeping sweep with the app (server.ts does; tests run their own by hand). */
  housekeeping?: boolean;
  /** The bank directory by BIC: absent, DaData's when DADATA_TOKEN is set; tests pass a fake or null (none). */
  bankDirectory?: BankDirectory | null;
}

/** Builds the app without listening: server.ts listens, tests use app.inject. */
export async function buildApp({ config, db, ownsDb = false, logger = true, logStream, now, auth, bankDirectory, payoutWorker = false, housekeeping = false }: BuildOptions): Promise<FastifyInstance> {
  const requestTimeout = Math.round(config.requestTimeoutSeconds * 1000);
  const app = Fastify({
    logger: logger ? { ...loggerOptions(config.logLevel), ...(logStream ? { stream: logStream } : {}) } : false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // Router failures (bad percent-encoding, a path segment over maxParamLength) in the envelope too.
    frameworkErrors,
    // Malformed HTTP and requests past the timeout never reach the router; answered in the envelope anyway.
    clientErrorHandler,
    // Headers and body within this, or 408 (QA AA-1): Fastify's default 0 turns Node's limit off.
    requestTimeout,
    // Node's headers limit (60 s) may not pass it (Node would swap the two), and Node looks for late
    // requests every connectionsCheckingInterval (30 s by default, longer than a short timeout).
    http: { requestTimeout, headersTimeout: Math.min(60_000, requestTimeout), connectionsCheckingInterval: Math.min(30_000, requestTimeout / 2) },
    // One line per request, not Fastify's two (QA AA-6).
    logController: new OneLineRequestLog(),
  });
  const checkResponses = config.env !== 'production';

  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(dbPlugin, { db, closeOnShutdown: ownsDb });
  await app.register(corsPlugin, { origins: config.publicOrigins });
  // After CORS: a browser reads the 415 only with the CORS headers on it.
  await app.register(contentEncodingPlugin);
  await app.register(authPlugin, { jwtSecret: config.jwtSecret, now });
  await app.register(redisPlugin, { url: config.redisUrl });
  // One process only: with several nodes (REDIS_URL) a write on another node could not clear it.
  await app.register(publicCachePlugin, { enabled: config.listCache && !config.redisUrl, counts: config.listCountCache && !config.redisUrl });
  await app.register(socketPlugin, { origins: config.publicOrigins, redis: app.redis });
  // Uploads stream their file: receiveUpload enforces the 20 MB itself (with its 413), this cap
  // only backs it up. A call taking several files raises `files` in its own request.parts().
  await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES + 1024, files: 1, fields: 10 } });

  await app.register(healthRoutes, { version: config.version, checkResponses });
  await app.register(serviceRoutes, { checkResponses });
  await app.register(applicationRoutes, { checkResponses });
  const routeOptions = { checkResponses, config };
  const codes = authDeps(app, { ...routeOptions, ...auth, now });
  await app.register(authRoutes, { ...routeOptions, ...auth, now, codes });
  const clock = () => new Date(now?.() ?? Date.now());
  const storage = createFileStorage(config);
  const money = moneyService({ db, feePercent: config.platformFeePercent, now: clock });
  const transitions = lifecycle({ db, io: app.io, now: clock });
  // Per-user limits on messages, uploads and new applications (QA GG-4), counted where the SMS limits are.
  const flood = floodLimits({ db, limiter: codes.limiter, limits: codes.limits });
  const lk = lkService({ db, lifecycle: transitions, money, codes: codes.codes, storage, flood, now: clock });
  await app.register(lkApplicationRoutes, { checkResponses, lk });
  await app.register(moneyRoutes, { checkResponses, config, money, startPayoutWorker: payoutWorker });
  if (housekeeping) await app.register(housekeepingModule, { now, storage });
  await app.register(livenessModule);
  await app.register(paymentRoutes, {
    checkResponses,
    config,
    lifecycle: transitions,
    payments: paymentService({ db, money, lifecycle: transitions, io: app.io, log: app.log }),
    documents: paymentDocuments({ db, requisites: config.platformRequisites, now: clock }),
  });
  const documents = documentsService({ db, lifecycle: transitions, codes: codes.codes, storage, now: clock, log: app.log });
  await app.register(applicationDocumentRoutes, { checkResponses, documents, storage, flood });
  const requisites = bankRequisiteService({
    db,
    bankDirectory: bankDirectory === undefined ? bankDirectoryFrom(config) : bankDirectory,
    now: clock,
    onDirectoryError: (err) => app.log.warn({ err }, 'bank directory failed'),
  });
  await app.register(bankRequisiteRoutes, { checkResponses, requisites });
  await app.register(userRoutes, routeOptions);
  await app.register(organizationModule, { checkResponses, config, storage, sms: codes.sms, limiter: codes.limiter, limits: codes.limits, flood, now });
  await app.register(addressRoutes, routeOptions);
  await app.register(callbackRoutes, routeOptions);
  await app.register(executorRoutes, routeOptions);
  await app.register(customerRoutes, routeOptions);
  await app.register(facilityRoutes, { ...routeOptions, storage, flood });
  await app.register(messagingRoutes, { checkResponses, storage, now: clock, flood });
  await app.register(profileServiceRoutes, routeOptions);
  await app.register(documentRoutes, { ...routeOptions, storage });
  await app.register(tilesRoutes, routeOptions);
  await app.register(sitemapRoutes, routeOptions);

  const implemented = allCalls.filter((c) => app.hasRoute({ method: c.method, url: `/api/${c.path}` }));
  await app.register(openApiPlugin, { calls: implemented, version: config.version });
  return app;
}
