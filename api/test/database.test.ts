import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { UPLOAD_FILE_TYPES, uploadFileExt } from 'shared/contract';
import { cities, onStreet } from '../src/seed/cities';
import { migrate, unknownMigrations } from '../src/db/migrate';
import { migrations } from '../src/db/migrations';
import { verifyPassword } from '../src/lib/password';
import { isValidInn } from '../src/modules/payment/requisites';
import { seed, SEED_COUNTS } from '../src/seed';
import { DEMO_PASSWORD } from '../src/seed/people';
import { seedDocumentBytes } from '../src/seed/documents';
import { localFileStorage } from '../src/providers/storage';
import { detectBufferType } from '../src/providers/storage/file-type';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { authHeader, expectEvery, openTestDb } from './helpers';
import type { Db } from '../src/db';

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await openTestDb());
});
afterAll(() => close());

const count = async (sql: string) => (await db.query<{ n: number }>(sql))[0]!.n;

describe('migrations', () => {
  it('run again on a second start without error and without re-applying', async () => {
    expect(await migrate(db)).toEqual([]);
    expect(await count('select count(*)::int as n from schema_migrations')).toBe(migrations.length);
  });

  it('name the migrations a newer release applied that this build does not know, and only those', async () => {
    expect(await unknownMigrations(db)).toEqual([]);
    await db.query(`insert into schema_migrations (id) values ('999-from-a-newer-release')`);
    try {
      expect(await unknownMigrations(db)).toEqual(['999-from-a-newer-release']);
      // An older build knows fewer: what it lacks is named too.
      expect(await unknownMigrations(db, migrations.slice(0, -1))).toEqual([migrations.at(-1)!.id, '999-from-a-newer-release']);
    } finally {
      await db.query(`delete from schema_migrations where id = '999-from-a-newer-release'`);
    }
  });

  it('bring substring search to a database migrated before pg_trgm was there (016), and change nothing where it is', async () => {
    const exists = async (name: string) => (await db.query<{ ok: boolean }>(`select to_regclass($1) is not null as ok`, [name]))[0]!.ok;
    const words = 'select count(*)::int as n from application_terms';
    const kept = await count(words);
    expect(kept).toBeGreaterThan(0);
    // What migrations 010, 013 and 015 leave out without pg_trgm.
    await db.exec(`
      drop trigger applications_terms_insert on applications;
      drop trigger applications_terms_update on applications;
      drop table application_terms;
      drop table search_terms;
      drop function application_terms_sync();
      drop function application_terms_write(int[]);
      alter table applications drop column search_text;
      alter table profiles drop column search_text;`);
    expect(await exists('applications_text_trgm_idx')).toBe(false);
    const catchUp = migrations.find((m) => m.id === '016-trigram-catch-up')!;
    for (let run = 0; run < 2; run++) {
      await db.exec(catchUp.sql);
      for (const name of ['applications_text_trgm_idx', 'profiles_text_trgm_idx', 'search_terms_trgm_idx', 'application_terms_name_idx']) {
        expect([name, await exists(name)]).toEqual([name, true]);
      }
      expect(await count(words)).toBe(kept);
    }
    // The words follow the applications again (the triggers are back).
    await db.query(`update applications set name = name || ' перепланировка' where id = (select min(id) from applications where status = 'published')`);
    expect(await count(`select count(*)::int as n from application_terms t join search_terms s on s.id = t.term_id where s.term = 'перепланировка'`)).toBeGreaterThanOrEqual(1);
  });

  it('sort names with ё as with е from indexes of that key, and rewrite the kept keys of the published applications\' words (017)', async () => {
    const names = ['applications_name_idx', 'applications_pub_name_asc_idx', 'applications_pub_name_desc_idx', 'applications_pub_city_name_idx',
      'profiles_name_idx', 'profiles_executor_name_asc_idx', 'profiles_executor_name_desc_idx'];
    const defs = await db.query<{ name: string; def: string }>(`select indexname as name, indexdef as def from pg_indexes where schemaname = current_schema() and indexname = any($1)`, [names]);
    expect(defs.map((d) => d.name).sort()).toEqual([...names].sort());
    for (const { name, def } of defs) expect([name, def]).toEqual([name, expect.stringContaining(`translate(lower(name), 'ё'::text, 'е'::text) COLLATE "C"`)]);

    // A published application's words as migration 013 kept them (the key was lower(name)), and as
    // 016 may have written them again on a data folder that had no pg_trgm before.
    const [{ id }] = (await db.query<{ id: number }>(`select min(id) as id from applications where status = 'published'`)) as [{ id: number }];
    await db.query(`update applications set name = 'Ёмкость для воды' where id = $1`, [id]);
    const keys = async () => (await db.query<{ key: string }>('select distinct name_key as key from application_terms where application_id = $1', [id])).map((r) => r.key);
    await db.query('update application_terms set name_key = $2 where application_id = $1', [id, 'ёмкость для воды']);
    await db.exec(migrations.find((m) => m.id === '017-name-sort-yo')!.sql);
    expect(await keys()).toEqual(['емкость для воды']);
    // The words of a name written later are kept with the new key.
    await db.query(`update applications set name = 'Ёлка у дома' where id = $1`, [id]);
    expect(await keys()).toEqual(['елка у дома']);
  });
});

describe('seed', () => {
  it("ends the demo executor's cancelled and stopped deals as the lifecycle ends them, not as a withdrawn reply (QA HH-3)", async () => {
    const parted = await db.query<{ id: number; status: string; userId: number }>(
      `select a.id, a.status, p.user_id as "userId" from applications a
         join application_replies r on r.application_id = a.id join profiles p on p.id = r.executor_profile_id
       where a.status in ('cancelled_by_executor', 'stopped_by_customer') order by a.id`,
    );
    expect(parted.map((a) => a.status).sort()).toEqual(['cancelled_by_executor', 'stopped_by_customer']);
    const app = await buildApp({ config: testConfig(), db, logger: false });
    try {
      for (const a of parted) {
        const res = await app.inject({ method: 'GET', url: `/api/application/get?id=${a.id}`, headers: await authHeader(db, a.userId) });
        expect(res.json().data.participation).toBe(a.status === 'stopped_by_customer' ? 'stopped' : 'cancelled');
      }
    } finally {
      await app.close();
    }
  });

  it('filled the catalogue with the documented amounts', async () => {
    expect(await count('select count(*)::int as n from applications')).toBe(SEED_COUNTS.applications);
    expect(await count(`select count(*)::int as n from applications where status = 'published'`)).toBe(SEED_COUNTS.published);
    expect(await count('select count(*)::int as n from services')).toBe(SEED_COUNTS.services);
    expect(await count('select count(distinct city_fias_id)::int as n from applications')).toBeGreaterThanOrEqual(10);
    expect(await count('select count(*)::int as n from applications where geo_lat is null or geo_lon is null or city_fias_id is null')).toBe(0);
    expect(await count('select count(distinct status)::int as n from applications')).toBe(11);
    expect(await count(`select count(distinct ps.profile_id)::int as n from profile_services ps join profiles p on p.id = ps.profile_id where p.type = 'executor'`)).toBeGreaterThanOrEqual(6);
    expect(await count('select count(*)::int as n from facilities')).toBeGreaterThan(0);
    const fias = new Set(cities.map((c) => c.fiasId));
    const used = await db.query<{ id: string }>('select distinct city_fias_id as id from applications');
    expectEvery(used, (r) => fias.has(r.id));
  });

  it('is idempotent: a second run changes nothing', async () => {
    const before = await count('select (select count(*) from applications) + (select count(*) from users) + (select count(*) from services) as n');
    expect(await seed(db)).toBe(false);
    const after = await count('select (select count(*) from applications) + (select count(*) from users) + (select count(*) from services) as n');
    expect(Number(after)).toBe(Number(before));
  });

  it('seeds the services catalogue alone when the demo is off (production): no demo account to log in with', async () => {
    const empty = await openTestDb({ seeded: false });
    try {
      const n = async (sql: string) => Number((await empty.db.query<{ n: number }>(sql))[0]!.n);
      expect(await seed(empty.db, { demo: false })).toBe(true);
      expect(await n('select count(*)::int as n from services')).toBe(await count('select count(*)::int as n from services'));
      for (const table of ['users', 'profiles', 'applications', 'facilities', 'ledger_entries', 'facility_documents', 'application_documents']) {
        expect({ table, rows: await n(`select count(*)::int as n from ${table}`) }).toEqual({ table, rows: 0 });
      }
      expect(await seed(empty.db, { demo: false })).toBe(false);
    } finally {
      await empty.close();
    }
  });

  it('names the demo facilities in Russian, not in the FIAS short form: «Квартира на Ленинском проспекте», «Объект в Омске»', async () => {
    expect(['Ленинский пр-кт', 'Московское ш', 'ул Большая Покровская', 'пр-кт Буденновский', 'ул Маршала Жукова', 'ул 8 Марта', 'пр-кт Мира'].map(onStreet)).toEqual([
      'на Ленинском проспекте',
      'на Московском шоссе',
      'на Большой Покровской улице',
      'на Буденновском проспекте',
      'на улице Маршала Жукова',
      'на улице 8 Марта',
      'на проспекте Мира',
    ]);
    const rows = await db.query<{ name: string; description: string }>('select name, description from facilities');
    expect(rows.length).toBeGreaterThan(0);
    const inCities = new Set(cities.map((c) => `Объект ${c.inCity}`));
    expectEvery(rows, (r) => / на /.test(r.name) && !/(^| )(ул|пр-кт|ш)( |$)/.test(r.name) && inCities.has(r.description));
  });

  it("gives the demo organisations INNs that pass the forms' own check (the director can save them unchanged)", async () => {
    const rows = await db.query<{ inn: string }>(`select inn from profiles where type = 'organization' and inn is not null`);
    expect(rows.length).toBeGreaterThan(0);
    expectEvery(rows, (r) => isValidInn(r.inn));
  });

  it('seeds only documents of a type an upload accepts (ARCHITECTURE §8), whose bytes are of that type', async () => {
    const docs = await db.query<{ storageKey: string; name: string; mimeType: string; sizeBytes: number }>(
      `select storage_key as "storageKey", name, mime_type as "mimeType", size_bytes as "sizeBytes" from facility_documents
       union all select storage_key, name, mime_type, size_bytes from application_documents`,
    );
    const accepted = new Set<string>(Object.values(UPLOAD_FILE_TYPES));
    expectEvery(docs, (d) => accepted.has(d.mimeType) && uploadFileExt(d.name) !== null);
    for (const d of docs) {
      const bytes = seedDocumentBytes(d);
      expect([d.name, detectBufferType(bytes)?.mime, bytes.length]).toEqual([d.name, d.mimeType, d.sizeBytes]);
    }
  });

  it('turns the plain-text demo documents of a database seeded before (demo-v1) into PDFs, once', async () => {
    // What the demo-v1 seed left: a text inspection report per facility and a text estimate.
    await db.exec(`
      update facility_documents set storage_key = replace(storage_key, '.pdf', '.txt'), name = 'Акт осмотра (служебный).txt', mime_type = 'text/plain; charset=utf-8', size_bytes = 1
        where storage_key like 'seed/%/inspection.pdf';
      update application_documents set storage_key = replace(storage_key, '.pdf', '.txt'), name = 'Смета «черновая».txt', mime_type = 'text/plain; charset=utf-8', size_bytes = 1
        where storage_key like 'seed/%/estimate.pdf';
      update app_meta set value = 'demo-v1' where key = 'seed-documents';`);
    const text = `select count(*)::int as n from (select mime_type from facility_documents union all select mime_type from application_documents) d where mime_type <> 'application/pdf'`;
    expect(await count(text)).toBeGreaterThan(0);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'seed-upgrade-'));
    try {
      const storage = localFileStorage(dir);
      expect(await seed(db, { storage })).toBe(true);
      expect(await count(text)).toBe(0);
      const [report] = await db.query<{ storageKey: string; name: string; sizeBytes: number }>(
        `select storage_key as "storageKey", name, size_bytes as "sizeBytes" from facility_documents where storage_key like 'seed/%/inspection.pdf' limit 1`,
      );
      expect(report).toMatchObject({ name: 'Акт осмотра (служебный).pdf', sizeBytes: seedDocumentBytes({ ...report!, mimeType: 'application/pdf' }).length });
      expect(readFileSync(path.join(dir, report!.storageKey)).subarray(0, 5).toString()).toBe('%PDF-');
      expect((await db.query(`select 1 from application_documents where name = 'Смета «черновая».pdf'`)).length).toBeGreaterThan(0);
      expect(await seed(db, { storage })).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('creates the demo accounts with the documented password', async () => {
    const rows = await db.query<{ phone: string; password_hash: string; type: string }>(
      `select u.phone, u.password_hash, p.type from users u join profiles p on p.id = u.active_profile_id
       where u.phone in ('79990000001', '79990000002') order by u.phone`,
    );
    expect(rows.map((r) => [r.phone, r.type])).toEqual([['79990000001', 'customer'], ['79990000002', 'executor']]);
    for (const r of rows) {
      expect(await verifyPassword(DEMO_PASSWORD, r.password_hash)).toBe(true);
      expect(await verifyPassword('wrong-password', r.password_hash)).toBe(false);
    }
  });
});
