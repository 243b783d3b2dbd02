// Alphabetical sorts put ё with е, as Russian collation does. Their key was `lower(name)` in
// collation "C", byte by byte, which put «Ёмкость» after «Ясли» (ё is U+0451, after я); it is now
// db/sql.ts's `nameSortKey`, `translate(lower(name), 'ё', 'е') collate "C"`. A sort is read from an
// index only where the query repeats the index's expression exactly, so each index of the old key
// is built again on the new one under its old name (the old key has no reader left), and the
// published applications' words (migration 013) keep the new key beside each word.

/** `nameSortKey('name')`, written out: an applied migration must not change with the helper. */
const KEY = `(translate(lower(name), 'ё', 'е') collate "C")`;

export const sql = /* sql */ `
drop index applications_name_idx;
create index applications_name_idx on applications (${KEY}, id);
drop index applications_pub_name_asc_idx;
create index applications_pub_name_asc_idx on applications (${KEY}, id) where status = 'published';
drop index applications_pub_name_desc_idx;
create index applications_pub_name_desc_idx on applications (${KEY} desc, id) where status = 'published';
drop index applications_pub_city_name_idx;
create index applications_pub_city_name_idx on applications (city_fias_id, ${KEY}, id) where status = 'published';

drop index profiles_name_idx;
create index profiles_name_idx on profiles (${KEY}, id);
drop index profiles_executor_name_asc_idx;
create index profiles_executor_name_asc_idx on profiles (${KEY}, id) where offers_services and type in ('executor', 'organization');
drop index profiles_executor_name_desc_idx;
create index profiles_executor_name_desc_idx on profiles (${KEY} desc, id) where offers_services and type in ('executor', 'organization');

-- Migration 013's writer of the words, with the new key; the kept keys that differ (names with ё) follow.
do $$
begin
  if to_regclass('application_terms') is not null then
    create or replace function application_terms_write(ids int[]) returns void language sql as $fn$
      insert into search_terms (term)
        select distinct w from applications a, regexp_split_to_table(a.search_text, '\\s+') w
        where a.id = any(ids) and a.status = 'published' and w <> ''
        order by 1
        on conflict (term) do nothing;
      insert into application_terms (term_id, application_id, created_at, price, deadline, name_key)
        select distinct s.id, a.id, a.created_at, a.price, a.deadline, translate(lower(a.name), 'ё', 'е') collate "C"
        from applications a
        cross join lateral regexp_split_to_table(a.search_text, '\\s+') w
        join search_terms s on s.term = w
        where a.id = any(ids) and a.status = 'published';
    $fn$;
    update application_terms t set name_key = translate(lower(a.name), 'ё', 'е')
      from applications a where a.id = t.application_id and t.name_key <> translate(lower(a.name), 'ё', 'е');
  end if;
end
$$;
`;
