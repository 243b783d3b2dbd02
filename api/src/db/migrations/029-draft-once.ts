// A new application's draft save or publication sent again after its first one's answer was lost
// (the connection dropped on the way back, the server had it already): the form sends the same key
// with it again, and the application is made once. The key is the customer profile's.

export const sql = /* sql */ `
alter table applications add column client_key text;
create unique index applications_client_key_once on applications (customer_profile_id, client_key) where client_key is not null;
`;
