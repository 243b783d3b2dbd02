// A title or description that looks like markup could not be found by its words (QA AAQ-7):
// PostgreSQL's text parser reads «<script>…</script>» as tags and skips what is inside a script or
// style element, so «<script>alert(1)</script>» was indexed as nothing at all. The texts are
// people's, never HTML: the full-text search now reads them with «<» and «>» as spaces (the
// profiles' expression is executor/repository.ts's PROFILE_TSVECTOR), so every word of it is a word.
// The applications' `search` is a stored generated column: dropped and added again with the new
// expression (PostgreSQL 15 cannot change one in place), with its partial index (migration 014).
export const sql = /* sql */ `
drop index applications_pub_search_idx;
alter table applications drop column search;
alter table applications add column search tsvector generated always as (
  to_tsvector('russian', translate(coalesce(name, '') || ' ' || coalesce(description, ''), '<>', '  '))
) stored;
create index applications_pub_search_idx on applications using gin (search) where status = 'published';

drop index profiles_search_idx;
create index profiles_search_idx on profiles using gin (to_tsvector('russian', translate(name || ' ' || coalesce(description, ''), '<>', '  ')));
`;
