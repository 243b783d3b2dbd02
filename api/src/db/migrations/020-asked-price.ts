// The customer's own price while a deal's price stands in for it. Naming an executor writes the
// agreed price into `price` (ARCHITECTURE §8: the reply's, else the application's); the customer's
// is kept here and comes back when that executor leaves (a stop, a cancel), so a later executor
// who replied «по цене заявки» agrees to the customer's price, not the previous executor's bid.
// Null while no executor is named (and for deals named before this column).

export const sql = /* sql */ `
alter table applications add column asked_price numeric(14,2);
`;
