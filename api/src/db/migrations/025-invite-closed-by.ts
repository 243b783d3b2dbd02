// Who closed an employee invite, so its code is answered for what became of it (ARCHITECTURE §8
// "Employees"): `invitee` (accepted or declined it), `director` (withdrew it, or its SMS failed),
// `reinvite` (a new invite to the phone replaced it). The status alone ('cancelled') does not say.
//
// Backfill: an accepted invite was the invitee's; a cancelled one that names the invitee in
// approved_by was declined by him (stored so since declines began to record him). Older declines
// were stored exactly as withdrawals and replacements are (status 'cancelled', approved_by null, no
// notification, no log): who closed them was never recorded, so they stay null — «unknown», answered
// as neither declined nor withdrawn.
//
// Indexes: a code that no longer works is looked up by its hash among the closed invites (the
// pending ones' unique index is partial and cannot serve `status <> 'pending'`), and whether the
// organisation invited the phone again after it, by organisation, phone and id.

export const sql = /* sql */ `
alter table organization_invites add column closed_by text check (closed_by in ('invitee', 'director', 'reinvite'));
alter table organization_invites add constraint organization_invites_pending_open_check check (status <> 'pending' or closed_by is null);
update organization_invites set closed_by = 'invitee'
  where status = 'approved' or (status = 'cancelled' and approved_by is not null);
create index organization_invites_closed_code_idx on organization_invites (code_hash) where status <> 'pending';
create index organization_invites_organization_phone_idx on organization_invites (organization_id, phone, id);
`;
