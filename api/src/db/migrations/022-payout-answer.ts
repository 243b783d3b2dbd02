// A withdrawal's answer as first given (ARCHITECTURE §8: the same Idempotency-Key twice gives the
// same answer): the balance it left. A retry after the payout was paid out, or after the balance
// moved on, is answered as the first time, not with what is true now. Null for older payouts.

export const sql = /* sql */ `
alter table payouts add column answered_balance_kopecks bigint;
`;
