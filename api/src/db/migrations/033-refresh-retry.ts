// A renewal whose answer was lost (the connection dropped after the commit, a proxy's 502) used to
// end the session: the client still held the old refresh token, sent it again, and that read as
// reuse (QA Y-1). A renewal may now name itself with an `Idempotency-Key`; the same key with the
// same old token, soon after and while its successor is unused, is the same renewal sent again,
// and gets a fresh successor in place of the one that never arrived. Anything else is still reuse.

export const sql = /* sql */ `
alter table auth_refresh_tokens add column rotation_key_hash text;
alter table auth_refresh_tokens add column successor_id integer references auth_refresh_tokens (id) on delete set null;
`;
