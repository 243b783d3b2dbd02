// A stop or a cancel set the deal's contract and report aside (deleted_at) like a replaced version,
// and nobody could read them again, though both sides may have signed them (QA AAL-2). A set-aside
// version now names the executor of the deal it belonged to: the customer and that executor still
// download it (`application/past-document/download`). Versions set aside before are found as
// dealEndOf finds a deal's end: deleted at the very time a stop or cancel closed that executor's reply.
// No foreign key: the mark outlives a deleted organisation profile (ids are never reused), so its
// customer keeps the documents, shown with no executor's name.

export const sql = /* sql */ `
alter table signed_documents add column set_aside_for integer;
update signed_documents d set set_aside_for = r.executor_profile_id
from application_replies r
where d.deleted_at is not null and r.application_id = d.application_id and r.updated_at = d.deleted_at
  and exists (select 1 from application_history h where h.application_id = d.application_id and h.created_at = d.deleted_at
                and h.to_status = case r.status when 'rejected' then 'stopped_by_customer' when 'withdrawn' then 'cancelled_by_executor' end);
`;
