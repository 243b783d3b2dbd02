// The system under test for `pnpm bench:realtime`: the API of api/src/app.ts with its socket.io
// server (api/src/plugins/socket.ts) on its own HTTP server, in its own process, as
// bench/transitions/server.mjs starts it (PGlite in DATA_DIR, migrated and seeded, NODE_ENV=production,
// logging off, no REDIS_URL: the in-memory adapter of one API node). This process also holds the
// `io` handle, so the bench can drive `io.to(room).emit` at a set rate without any debug endpoint
// in the API; over IPC it also makes people with sessions (as bench/transitions does) and reports
// room sizes. Run by run.mjs as `node --import tsx bench/realtime/server.mjs` from api/.
import { randomUUID } from 'node:crypto';
import { buildApp } from '../../api/src/app.ts';
import { loadConfig } from '../../api/src/config.ts';
import { migrate, openDb } from '../../api/src/db/index.ts';
import { signAccessToken } from '../../api/src/lib/jwt.ts';
import { seed } from '../../api/src/seed/index.ts';
import { cpuNow, runStep } from './pace.mjs';
import { profiled } from './profile.mjs';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: '', REDIS_URL: '' });

// The parent holds an IPC channel: when it goes away, so does this server.
process.on('disconnect', () => process.exit(0));

const db = await openDb(config);
await migrate(db);
await seed(db);
const [service] = await db.query('select id from services where parent_id is not null order by id limit 1');

/** `count` users, each with one active profile of `type` and a live session: ids and a real access token. */
async function people({ profileType, count, tag }) {
  const out = [];
  await db.transaction(async (tx) => {
    for (let i = 0; i < count; i++) {
      // 11 digits, none of them a seeded or test phone: 7957, a one-digit batch tag, six digits.
      const phone = `7957${tag}${String(i).padStart(6, '0')}`;
      const name = `${profileType === 'customer' ? 'Заказчик' : 'Исполнитель'} Бенчмарка ${i}`;
      const [user] = await tx.query('insert into users (phone, name, phone_verified_at) values ($1, $2, now()) returning id', [phone, name]);
      const [profile] = await tx.query('insert into profiles (user_id, type, name) values ($1, $2, $3) returning id', [user.id, profileType, name]);
      await tx.query('update users set active_profile_id = $2 where id = $1', [user.id, profile.id]);
      const sid = randomUUID();
      await tx.query('insert into auth_sessions (id, user_id) values ($1, $2)', [sid, user.id]);
      out.push({ userId: user.id, profileId: profile.id, token: signAccessToken({ sub: user.id, sid }, config.jwtSecret, 3600) });
    }
  });
  return out;
}

// Request logging off, as in bench/api and bench/transitions (socket connect/disconnect logs too).
const app = await buildApp({ config, db, ownsDb: true, logger: false });
await app.listen({ port: config.port, host: '127.0.0.1' });

let received = 0;
process.on('message', async (m) => {
  if (m.type === 'progress') {
    received = m.received;
    return;
  }
  try {
    let value;
    if (m.type === 'cpu') value = cpuNow();
    else if (m.type === 'people') value = await people(m);
    else if (m.type === 'rooms') {
      const rooms = app.io.of('/').adapter.rooms;
      value = { sockets: app.io.of('/').sockets.size, sizes: m.rooms.map((r) => rooms.get(r)?.size ?? 0) };
    } else if (m.type === 'run') {
      received = 0;
      const io = app.io;
      const go = () => runStep({ ...m, groups: m.rooms, progress: () => received, send: (room, event) => io.to(room).emit('notification', event) });
      value = m.profile ? await profiled(go) : await go();
    } else throw new Error(`unknown message ${m.type}`);
    process.send({ id: m.id, ok: true, value });
  } catch (err) {
    process.send({ id: m.id, ok: false, error: String(err?.stack ?? err) });
  }
});

process.send?.({ ready: true, port: app.server.address().port, db: db.kind, serviceId: service.id });
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => app.close().then(() => process.exit(0)));
