// A write's re-send that came while the first sending still ran (a connection broken before the
// answer) ran beside it: on a PostgreSQL server both ran, an invite sent two codes, a message
// without a client key was sent twice (QA III-3). Now a keyed write claims its key here before it
// runs (a row with no answer yet, on every API node alike); the same write sent meanwhile waits for
// the answer (uploads are not claimed: QA LLL-2). `body_sha256` is then always set: the query, the
// body (an upload's length) and the acting profile the key was sent with; another request under the
// same key is refused.

export const sql = /* sql */ `
delete from request_answers where body_sha256 is null;
alter table request_answers alter column status drop not null, alter column answer drop not null, alter column body_sha256 set not null;
`;
