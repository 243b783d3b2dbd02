// The profile a notification is about: a user with several profiles (his own executor profile, an
// organisation he works for) opens its link as that profile, as the application it names is one
// only that profile may see. Null for what concerns the user himself (invites) and older rows.

export const sql = /* sql */ `
alter table notifications add column profile_id integer references profiles(id) on delete set null;
`;
