// Public lists at 100,000 applications (issue 12, item 4): ё/е-insensitive text filters, substring
// search through pg_trgm where the server has it, indexes behind the capped counts, and the
// sitemap's reads by id. query-plan.test.ts checks the plans on PGlite and PostgreSQL.
//
// The normalised text is `translate(lower(x), 'ё', 'е')` (db/sql.ts's `normText`; with pg_trgm it is
// stored as `search_text`). The Russian stemmer already folds ё to е in tsvectors.

// The trigram part, on its own: migration 016 runs it again where pg_trgm came later (PGlite, which
// loads it since then, on a data folder migrated before).
export const trigramSearch = /* sql */ `
do $$
declare
  ext_schema text;
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_trgm') then
    begin
      create extension if not exists pg_trgm schema public;
    exception when insufficient_privilege or unique_violation or duplicate_object then
      null;
    end;
    select n.nspname into ext_schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm';
    if ext_schema is not null then
      -- The normalised text is stored, so a trigram match's recheck compares a column instead of
      -- folding every candidate's name and description again.
      alter table applications add column search_text text generated always as (translate(lower(name || ' ' || description), 'ё', 'е')) stored;
      alter table profiles add column search_text text generated always as (translate(lower(name || ' ' || coalesce(description, '')), 'ё', 'е')) stored;
      execute format('create index applications_text_trgm_idx on applications using gin (search_text %I.gin_trgm_ops) where status = %L', ext_schema, 'published');
      execute format('create index profiles_text_trgm_idx on profiles using gin (search_text %I.gin_trgm_ops)', ext_schema);
    end if;
  end if;
end
$$;
`;

export const sql = /* sql */ `
-- The sitemap's <lastmod> of a service; set by every later change of a row.
alter table services add column updated_at timestamptz not null default now();

-- The customer picker matches word prefixes of the name, unstemmed: fold ё to е on both sides.
drop index profiles_name_search_idx;
create index profiles_name_search_idx on profiles using gin (to_tsvector('simple', translate(lower(name), 'ё', 'е')));

-- An executor is an executor or organisation profile with a service (executor/repository.ts). Whether
-- a profile has one is kept on the profile by a trigger, so the catalogue reads executors from
-- partial indexes instead of joining every profile to profile_services.
alter table profiles add column offers_services boolean not null default false;
update profiles p set offers_services = true where exists (select 1 from profile_services s where s.profile_id = p.id);
create function profiles_offers_services_sync() returns trigger language plpgsql as $fn$
begin
  if tg_op = 'INSERT' then
    update profiles set offers_services = true where id = new.profile_id and not offers_services;
  else
    update profiles set offers_services = exists (select 1 from profile_services s where s.profile_id = old.profile_id)
    where id = old.profile_id;
  end if;
  return null;
end
$fn$;
create trigger profile_services_offers_services after insert or delete on profile_services
  for each row execute function profiles_offers_services_sync();

create index profiles_executor_id_idx on profiles (id) include (updated_at) where offers_services and type in ('executor', 'organization');
create index profiles_executor_city_idx on profiles (city_fias_id, id) where offers_services and type in ('executor', 'organization');
create index profiles_executor_name_asc_idx on profiles ((lower(name) collate "C"), id) where offers_services and type in ('executor', 'organization');
create index profiles_executor_name_desc_idx on profiles ((lower(name) collate "C") desc, id) where offers_services and type in ('executor', 'organization');
create index profiles_executor_created_asc_idx on profiles (created_at, id) where offers_services and type in ('executor', 'organization');
create index profiles_executor_created_desc_idx on profiles (created_at desc, id) where offers_services and type in ('executor', 'organization');

-- Sitemap pages of published applications, read by id from an index alone.
create index applications_pub_id_idx on applications (id) include (updated_at) where status = 'published';

-- Substring search (a PostgreSQL server with pg_trgm): trigram indexes over the normalised text of
-- what the public lists search. PGlite has no pg_trgm unless loaded, so there the lists keep
-- full-text prefix search alone; the API looks for these indexes at start (db/features.ts).
${trigramSearch}`;
