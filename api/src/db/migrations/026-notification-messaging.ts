// The conversation a message notification is about (kind 'message', one per new message to each
// user acting for the receiving profile): `message/read` marks the reader's notices of that
// conversation read with its messages. A conversation that goes (its application or a party
// deleted) takes its notices along: they would lead nowhere. Null for every other notification.
//
// Index: the foreign key's, so deleting a conversation finds its notices without a scan.

export const sql = /* sql */ `
alter table notifications add column messaging_id integer references messagings(id) on delete cascade;
create index notifications_messaging_idx on notifications (messaging_id) where messaging_id is not null;
`;
