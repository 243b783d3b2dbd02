/**
 * QA: a code that no longer works (accepted, declined, withdrawn, replaced) was looked up by reading
 * the whole organization_invites table: its only code index is the pending invites' (partial, so
 * useless for `status <> 'pending'`). Migration 025 indexes the closed invites' code hashes, and
 * organisation + phone + id for «did the organisation invite the phone again after it». Checked by
 * the plan (EXPLAIN), never by timing, on enough invites that a table read costs more than a probe.
 */
import type { Db, Queryable } from '../src/db';
import { invitesRepository } from '../src/modules/organization/invites-repository';
import { openTestDb } from './helpers';
import { explainPlan } from './plan-helpers';

const ORGANIZATIONS = 40;
const INVITES = 20_000;

let db: Db;
let close: () => Promise<void>;
/** One closed invite among the generated ones: its code hash, phone and organisation. */
let sample: { codeHash: string; phone: string };

beforeAll(async () => {
  ({ db, close } = await openTestDb());
  const [owner] = await db.query<{ id: number }>(`insert into users (phone, name) values ('79000000001', 'Руководитель Плана') returning id`);
  await db.query(
    `insert into profiles (user_id, type, name, inn)
     select $1, 'organization', 'ООО «План ' || g || '»', lpad((7700000000 + g)::text, 10, '0') from generate_series(1, $2::int) g`,
    [owner!.id, ORGANIZATIONS],
  );
  // Mostly closed, as a live table's are after a while: each code once, phones repeating over organisations.
  await db.query(
    `insert into organization_invites (organization_id, phone, code_hash, status, closed_by, expires_at)
     select o.ids[1 + g % array_length(o.ids, 1)], '79' || lpad((g % 5000)::text, 9, '0'), md5('code-' || g),
       case when g % 50 = 0 then 'pending' when g % 3 = 0 then 'approved' else 'cancelled' end,
       case when g % 50 = 0 then null when g % 3 = 0 then 'invitee' else 'director' end,
       now() + interval '7 days'
     from generate_series(1, $1::int) g, (select array_agg(id order by id) as ids from profiles where type = 'organization' and name like 'ООО «План %') o`,
    [INVITES],
  );
  await db.exec('vacuum analyze organization_invites');
  sample = (await db.query<{ codeHash: string; phone: string }>(`select code_hash as "codeHash", phone from organization_invites where status = 'cancelled' order by id limit 1 offset 777`))[0]!;
}, 120_000);
afterAll(() => close());

/** The statement a repository call sends (it runs too, on the real database). */
async function statementOf(call: (q: Queryable) => Promise<unknown>): Promise<{ text: string; values: unknown[] }> {
  let sent: { text: string; values: unknown[] } | null = null;
  const recording: Queryable = {
    query: (text, values = [], options) => {
      sent = { text, values };
      return db.query(text, values, options);
    },
    exec: (text) => db.exec(text),
  };
  await call(recording);
  return sent!;
}


describe(`the closed invite of a code, among ${INVITES} invites`, () => {
  it('is found (the generated data has what the plan is asked about)', async () => {
    expect(await invitesRepository(db).findClosed(sample.codeHash, sample.phone)).toMatchObject({ status: 'cancelled', closedBy: 'director' });
  });

  it('is read through indexes: the closed codes\' for the invite, organisation and phone for «invited again», never the table', async () => {
    const plan = await explainPlan(db, await statementOf((q) => invitesRepository(q).findClosed(sample.codeHash, sample.phone)));
    const invites = plan.filter((n) => n['Relation Name'] === 'organization_invites');
    expect(invites.filter((n) => n['Node Type'] === 'Seq Scan')).toEqual([]);
    expect(invites.map((n) => n['Index Name']).sort()).toEqual(['organization_invites_closed_code_idx', 'organization_invites_organization_phone_idx']);
  });
});
