// A payout named its bank requisite by id alone, and the worker and the statements read that row as
// it is now: editing a requisite after a withdrawal sent the pending payout to the new account and
// rewrote where the paid ones went (QA TTT-1). A payout now keeps the requisite's details as they were
// when the withdrawal was accepted. Earlier payouts take their requisite's present details, the best
// record there is of them.

export const sql = /* sql */ `
alter table payouts
  add column requisite_recipient_name text,
  add column requisite_inn varchar(12),
  add column requisite_bic varchar(9),
  add column requisite_account varchar(20),
  add column requisite_bank_name text;
update payouts p set
  requisite_recipient_name = r.recipient_name,
  requisite_inn = r.inn,
  requisite_bic = r.bic,
  requisite_account = r.account,
  requisite_bank_name = r.bank_name
from bank_requisites r where r.id = p.bank_requisite_id;
`;
