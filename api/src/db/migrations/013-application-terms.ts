// A text query of the public application list at 100,000 applications (issue 12, item 4), on a
// server with pg_trgm (where migration 010 stored `search_text`).
//
// Each word of the query is looked up as a substring of the normalised text (db/sql.ts,
// `substringStems`). The trigram index finds the candidates, but each one is then fetched from the
// applications and rechecked: a word on 2,500 published applications read 2,251 of the table's
// 10,092 blocks, 12–14 ms of a 14 ms statement, and it grew with the table.
//
// A word of the query has no whitespace, so it is a substring of the text exactly when it is a
// substring of one of the text's whitespace-separated words. The published applications' words are
// kept here: `search_terms` holds each distinct word once (its trigram index finds the words that
// contain a query's word: a few hundred or thousand rows, not the applications), and
// `application_terms` holds one row per word and published application, with the application's
// sort keys beside it. A text query is counted and paged from that index alone (index-only).
//
// Kept by statement triggers in the statement that changes the applications (so in its
// transaction): a new application's words are added if it is published; an update that changes
// the status, the text or a sort key writes the application's rows again (only published ones have
// rows); a deleted application's rows go by the foreign key. Words are never removed from
// `search_terms` (a word no application has any more finds no rows).
export const sql = /* sql */ `
do $$
declare
  ext_schema text;
begin
  select n.nspname into ext_schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm';
  if ext_schema is not null and exists (
    select 1 from information_schema.columns where table_schema = current_schema() and table_name = 'applications' and column_name = 'search_text'
  ) then
    execute $ddl$
      create table search_terms (
        id serial primary key,
        term text not null unique
      );
      create table application_terms (
        term_id int not null references search_terms (id),
        application_id int not null references applications (id) on delete cascade,
        created_at timestamptz not null,
        price numeric(14, 2),
        deadline date,
        name_key text collate "C" not null,
        primary key (term_id, application_id) include (created_at, price, deadline, name_key)
      );
      create index application_terms_application_idx on application_terms (application_id);

      create function application_terms_write(ids int[]) returns void language sql as $fn$
        insert into search_terms (term)
          select distinct w from applications a, regexp_split_to_table(a.search_text, '\\s+') w
          where a.id = any(ids) and a.status = 'published' and w <> ''
          order by 1
          on conflict (term) do nothing;
        insert into application_terms (term_id, application_id, created_at, price, deadline, name_key)
          select distinct s.id, a.id, a.created_at, a.price, a.deadline, lower(a.name) collate "C"
          from applications a
          cross join lateral regexp_split_to_table(a.search_text, '\\s+') w
          join search_terms s on s.term = w
          where a.id = any(ids) and a.status = 'published';
      $fn$;

      create function application_terms_sync() returns trigger language plpgsql as $fn$
      declare
        changed int[];
      begin
        if tg_op = 'INSERT' then
          select array_agg(id) into changed from new_rows where status = 'published';
        else
          select array_agg(n.id) into changed from new_rows n join old_rows o on o.id = n.id
          where (n.status, n.search_text, n.price, n.deadline, n.name, n.created_at)
            is distinct from (o.status, o.search_text, o.price, o.deadline, o.name, o.created_at);
          if changed is not null then
            delete from application_terms where application_id = any(changed);
          end if;
        end if;
        if changed is not null then
          perform application_terms_write(changed);
        end if;
        return null;
      end
      $fn$;
      create trigger applications_terms_insert after insert on applications
        referencing new table as new_rows for each statement execute function application_terms_sync();
      create trigger applications_terms_update after update on applications
        referencing old table as old_rows new table as new_rows for each statement execute function application_terms_sync();

      select application_terms_write(array(select id from applications where status = 'published'));
    $ddl$;
    execute format('create index search_terms_trgm_idx on search_terms using gin (term %I.gin_trgm_ops)', ext_schema);
  end if;
end
$$;
`;
