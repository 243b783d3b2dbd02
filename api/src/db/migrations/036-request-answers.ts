// A write the browser sent again after its answer was lost (Chromium re-sends a request, POSTs
// included, when a reused connection breaks before the answer: QA EEE-2) ran twice: the second
// time a step already done answered 409 («Действие недоступно…») to the user who did it, and an
// upload made a second version. The app now names each write with an `Idempotency-Key`; its
// successful answer is kept here a day, and the same write with the same key gets it again
// (api/src/http/answer-replay.ts). `body_sha256` ties the key to the request it named.

export const sql = /* sql */ `
create table request_answers (
  id bigserial primary key,
  user_id integer not null references users(id) on delete cascade,
  key text not null,
  call text not null,
  body_sha256 char(64),
  status smallint not null,
  answer jsonb not null,
  created_at timestamptz not null default now(),
  unique (user_id, key)
);
create index request_answers_created_at on request_answers (created_at);
`;
