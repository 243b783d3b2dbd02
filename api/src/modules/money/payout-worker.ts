import { formatMoney } from 'shared/contract';
import type { Db } from '../../db';
import { balanceChanged } from '../../plugins/socket';
import type { PayoutAnswer, PayoutProvider } from '../../providers/payout';
import { notificationService, type NotificationEmitter, type NotificationEventPayload } from '../notification/service';
import { moneyCabinetRepository, type PayoutOrderRow } from './cabinet-repository';
import type { MoneyService } from './service';
import { periodic } from '../../lib/periodic';

export const NO_REQUISITE_REASON = 'Не указаны банковские реквизиты получателя';

/**
 * What the profile's money managers are told of a payout the bank refused (its money is back on the
 * balance). The sum is written as every notice and page writes money (shared `formatMoney`).
 */
export const payoutFailedMessage = (amountKopecks: number, reason: string) =>
  `Вывод ${formatMoney(amountKopecks / 100)} не выполнен: ${reason.replace(/\.$/, '')}. Деньги вернулись на баланс.`;

interface WorkerLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface PayoutWorkerDeps {
  db: Db;
  money: MoneyService;
  provider: PayoutProvider;
  log: WorkerLog;
  /** Where a failed payout's notifications and a settled one's balance event are pushed: the app's socket.io. */
  io: NotificationEmitter;
  /** PAYOUT_POLL_SECONDS in ms: how often pending payouts are looked for. */
  pollMs: number;
  /** PAYOUT_CLAIM_TIMEOUT_SECONDS in ms: a claim nobody answered within it is taken again. */
  claimTimeoutMs: number;
  now?: () => Date;
  /** Payouts claimed per query. */
  batch?: number;
}

export type PayoutOutcome = 'completed' | 'failed' | 'pending' | 'error' | 'taken';

export interface PayoutRun {
  completed: number;
  failed: number;
  /** The provider answered pending or could not be reached: asked again after the claim timeout. */
  pending: number;
  /** Another worker claimed it first. */
  taken: number;
}

/**
 * Sends pending payouts to the provider (ARCHITECTURE §8 "Payment and money").
 *
 * Each payout is claimed with a compare-and-set on `attempts` (two API nodes never send one
 * payout at the same time), sent with its id as the provider's idempotency key, then settled
 * with the ledger's guarded completePayout / failPayout (a failure returns the money). A crash
 * between sending and settling leaves the payout pending and claimed; after the claim timeout
 * any node asks the provider again, which answers the first transfer instead of making another.
 */
export function payoutWorker({ db, money, provider, log, io, pollMs, claimTimeoutMs, now = () => new Date(), batch = 20 }: PayoutWorkerDeps) {
  async function settle(order: PayoutOrderRow, answer: PayoutAnswer): Promise<PayoutOutcome> {
    if (answer.status === 'pending') {
      await moneyCabinetRepository(db).noteProviderAnswer(order.id, answer.reference, null);
      return 'pending';
    }
    const reason = answer.status === 'failed' ? answer.reason ?? 'Перевод не выполнен' : null;
    const told = await db.transaction(async (tx) => {
      const ledger = money.on(tx);
      const settled = answer.status === 'completed' ? await ledger.completePayout(order.id) : await ledger.failPayout(order.id);
      const repo = moneyCabinetRepository(tx);
      await repo.noteProviderAnswer(order.id, answer.reference, reason);
      // Told once (not again when the bank reports the same failure twice), in this transaction; pushed after it.
      const events: Array<[number, NotificationEventPayload]> = [];
      if (reason !== null && !settled.replayed) {
        const notices = notificationService({ db: tx, io });
        for (const userId of await repo.moneyManagers(order.profileId)) {
          // The profile it concerns: the bell opens /lk/money as that profile (a director's own or his organisation's).
          const notice = { userId, message: payoutFailedMessage(order.amountKopecks, reason), link: '/lk/money', profileId: order.profileId };
          events.push([userId, await notices.store(notice)]);
        }
      }
      return events;
    });
    const pushed = notificationService({ db, io });
    for (const [userId, event] of told) pushed.push(userId, event);
    // Paid out (the history's status) or refunded (the balance too): open money pages follow.
    balanceChanged(io, order.profileId, log);
    return answer.status;
  }

  async function processOne(id: number, seenAttempts: number): Promise<PayoutOutcome> {
    const at = now();
    const order = await moneyCabinetRepository(db).claimPayout(id, seenAttempts, at, new Date(at.getTime() - claimTimeoutMs));
    if (!order) return 'taken';
    try {
      if (order.account === null || order.bic === null) {
        return await settle(order, { status: 'failed', reference: null, reason: NO_REQUISITE_REASON });
      }
      const answer = await provider.send({
        payoutId: order.id,
        amountKopecks: order.amountKopecks,
        account: order.account,
        bic: order.bic,
        recipientName: order.recipientName ?? '',
        inn: order.inn ?? '',
      });
      const outcome = await settle(order, answer);
      log.info({ payoutId: order.id, attempt: order.attempts, outcome, provider: provider.name }, 'payout answered');
      return outcome;
    } catch (err) {
      // Unknown outcome: the claim runs out and the payout is asked again with the same id.
      log.error({ err, payoutId: order.id, attempt: order.attempts }, 'payout not settled, will retry');
      return 'error';
    }
  }

  /** Sends every payout due now; resolves when none is left (or after a bounded number of rounds). */
  async function drain(): Promise<PayoutRun> {
    const run: PayoutRun = { completed: 0, failed: 0, pending: 0, taken: 0 };
    for (let round = 0; round < 50; round++) {
      const due = await moneyCabinetRepository(db).duePayouts(new Date(now().getTime() - claimTimeoutMs), batch);
      for (const p of due) {
        const outcome = await processOne(p.id, p.attempts);
        if (outcome === 'error') run.pending++;
        else run[outcome]++;
      }
      if (due.length < batch) break;
    }
    return run;
  }

  const job = periodic({ run: drain, intervalMs: pollMs, firstRunMs: 0, onError: (err) => log.error({ err }, 'payout worker round failed') });

  return {
    /** One pass by hand (tests, or a caller that must not wait for the timer). */
    runOnce: job.runOnce,
    /** A payout was just created: send it now rather than at the next poll. No-op when stopped. */
    kick: job.kick,
    start(): void {
      if (job.start()) log.info({ provider: provider.name, pollMs, claimTimeoutMs }, 'payout worker started');
    },
    /** Stops polling and waits for a round in flight, so the database can be closed after. */
    stop: job.stop,
  };
}

export type PayoutWorker = ReturnType<typeof payoutWorker>;
