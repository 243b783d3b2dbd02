import type { BalanceHistoryItem, BalanceHistoryKind, PayoutItem, Withdrawal, WithdrawalBody } from 'shared/contract';
import { PAYOUT_CURRENCY, payoutStatusLabels } from 'shared/contract';
import type { Db } from '../../db';
import { AppError } from '../../http/errors';
import { idempotencyKeyHeader } from '../../http/idempotency-key';
import { activeProfile, managedProfile, missedRow } from '../../policy/cabinet';
import type { Caller } from '../../policy/caller';
import { bankRequisiteRepository } from '../bank-requisite/repository';
import { BANK_REQUISITE_MESSAGES } from '../bank-requisite/service';
import { roublesToKopecks } from '../payment/amounts';
import { moneyCabinetRepository, type StatementKind, type StatementRow } from './cabinet-repository';
import { MONEY_MESSAGES, type PayoutResult } from './ledger';
import { moneyRepository } from './repository';
import type { MoneyService } from './service';

export const CABINET_MONEY_MESSAGES = {
  accepted: 'Заявка на вывод средств принята',
  keyMissing: 'Не передан заголовок Idempotency-Key: обновите страницу и повторите вывод средств',
  requisiteNotFound: 'Банковские реквизиты не найдены',
  rublesOnly: 'Вывод средств возможен только на счёт в рублях',
} as const;

/** The `Idempotency-Key` header, or a 422 in Russian: a withdrawal without one could be paid twice. */
export function idempotencyKeyOf(header: string | string[] | undefined): string {
  const key = idempotencyKeyHeader(header);
  if (key === null) throw new AppError(422, 'idempotency_key_required', CABINET_MONEY_MESSAGES.keyMissing);
  return key;
}

const roubles = (kopecks: number): number => kopecks / 100;

const maskAccount = (account: string): string => `••••${account.slice(-4)}`;

function titleOf(row: StatementRow): string {
  const app = row.applicationNumber !== null ? ` № ${row.applicationNumber}` : '';
  switch (row.kind) {
    case 'opening':
      return 'Остаток на начало учёта';
    case 'hold':
      if (row.settled === 'release') return `Оплата по заявке${app} удерживалась до приёмки работ`;
      if (row.settled === 'refund') return `Оплата по заявке${app} удерживалась, затем возвращена`;
      return `Оплата по заявке${app} удерживается до приёмки работ`;
    case 'hold_released':
      return `Оплата по заявке${app} передана исполнителю после приёмки работ`;
    case 'release':
      return `Оплата за выполненную заявку${app}`;
    case 'fee':
      return `Комиссия платформы по заявке${app}`;
    case 'refund':
      return `Возврат оплаты по заявке${app}`;
    case 'withdrawal': {
      const account = row.payoutAccount !== null ? ` ${maskAccount(row.payoutAccount)}` : '';
      return `Вывод средств на банковский счёт${account}${row.payoutId !== null ? ` (выплата № ${row.payoutId})` : ''}`;
    }
    case 'payout_failed':
      return row.payoutId !== null ? `Возврат на баланс: выплата № ${row.payoutId} не выполнена` : 'Возврат на баланс: выплата не выполнена';
    case 'payment_to_balance':
      if (row.creditReason === 'already_paid') return `Повторный платёж по заявке${app} зачислен на баланс: заявка уже оплачена`;
      if (row.creditReason === 'not_awaiting') return `Платёж по заявке${app} зачислен на баланс: заявка не ожидала оплаты`;
      return `Платёж по заявке${app} зачислен на баланс: сумма не совпала со счётом`;
  }
}

/**
 * The contract's kind of a statement line. A bank payment put on the balance has no kind of its
 * own there yet: it is the customer's payment coming back to him, which is what `refund` says.
 * A held payment's release is a `hold` line: informational, it is the held sum's news.
 */
const contractKind = (kind: StatementKind): BalanceHistoryKind =>
  kind === 'payment_to_balance' ? 'refund' : kind === 'hold_released' ? 'hold' : kind;

export interface MoneyCabinetDeps {
  db: Db;
  money: MoneyService;
  /**
   * Called after a new (not replayed) withdrawal commits: the payout worker sends it at once, and
   * the profile's other tabs hear its balance moved.
   */
  onWithdrawal?: (payoutId: number, profileId: number) => void;
}

/** The cabinet's money calls (ARCHITECTURE §8): statement, withdrawals and their list. */
export function moneyCabinet({ db, money, onWithdrawal }: MoneyCabinetDeps) {
  const answer = (r: PayoutResult): Withdrawal => ({
    id: r.id,
    amount: roubles(r.amountKopecks),
    amountKopecks: r.amountKopecks,
    status: r.status,
    balance: roubles(r.balanceKopecks),
    balanceKopecks: r.balanceKopecks,
  });

  return {
    async history(caller: Caller, page: number, limit: number) {
      const profile = activeProfile(caller);
      const { items, total } = await moneyCabinetRepository(db).statement(profile.id, (page - 1) * limit, limit);
      const lines: BalanceHistoryItem[] = items.map((r) => ({
        id: r.id,
        kind: contractKind(r.kind),
        title: titleOf(r),
        amount: roubles(r.amountKopecks),
        amountKopecks: r.amountKopecks,
        informational: r.informational,
        applicationId: r.applicationId,
        applicationNumber: r.applicationNumber,
        payoutId: r.payoutId,
        payoutStatus: r.payoutStatus,
        payoutFailureReason: r.payoutFailureReason,
        createdAt: r.createdAt,
      }));
      return { items: lines, total, page, limit };
    },

    async payouts(caller: Caller, page: number, limit: number) {
      const profile = activeProfile(caller);
      const { items, total } = await moneyCabinetRepository(db).payouts(profile.id, (page - 1) * limit, limit);
      const list: PayoutItem[] = items.map((p) => ({
        id: p.id,
        amount: roubles(p.amountKopecks),
        amountKopecks: p.amountKopecks,
        status: p.status,
        statusLabel: payoutStatusLabels[p.status],
        failureReason: p.failureReason,
        bankRequisite: p.requisite && {
          id: p.requisite.id,
          recipientName: p.requisite.recipientName,
          bankName: p.requisite.bankName,
          accountMasked: maskAccount(p.requisite.account),
        },
        createdAt: p.createdAt,
        updatedAt: p.updatedAt,
      }));
      return { items: list, total, page, limit };
    },

    /**
     * One transaction: the key's payout if there is one (the same answer, nothing moves), else
     * the requisite (the profile's own, live, in roubles; locked against deletion until commit;
     * another profile's is a 403) and the ledger's withdrawal, which locks the balance and refuses
     * to take it below zero.
     */
    async withdraw(caller: Caller, body: WithdrawalBody, keyHeader: string | string[] | undefined): Promise<{ data: Withdrawal; message: string }> {
      const profile = managedProfile(caller);
      const idempotencyKey = idempotencyKeyOf(keyHeader);
      const amountKopecks = roublesToKopecks(body.amount);
      const input = { profileId: profile.id, amountKopecks, idempotencyKey, bankRequisiteId: body.bankRequisiteId };
      const result = await db.transaction(async (tx) => {
        const ledger = money.on(tx);
        const sameKey = async () => {
          const existing = await moneyRepository(tx).payoutByKey(profile.id, idempotencyKey);
          if (existing && (existing.amountKopecks !== amountKopecks || existing.bankRequisiteId !== body.bankRequisiteId)) {
            throw new AppError(409, 'idempotency_key_reused', MONEY_MESSAGES.keyReused);
          }
          return existing;
        };
        if (await sameKey()) return ledger.withdraw(input);
        // Another profile's requisite is a 403 (ARCHITECTURE §8: a call by anyone else); a deleted or absent one a 404.
        const requisite =
          (await moneyCabinetRepository(tx).requisiteForWithdrawal(profile.id, body.bankRequisiteId)) ??
          missedRow(await bankRequisiteRepository(tx).ownerOf(body.bankRequisiteId), profile, {
            notFound: CABINET_MONEY_MESSAGES.requisiteNotFound,
            forbidden: BANK_REQUISITE_MESSAGES.forbidden,
          });
        if (requisite.currencyCode !== PAYOUT_CURRENCY) {
          throw new AppError(422, 'validation', CABINET_MONEY_MESSAGES.rublesOnly, { bankRequisiteId: CABINET_MONEY_MESSAGES.rublesOnly });
        }
        const r = await ledger.withdraw(input);
        // A request with the same key committed while this one waited for the balance's lock.
        if (r.replayed) await sameKey();
        return r;
      });
      if (!result.replayed) onWithdrawal?.(result.id, profile.id);
      return { data: answer(result), message: CABINET_MONEY_MESSAGES.accepted };
    },
  };
}

export type MoneyCabinet = ReturnType<typeof moneyCabinet>;
