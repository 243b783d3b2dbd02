// Sliding-window rate limits (auth/rate-limit): at most `max` events in any `windowSeconds`, not
// per clock-aligned window, where 5 an hour let 5 through at 10:59 and 5 more at 11:00. Each
// counted event is a row (a sliding log); `expires_at` is when it leaves its window, for the sweep.
// The fixed windows' counts still running are carried over as events at their window's start:
// they leave when that window would have ended, so the upgrade opens no limit early.

export const sql = /* sql */ `
create table rate_limit_events (
  id bigint generated always as identity primary key,
  key text not null,
  at timestamptz not null,
  expires_at timestamptz not null
);
create index rate_limit_events_key_at_idx on rate_limit_events (key, at);
create index rate_limit_events_expires_idx on rate_limit_events (expires_at);

insert into rate_limit_events (key, at, expires_at)
select c.key, c.window_start, c.expires_at
from rate_limit_counters c, generate_series(1, least(c.hits, 1000))
where c.expires_at > now();

drop table rate_limit_counters;
`;
