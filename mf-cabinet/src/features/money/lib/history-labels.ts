export type AmountTone = 'in' | 'out' | 'neutral';

/**
 * Sign and tone of a line: money in, money out, or a line that does not change the balance. What
 * the line is, the API's title says in words (e.g. «Вывод средств на банковский счёт…»), each kind
 * its own: no label of the kind goes before it, which would say it twice.
 */
export function toneOf(amountKopecks: number, informational: boolean): AmountTone {
  if (informational || amountKopecks === 0) return 'neutral';
  return amountKopecks > 0 ? 'in' : 'out';
}
