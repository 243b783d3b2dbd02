import type { BalanceHistoryKind } from 'shared/lk';

/** The kind of a history line in Russian: said in words next to the amount, not by colour alone. */
export const HISTORY_KIND_LABELS: Record<BalanceHistoryKind, string> = {
  opening: 'Начальный остаток',
  hold: 'Удержание',
  release: 'Поступление',
  fee: 'Комиссия',
  refund: 'Возврат',
  withdrawal: 'Вывод',
  payout_failed: 'Возврат невыплаченного',
};

export type AmountTone = 'in' | 'out' | 'neutral';

/** Sign and tone of a line: money in, money out, or a line that does not change the balance. */
export function toneOf(amountKopecks: number, informational: boolean): AmountTone {
  if (informational || amountKopecks === 0) return 'neutral';
  return amountKopecks > 0 ? 'in' : 'out';
}
