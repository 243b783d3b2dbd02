// The database baseline of the filter mix: a bare node:http server with a `pg` pool running the very
// SQL the API runs for `application/get-collection` (the repository's `list`: the statements of
// buildApplicationListQuery as named prepared statements, a text query's count and page in one),
// with no framework, no validation beyond reading numbers, no response check. API ÷ this is what
// Fastify, zod and the contract's serialisation cost on top of the SQL.
// Run by run.mjs as `node --import tsx bench/api/bare-pg-server.mjs` from api/, with DATABASE_URL.
import { createServer } from 'node:http';
import { parsePoolSize } from '../../api/src/config.ts';
import { openPostgres } from '../../api/src/db/postgres.ts';
import { applicationRepository } from '../../api/src/modules/application/repository.ts';

// The API's pool (db/postgres.ts: a `pg` Pool of DATABASE_POOL_SIZE, 10 unless told, the same type
// parsers), queried directly.
const pool = await openPostgres(process.env.DATABASE_URL, { schema: process.env.BENCH_SCHEMA, max: parsePoolSize(process.env.DATABASE_POOL_SIZE) });
process.on('disconnect', () => process.exit(0));
const applications = applicationRepository(pool);

const num = (v) => (v === null || v === '' ? undefined : Number(v));

async function answer(url) {
  const q = new URL(url, 'http://x').searchParams;
  const filter = {
    statuses: ['published'],
    page: num(q.get('page')) ?? 1,
    limit: num(q.get('limit')) ?? 6,
    attributeSort: q.get('attributeSort') ?? 'name',
    typeSort: q.get('typeSort') ?? 'asc',
    query: q.get('query') ?? undefined,
    services: q.get('services') ? q.get('services').split(',').map(Number) : undefined,
    minPrice: num(q.get('min_price')),
    maxPrice: num(q.get('max_price')),
    deadline: q.get('deadline') ?? undefined,
    cityFiasId: q.get('address') ?? undefined,
  };
  const { items, total, totalExact } = await applications.list(filter);
  return JSON.stringify({ data: { items, total, page: filter.page, limit: filter.limit, totalExact } });
}

const server = createServer((req, res) => {
  answer(req.url).then(
    (body) => res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) }).end(body),
    () => res.writeHead(500).end(),
  );
});
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => process.send?.({ ready: true, port: server.address().port }));
