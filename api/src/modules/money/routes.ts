import type { FastifyInstance } from 'fastify';
import { balanceHistoryGetCollection, balancePayoutGetCollection, balanceRefundVirtualAccount } from 'shared/contract';
import type { AppConfig } from '../../config';
import { callerRoutes } from '../../http/caller';
import { balanceChanged } from '../../plugins/socket';
import { createPayoutProvider } from '../../providers/payout';
import { moneyCabinet } from './cabinet';
import { payoutWorker } from './payout-worker';
import type { MoneyService } from './service';

export interface MoneyRouteOptions {
  checkResponses: boolean;
  config: Pick<AppConfig, 'payoutProvider' | 'payoutPollSeconds' | 'payoutClaimTimeoutSeconds'>;
  money: MoneyService;
  /** Run the payout worker with the app (the server does; tests run theirs by hand). */
  startPayoutWorker?: boolean;
}

/** The cabinet's money calls and, when asked, the payout worker that sends withdrawals out. */
export async function moneyRoutes(app: FastifyInstance, { checkResponses, config, money, startPayoutWorker = false }: MoneyRouteOptions) {
  const provider = createPayoutProvider(config, app.db);
  const worker = provider
    ? payoutWorker({
        db: app.db,
        money,
        provider,
        log: app.log,
        io: app.io,
        pollMs: config.payoutPollSeconds * 1000,
        claimTimeoutMs: config.payoutClaimTimeoutSeconds * 1000,
      })
    : null;
  if (startPayoutWorker) {
    if (worker) {
      // Once the port is the app's: a start refused (the port in use) sends no payout (QA III-6).
      app.addHook('onListen', async () => worker.start());
      app.addHook('preClose', async () => worker.stop());
    } else {
      app.log.warn('PAYOUT_PROVIDER=none: withdrawals are accepted and stay pending until a payout provider is configured');
    }
  }
  const cabinet = moneyCabinet({
    db: app.db,
    money,
    onWithdrawal: (_payoutId, profileId) => {
      worker?.kick();
      balanceChanged(app.io, profileId, app.log);
    },
  });

  const route = callerRoutes(app, { checkResponses });
  route(balanceHistoryGetCollection, async (caller, { query }) => ({ data: await cabinet.history(caller, query.page, query.limit) }));
  route(balancePayoutGetCollection, async (caller, { query }) => ({ data: await cabinet.payouts(caller, query.page, query.limit) }));
  route(balanceRefundVirtualAccount, (caller, { body, request }) => cabinet.withdraw(caller, body, request.headers['idempotency-key']));
}
