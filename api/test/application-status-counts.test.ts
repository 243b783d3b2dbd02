/**
 * Migration 012 keeps the number of applications in each status (application_status_counts), and
 * the public list without a filter takes its total from there. Random sequences of the statements
 * that change applications — inserts of several rows, status changes of one row or of every row in
 * a status, changes of other columns, deletes — are each followed by a comparison with counting
 * the table itself. Then concurrent status changes (real connections on a PostgreSQL server),
 * TRUNCATE, and the list's total through the repository.
 */
import fc from 'fast-check';
import { applicationStatuses, LIST_TOTAL_CAP, type ApplicationStatus } from 'shared/contract';
import type { Db } from '../src/db';
import { applicationRepository, buildApplicationListQuery } from '../src/modules/application/repository';
import { openTestDb } from './helpers';

let db: Db;
let close: () => Promise<void>;
let customerId: number;

beforeAll(async () => {
  ({ db, close } = await openTestDb());
  [{ id: customerId }] = (await db.query<{ id: number }>(`select id from profiles order by id limit 1`)) as [{ id: number }];
});
afterAll(() => close());

/** Counted from the table, and as kept: status → number, statuses with none left out. */
async function counts(): Promise<{ counted: Record<string, number>; kept: Record<string, number> }> {
  const counted = await db.query<{ status: string; n: number }>(`select status, count(*)::int as n from applications group by status`);
  const kept = await db.query<{ status: string; n: number }>(`select status, total::int as n from application_status_counts where total <> 0`);
  const toMap = (rows: Array<{ status: string; n: number }>) => Object.fromEntries(rows.map((r) => [r.status, r.n]).sort());
  return { counted: toMap(counted), kept: toMap(kept) };
}

async function expectKeptExact() {
  const { counted, kept } = await counts();
  expect(kept).toEqual(counted);
}

const status = fc.constantFrom(...applicationStatuses);
type Op =
  | { kind: 'insert'; statuses: ApplicationStatus[] }
  | { kind: 'set-status'; pick: number; to: ApplicationStatus }
  | { kind: 'set-status-all'; from: ApplicationStatus; to: ApplicationStatus }
  | { kind: 'touch'; pick: number }
  | { kind: 'delete'; pick: number };
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), statuses: fc.array(status, { minLength: 1, maxLength: 4 }) }),
  fc.record({ kind: fc.constant('set-status' as const), pick: fc.nat(), to: status }),
  fc.record({ kind: fc.constant('set-status-all' as const), from: status, to: status }),
  fc.record({ kind: fc.constant('touch' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
);

/** The id of the `pick`-th application created by this test (none: null). */
async function pickRow(pick: number): Promise<number | null> {
  const rows = await db.query<{ id: number }>(`select id from applications where name like 'Счёт статусов%' order by id`);
  return rows.length ? rows[pick % rows.length]!.id : null;
}

async function run(o: Op) {
  switch (o.kind) {
    case 'insert': {
      const values = o.statuses.map((_, i) => `('Счёт статусов', $1, $${i + 2})`).join(', ');
      await db.query(`insert into applications (name, customer_profile_id, status) values ${values}`, [customerId, ...o.statuses]);
      return;
    }
    case 'set-status': {
      const id = await pickRow(o.pick);
      if (id !== null) await db.query(`update applications set status = $2 where id = $1`, [id, o.to]);
      return;
    }
    case 'set-status-all':
      await db.query(`update applications set status = $2 where status = $1 and name like 'Счёт статусов%'`, [o.from, o.to]);
      return;
    case 'touch': {
      const id = await pickRow(o.pick);
      if (id !== null) await db.query(`update applications set description = description || '.' where id = $1`, [id]);
      return;
    }
    case 'delete': {
      const id = await pickRow(o.pick);
      if (id !== null) await db.query(`delete from applications where id = $1`, [id]);
      return;
    }
  }
}

describe('application_status_counts (migration 012)', () => {
  it('starts equal to the seeded table', async () => {
    await expectKeptExact();
    const { counted } = await counts();
    expect(counted.published).toBeGreaterThan(0);
  });

  it('stays equal to the table after every statement of random sequences', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        for (const o of ops) {
          await run(o);
          await expectKeptExact();
        }
      }),
      { numRuns: 25 },
    );
  });

  it('writes no count when a statement changes no status', async () => {
    const id = await pickRow(0);
    const before = await db.query<{ xmin: string }>(`select xmin::text from application_status_counts order by status`);
    if (id !== null) await db.query(`update applications set description = description || '!' where id = $1`, [id]);
    await db.query(`update applications set status = status where false`);
    expect(await db.query<{ xmin: string }>(`select xmin::text from application_status_counts order by status`)).toEqual(before);
  });

  it('counts concurrent status changes, each in its own transaction, exactly', async () => {
    await db.query(`insert into applications (name, customer_profile_id, status) select 'Счёт статусов', $1, 'draft' from generate_series(1, 24)`, [customerId]);
    const ids = (await db.query<{ id: number }>(`select id from applications where name like 'Счёт статусов%' and status = 'draft' order by id limit 24`)).map((r) => r.id);
    await Promise.all(
      ids.map((id, i) =>
        db.transaction(async (tx) => {
          await tx.query(`update applications set status = $2 where id = $1`, [id, i % 2 ? 'published' : 'closed']);
        }),
      ),
    );
    await expectKeptExact();
  });

  it('moves applications both ways between two statuses at once, each transaction holding its counts a while, without a deadlock', async () => {
    await db.query(
      `insert into applications (name, customer_profile_id, status) select 'Счёт статусов', $1, case when n % 2 = 0 then 'published' else 'unpublished' end from generate_series(1, 16) n`,
      [customerId],
    );
    const ids = (await db.query<{ id: number }>(`select id from applications where name like 'Счёт статусов%' and status in ('published', 'unpublished') order by id desc limit 16`)).map((r) => r.id);
    await Promise.all(
      ids.map((id) =>
        db.transaction(async (tx) => {
          await tx.query(`update applications set status = case status when 'published' then 'unpublished' else 'published' end where id = $1`, [id]);
          if (db.kind === 'postgres') await tx.query('select pg_sleep(0.01)');
        }),
      ),
    );
    await expectKeptExact();
  });

  it('gives the public list without a filter its total, and stops at the cap as the capped count did', async () => {
    const f = { statuses: ['published' as const], page: 1, limit: 6, attributeSort: 'createdAt' as const, typeSort: 'desc' as const };
    const { count } = buildApplicationListQuery(f);
    expect(count.text).toContain('application_status_counts');
    const [{ n: published }] = (await db.query<{ n: number }>(`select count(*)::int as n from applications where status = 'published'`)) as [{ n: number }];
    const list = await applicationRepository(db).list(f);
    expect(list).toMatchObject({ total: published, totalExact: true });

    await db.query(`insert into applications (name, customer_profile_id, status) select 'Счёт статусов', $1, 'published' from generate_series(1, $2::int)`, [customerId, LIST_TOTAL_CAP]);
    const [{ n: after }] = (await db.query<{ n: number }>(`select count(*)::int as n from applications where status = 'published'`)) as [{ n: number }];
    expect(after).toBeGreaterThan(LIST_TOTAL_CAP);
    expect(await applicationRepository(db).list(f)).toMatchObject({ total: LIST_TOTAL_CAP, totalExact: false });
    // A filter is counted from the applications as before.
    expect(buildApplicationListQuery({ ...f, minPrice: 1 }).count.text).not.toContain('application_status_counts');
    await expectKeptExact();
  });

  it('empties the counts when the table is truncated', async () => {
    await db.exec('truncate applications cascade');
    const { kept } = await counts();
    expect(kept).toEqual({});
    await db.query(`insert into applications (name, customer_profile_id, status) values ('Счёт статусов', $1, 'published')`, [customerId]);
    await expectKeptExact();
  });
});
