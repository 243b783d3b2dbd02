// A write cut by an API process's crash left its claim with no answer. The same node started again
// takes it back at once (migration 038), but a re-send another node took waited 20 s and was told
// «Этот запрос ещё выполняется» for up to two minutes of a write nothing ran any more. Each start of
// an API process that listens now says it is alive here every few seconds (request-answers/liveness.ts):
// a claim whose start has not said so for half a minute died with it, and any node takes the key back.
export const sql = /* sql */ `
create table api_starts (
  id serial primary key,
  start text not null unique,
  node text not null,
  started_at timestamptz not null default now(),
  seen_at timestamptz not null default now()
);
`;
