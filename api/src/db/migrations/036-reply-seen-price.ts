// A reply «по цене заявки» agreed to the application's price as its sender saw it (the send checks
// it: `seenPrice`), but kept nothing of it: a customer who lowered the price afterwards named him at
// the lower one (QA WWW-1: 1 000 ₽ seen, named at 300 ₽). The price it was sent at is kept here; the
// naming takes it, or the application's price if the customer has raised it since. Null for a reply
// with a price of its own, and for replies sent before this column.

export const sql = /* sql */ `
alter table application_replies add column seen_price numeric(14,2);
`;
