// A facility created again after its first create's answer was lost (the connection dropped on the
// way back, the server had it already): the form sends the same key with it again, and the facility
// is made once, with one copy of its documents. The key is the facility's profile's.

export const sql = /* sql */ `
alter table facilities add column client_key text;
create unique index facilities_client_key_once on facilities (profile_id, client_key) where client_key is not null;
`;
