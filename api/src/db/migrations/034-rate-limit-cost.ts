// A rate limit may count amounts as well as events: the bytes a user uploads in a day (QA GG-4).
// Each counted event weighs `cost` (1 for every limit counted so far, hence the default), and a
// window holds at most `max` of their sum.

export const sql = /* sql */ `
alter table rate_limit_events add column cost bigint not null default 1;
`;
