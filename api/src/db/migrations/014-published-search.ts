// The full-text index of the published applications alone (issue 12, item 4). A text query that the
// trigram path does not take (PGlite, which has no pg_trgm; on a server a word whose stem is shorter
// than 4 letters, «окна» → «окн», or a word of 1–2 letters) read the index of every status: at
// 100,000 applications the planner then ANDed its bitmap with the 30,000 published entries of
// applications_status_idx (2 ms of a 13 ms statement for «окна») and fetched the matches of every
// status. Only the public list (published applications) reads `search`: the cabinet's own lists match
// the name with LIKE.
export const sql = /* sql */ `
drop index applications_search_idx;
create index applications_pub_search_idx on applications using gin (search) where status = 'published';
`;
