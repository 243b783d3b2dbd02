// The page of a one-word text query in the public list's default order (the name, ascending) where
// migration 013 keeps the published applications' words (application/repository.ts, `termPageSql`):
// each word's rows in that order, so a page reads the first rows of each word that contains the
// query's word instead of sorting every match (about 2,500 for «ремонт» at 100,000 applications).
// Index-only: the page needs the application and its key.
export const sql = /* sql */ `
do $$
begin
  if to_regclass('application_terms') is not null then
    create index application_terms_name_idx on application_terms (term_id, name_key, application_id);
  end if;
end
$$;
`;
