// The API under test for `pnpm bench:transitions`, in its own process (so the client does not
// share its event loop): opens PGlite in DATA_DIR or DATABASE_URL (schema bench_transitions, made
// afresh), migrates, seeds, and listens on 127.0.0.1:PORT. Over IPC it also does what has no HTTP
// call: making people with sessions (as api/test/deal-helpers.ts does) and reading the books after
// the run. Run by run.mjs as `node --import tsx bench/transitions/server.mjs` from api/.
import { randomUUID } from 'node:crypto';
import { buildApp } from '../../api/src/app.ts';
import { loadConfig } from '../../api/src/config.ts';
import { migrate, openDb } from '../../api/src/db/index.ts';
import { openPostgres } from '../../api/src/db/postgres.ts';
import { signAccessToken } from '../../api/src/lib/jwt.ts';
import { seed } from '../../api/src/seed/index.ts';

const SCHEMA = 'bench_transitions';
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });

// The parent holds an IPC channel: when it goes away, so does this server.
process.on('disconnect', () => process.exit(0));

async function open() {
  if (!config.databaseUrl) return openDb(config);
  const admin = await openPostgres(config.databaseUrl, { max: 1 });
  await admin.exec(`drop schema if exists ${SCHEMA} cascade; create schema ${SCHEMA}`);
  await admin.close();
  // The server's own pool size (openPostgres' default, 10): the figures are the API's as deployed.
  return openPostgres(config.databaseUrl, { schema: SCHEMA });
}

const db = await open();
await migrate(db);
await seed(db);
const [service] = await db.query('select id from services where parent_id is not null order by id limit 1');

/** `count` users, each with one active profile of `type` and a session: their bearer headers. */
async function people(type, count, tag) {
  const out = [];
  await db.transaction(async (tx) => {
    for (let i = 0; i < count; i++) {
      // 11 digits, none of them a seeded or test phone: 7956, a one-digit batch tag, six digits.
      const phone = `7956${tag}${String(i).padStart(6, '0')}`;
      const name = type === 'customer' ? `Заказчик Бенчмарка ${i}` : `Исполнитель Бенчмарка ${i}`;
      const [user] = await tx.query('insert into users (phone, name, phone_verified_at) values ($1, $2, now()) returning id', [phone, name]);
      const [profile] = await tx.query('insert into profiles (user_id, type, name) values ($1, $2, $3) returning id', [user.id, type, name]);
      await tx.query('update users set active_profile_id = $2 where id = $1', [user.id, profile.id]);
      const sid = randomUUID();
      await tx.query('insert into auth_sessions (id, user_id) values ($1, $2)', [sid, user.id]);
      out.push({ userId: user.id, profileId: profile.id, authorization: `Bearer ${signAccessToken({ sub: user.id, sid }, config.jwtSecret, 3600)}` });
    }
  });
  return out;
}

/**
 * The books after the run: every entry of the ledger sums to zero, each closed deal's executor
 * holds exactly its price, its escrow is empty, and each contended application was named once.
 */
async function books({ deals, contended }) {
  const [{ total, entries }] = await db.query(`select coalesce(sum(amount_kopecks), 0)::text as total, count(*)::int as entries from ledger_entries`);
  const balances = new Map(
    (await db.query(`select account, sum(amount_kopecks)::text as n from ledger_entries where account like 'profile:%' or account like 'escrow:%' group by account`)).map(
      (r) => [r.account, BigInt(r.n)],
    ),
  );
  const wrongExecutors = deals
    .filter((d) => (balances.get(`profile:${d.executorProfileId}`) ?? 0n) !== BigInt(d.priceKopecks))
    .map((d) => ({ applicationId: d.applicationId, executorProfileId: d.executorProfileId, expected: d.priceKopecks, got: String(balances.get(`profile:${d.executorProfileId}`) ?? 0n) }));
  const nonEmptyEscrows = deals.filter((d) => (balances.get(`escrow:application:${d.applicationId}`) ?? 0n) !== 0n).map((d) => d.applicationId);
  const ids = deals.map((d) => d.applicationId);
  const statuses = await db.query(`select status, payment_status as "paymentStatus", count(*)::int as n from applications where id = any($1::int[]) group by 1, 2 order by 1, 2`, [ids]);
  const naming = await db.query(
    `select a.id, a.status, a.executor_profile_id as "executorProfileId",
       (select count(*)::int from application_history h where h.application_id = a.id and h.to_status = 'executor_named') as named
     from applications a where a.id = any($1::int[])`,
    [contended.map((c) => c.applicationId)],
  );
  const wrongContended = contended
    .map((c) => ({ ...c, row: naming.find((r) => r.id === c.applicationId) }))
    .filter((c) => !c.row || c.row.status !== 'executor_named' || c.row.named !== 1 || c.row.executorProfileId !== c.winnerProfileId)
    .map((c) => ({ applicationId: c.applicationId, expectedExecutor: c.winnerProfileId, row: c.row ?? null }));
  return {
    ledgerSumKopecks: total,
    ledgerEntries: entries,
    executorsChecked: deals.length,
    executorsWithWrongBalance: wrongExecutors,
    escrowsNotEmpty: nonEmptyEscrows,
    dealStatuses: statuses,
    contendedChecked: contended.length,
    contendedWrong: wrongContended,
    balanced: total === '0' && wrongExecutors.length === 0 && nonEmptyEscrows.length === 0 && wrongContended.length === 0,
  };
}

process.on('message', async (m) => {
  try {
    if (m.type === 'people') process.send({ id: m.id, ok: true, value: await people(m.profileType, m.count, m.tag) });
    else if (m.type === 'books') process.send({ id: m.id, ok: true, value: await books(m) });
    else throw new Error(`unknown message ${m.type}`);
  } catch (err) {
    process.send({ id: m.id, ok: false, error: String(err?.stack ?? err) });
  }
});

// Request logging off, as in bench/api: the figures are about routing, policy, SQL and the ledger.
const app = await buildApp({ config, db, ownsDb: true, logger: false });
await app.listen({ port: config.port, host: '127.0.0.1' });
process.send?.({ ready: true, port: app.server.address().port, db: db.kind, serviceId: service.id, feePercent: config.platformFeePercent });
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => app.close().then(() => process.exit(0)));
