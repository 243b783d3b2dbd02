import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import type { Clock } from '../../lib/clock';
import { partyLookupFrom } from '../../providers/dadata';
import type { SmsProvider } from '../../providers/sms';
import type { FileStorage } from '../../providers/storage';
import type { AuthLimits } from '../auth/settings';
import type { FloodLimiter } from '../auth/rate-limit/flood-limits';
import type { RateLimiter } from '../auth/rate-limit/service';
import { notificationService } from '../notification/service';
import { employeesService } from './employees-service';
import { invitesService } from './invites-service';
import { organizationRoutes } from './routes';
import { organizationService } from './service';

export interface OrganizationModuleOptions {
  checkResponses: boolean;
  config: AppConfig;
  storage: FileStorage;
  sms: SmsProvider;
  limiter: RateLimiter;
  limits: AuthLimits;
  flood: FloodLimiter;
  now?: Clock;
}

/** Builds the organisation services from the app's providers and registers their routes. */
export async function organizationModule(app: FastifyInstance, o: OrganizationModuleOptions) {
  const db = app.db;
  const parties = partyLookupFrom(o.config, (err) => app.log.warn({ reason: (err as Error)?.message }, 'dadata party lookup failed'));
  const notifications = notificationService({ db, io: app.io });
  await organizationRoutes(app, {
    checkResponses: o.checkResponses,
    storage: o.storage,
    flood: o.flood,
    organizations: organizationService({ db, storage: o.storage, parties, io: app.io, log: app.log, notify: (n) => notifications.notify(n) }),
    employees: employeesService({ db, io: app.io, log: app.log, notify: (n) => notifications.notify(n) }),
    invites: invitesService({
      db,
      sms: o.sms,
      limiter: o.limiter,
      limits: o.limits,
      secret: o.config.jwtSecret,
      now: o.now ?? Date.now,
      notify: (n) => notifications.notify(n),
      io: app.io,
      log: app.log,
    }),
  });
}
