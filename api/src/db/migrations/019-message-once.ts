// A message sent again after its first send failed or was cancelled on the way (the connection
// dropped, the user pressed «Отменить отправку») while the server had it already: the client sends
// the same key with it again, and the message is kept once. The key is the author profile's.

export const sql = /* sql */ `
alter table messages add column client_key text;
create unique index messages_client_key_once on messages (author_profile_id, client_key) where client_key is not null;
`;
