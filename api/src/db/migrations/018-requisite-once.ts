// A profile names an account of a bank once among its live requisites: a second one alike was
// only a doubled line in the payout form. The unique index decides (two requests at once included);
// the API answers its violation with a 409 on the account field. Duplicates added before it are
// hidden as a deletion hides them (payouts keep naming the rows), the latest changed one kept.

export const sql = /* sql */ `
update bank_requisites r set deleted_at = now(), updated_at = now()
where r.deleted_at is null and exists (
  select 1 from bank_requisites k
  where k.profile_id = r.profile_id and k.bic = r.bic and k.account = r.account and k.deleted_at is null
    and (k.updated_at, k.id) > (r.updated_at, r.id)
);
create unique index bank_requisites_account_once on bank_requisites (profile_id, bic, account) where deleted_at is null;
`;
