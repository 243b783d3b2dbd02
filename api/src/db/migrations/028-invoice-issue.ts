// The customer's invoice as issued (spec §8's payment-invoices/download): its ordinal and its date.
// An invoice is issued when an executor is named and again when the agreed price changes while the
// payment awaits; each issue is another invoice for another sum, so it gets its own number
// («№ 10077», then «№ 10077-2») and its own date, and every download of one issue is the same
// document. Before this, the number was the application's alone and the date the last naming's, so
// an application's second invoice repeated the first one's number and date for another sum.
//
// Applications named before keep the invoice they had: one issue per naming in their history,
// dated at the last naming.

export const sql = /* sql */ `
alter table applications
  add column invoice_issue integer not null default 0,
  add column invoice_issued_at timestamptz;

update applications a set invoice_issue = h.issues, invoice_issued_at = h.last_at
from (
  select application_id, count(*)::int as issues, max(created_at) as last_at
  from application_history where to_status = 'executor_named'
  group by application_id
) h
where h.application_id = a.id;
`;
