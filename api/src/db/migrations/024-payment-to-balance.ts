// A bank payment that matches no open invoice (ARCHITECTURE §8 "Payment and money"): a sum other
// than the invoice's, or a second payment of a paid application. The money has reached the
// platform's account, so it is kept: posted to the customer profile's balance as a
// 'payment_to_balance' transaction (platform:bank → profile:<id>), under the same operation key as
// a payment, so a replay of the operation finds it. `credit_reason` says why, for the statement's
// line: the application's state at the time is not kept anywhere else.

export const sql = /* sql */ `
alter table ledger_transactions drop constraint ledger_transactions_kind_check;
alter table ledger_transactions add constraint ledger_transactions_kind_check check (kind in (
  'opening', 'payment', 'release', 'refund', 'withdrawal', 'payout', 'payout_failed', 'payment_to_balance'));
alter table ledger_transactions add column credit_reason text
  check (credit_reason in ('wrong_amount', 'already_paid', 'not_awaiting'));
alter table ledger_transactions add constraint ledger_transactions_credit_reason_kind_check
  check ((kind = 'payment_to_balance') = (credit_reason is not null));
`;
