// An upload sent again after its answer was lost (the server stored the file, the connection
// dropped on the way back), or the same file chosen again, must not add a second copy (QA CCC-2):
// the documents an upload adds keep the SHA-256 of their bytes, and an upload of the same content,
// name and visibility to the same owner answers the document already there. Rows stored before have
// none and never match. No unique index: older data may hold such copies already.

export const sql = /* sql */ `
alter table application_documents add column sha256 char(64);
alter table facility_documents add column sha256 char(64);
alter table organization_documents add column sha256 char(64);
`;
