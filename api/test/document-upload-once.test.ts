/**
 * An upload whose answer was lost (the server stored the document, the connection dropped on the
 * way back) is sent again, or the same file is chosen again: the owner keeps one document, and the
 * second answer is that document (QA CCC-2). The same content under another name, another content
 * under the same name, or (where documents have it) the other visibility is another document.
 */
import { FACILITY_MESSAGES, type Facility } from 'shared/contract';
import { facilityFields } from './cabinet-helpers';
import { completeFields, makePerson, must, SAMPLE_PDF, setupDealApp, type DealContext, type FilePart, type Person } from './deal-helpers';
import { makeOrganization } from './organization-helpers';

let d: DealContext;
let typeId: number;

beforeAll(async () => {
  d = await setupDealApp();
  typeId = must(await d.api.get(null, 'profile/facility/get/type', {}), 'types').items[0].id;
});
afterAll(() => d.close());

const SMETA: FilePart = { name: 'Смета.pdf', bytes: SAMPLE_PDF.bytes };
/** The same name, other bytes (still a PDF). */
const SMETA_V2: FilePart = { name: 'Смета.pdf', bytes: Buffer.concat([SAMPLE_PDF.bytes, Buffer.from('% v2\n')]) };
const PLAN: FilePart = { name: 'План.pdf', bytes: SAMPLE_PDF.bytes };

const rowsOf = async (table: string, owner: string, id: number) =>
  (await d.db.query<{ id: number; name: string }>(`select id, name from ${table} where ${owner} = $1 order by id`, [id])).map((r) => `${r.id}:${r.name}`);

describe('application documents', () => {
  let customer: Person;
  let applicationId: number;
  beforeAll(async () => {
    customer = await makePerson(d.db, 'customer');
    applicationId = must(await d.api.post(customer, 'application/create', await completeFields(d.db, { price: 10000 })), 'create').id;
  });
  const upload = (file: FilePart, isPublic = 'false') => d.api.upload(customer, 'application/document/upload', { id: String(applicationId), public: isPublic }, file);

  it('the same file sent again answers the document already there; another name, content or visibility is another document', async () => {
    const first = await upload(SMETA);
    expect(first.status).toBe(200);
    const again = await upload(SMETA);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.body.message).toBe('Документ загружен');
    expect(await rowsOf('application_documents', 'application_id', applicationId)).toEqual([`${first.body.data.id}:Смета.pdf`]);

    const renamed = must(await upload(PLAN), 'renamed');
    const changed = must(await upload(SMETA_V2), 'changed');
    const shown = must(await upload(SMETA, 'true'), 'public');
    expect(new Set([first.body.data.id, renamed.id, changed.id, shown.id]).size).toBe(4);
    const listed = must(await d.api.get(customer, 'application/get', { id: applicationId }), 'get').documents;
    expect(listed).toHaveLength(4);
  });

  it('two identical uploads at once leave one document', async () => {
    const file: FilePart = { name: 'Разом.pdf', bytes: SAMPLE_PDF.bytes };
    const [a, b] = await Promise.all([upload(file), upload(file)]);
    expect(must(a, 'a').id).toBe(must(b, 'b').id);
    expect((await rowsOf('application_documents', 'application_id', applicationId)).filter((r) => r.endsWith(':Разом.pdf'))).toHaveLength(1);
  });
});

describe('facility documents (sent with the facility update)', () => {
  let owner: Person;
  let facilityId: number;
  beforeAll(async () => {
    owner = await makePerson(d.db, 'customer');
    facilityId = must(await d.api.form<Facility>(owner, 'profile/facility/create', facilityFields(typeId)), 'create').id;
  });
  const update = (files: FilePart[], isPublic = 'false') =>
    d.api.form<Facility>(owner, 'profile/facility/update', { _method: 'PUT', id: String(facilityId), ...facilityFields(typeId), public: isPublic }, files);

  it('the same file sent again is one document; another name, content or visibility is another document', async () => {
    const first = must(await update([SMETA]), 'first');
    expect(first.documents).toHaveLength(1);
    const again = await update([SMETA]);
    expect(again.status).toBe(200);
    expect(again.body.message).toBe(FACILITY_MESSAGES.saved);
    expect(again.body.data.documents).toEqual(first.documents);
    expect(await rowsOf('facility_documents', 'facility_id', facilityId)).toEqual([`${first.documents[0]!.id}:Смета.pdf`]);

    const more = must(await update([PLAN, SMETA_V2]), 'more');
    expect(more.documents.map((x) => x.name)).toEqual(['Смета.pdf', 'План.pdf', 'Смета.pdf']);
    const shown = must(await update([SMETA], 'true'), 'public');
    expect(shown.documents).toHaveLength(4);
  });

  it('two identical updates at once leave one document', async () => {
    const file: FilePart = { name: 'Разом.pdf', bytes: SAMPLE_PDF.bytes };
    const [a, b] = await Promise.all([update([file]), update([file])]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect((await rowsOf('facility_documents', 'facility_id', facilityId)).filter((r) => r.endsWith(':Разом.pdf'))).toHaveLength(1);
  });
});

describe('organisation documents', () => {
  it('the same file sent again answers the document already there; another name or content is another document', async () => {
    const { organizationId, director } = await makeOrganization(d);
    const upload = (file: FilePart) => d.api.upload(director, 'organization/document/upload', {}, file);
    const first = await upload(SMETA);
    expect(first.status).toBe(200);
    const again = await upload(SMETA);
    expect(again.body).toEqual(first.body);
    expect(await rowsOf('organization_documents', 'organization_id', organizationId)).toEqual([`${first.body.data.id}:Смета.pdf`]);

    must(await upload(PLAN), 'renamed');
    must(await upload(SMETA_V2), 'changed');
    const file: FilePart = { name: 'Разом.pdf', bytes: SAMPLE_PDF.bytes };
    const [a, b] = await Promise.all([upload(file), upload(file)]);
    expect(must(a, 'a').id).toBe(must(b, 'b').id);
    expect(must(await d.api.get(director, 'organization/get/profile', {}), 'get').documents).toHaveLength(4);
  });
});
