/** What a payout provider is told: the payout's id is its idempotency key. */
export interface PayoutOrder {
  /** The platform's payout id: asking twice for one id pays once and answers the first result. */
  payoutId: number;
  amountKopecks: number;
  /** Settlement account, 20 digits. */
  account: string;
  bic: string;
  recipientName: string;
  inn: string;
}

export interface PayoutAnswer {
  /** `pending`: the bank has the order and answers later; ask again with the same payout id. */
  status: 'completed' | 'failed' | 'pending';
  /** The provider's reference of the transfer. */
  reference: string | null;
  /** Why it failed, in Russian when the provider says so. */
  reason?: string;
}

/**
 * A bank or payment service that sends money out (ARCHITECTURE §8 "Payment and money").
 * `send` must be idempotent by `payoutId`: the worker asks again after a crash or a timeout.
 * A thrown error means "unknown": the payout stays pending and is asked again later.
 */
export interface PayoutProvider {
  readonly name: string;
  send(order: PayoutOrder): Promise<PayoutAnswer>;
}
