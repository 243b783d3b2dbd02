// Writes the JSON result and its markdown summary into bench/results.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const label = (url) => {
  const qs = url.split('?')[1];
  if (!qs) return 'default (name asc, page 1)';
  if (qs.startsWith('address=')) return 'city (address)';
  if (qs.startsWith('services=')) return 'services (any of 2)';
  if (qs.startsWith('query=')) return `text (${decodeURIComponent(qs.slice(6))})`;
  return 'price range, sort by price desc';
};

export function writeReport(dir, result) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'api.json'), `${JSON.stringify(result, null, 2)}\n`);
  const { machine, method } = result;
  const lines = [
    '# API benchmark: `GET /api/application/get-collection`',
    '',
    `${result.date} · ${machine.cpus} × ${machine.cpu} · Node ${machine.node} · ${machine.platform}`,
    '',
    `Load average (1, 5, 15 min) before: ${machine.loadAverage.before.join(', ')}; after: ${machine.loadAverage.after.join(', ')}` +
      (machine.loadAverage.before[0] > machine.cpus ? ' — the machine was busy with other work, so absolute figures are pessimistic.' : '.'),
    '',
    '## Method',
    '',
    `- The API runs in its own process (\`bench/api/server.mjs\`: the app of \`api/src/app.ts\`, NODE_ENV=production, request logging off) on 127.0.0.1;`,
    '  the database is PGlite in a temporary DATA_DIR, or PostgreSQL when DATABASE_URL is set (schema `bench_api`).',
    '- Data: the demo seed plus generated applications (`api/src/seed/bulk.ts`, about 30 % published) up to each size, then `vacuum analyze`.',
    `- Load: ${method.client}; ${method.connections} connections, ${method.warmupSeconds} s warm-up then ${method.seconds} s measured per URL;`,
    '  latency is from sending a request to reading the last byte of its answer. Only 200 answers count.',
    '- Baseline: a bare `node:http` server (`bench/api/plain-server.mjs`) answering the very bytes the API answered for the URL',
    '  (status, Content-Type, body), measured the same way. API/plain is the share of throughput left after the framework, validation,',
    '  SQL and serialisation; the generator shares the 2 cores with the server, so the baseline is bounded by the client too.',
    '',
  ];
  for (const run of result.runs) {
    lines.push(
      `## ${run.rows.toLocaleString('en-US')} applications (${run.applications} in the table, ${run.published} published; ${run.db})`,
      '',
      '| filter | matches | body bytes | API p50 ms | API p99 ms | API req/s | plain p50 ms | plain p99 ms | plain req/s | API/plain req/s |',
      '|---|---|---|---|---|---|---|---|---|---|',
    );
    for (const u of run.urls) {
      const ratio = u.plain.rps ? (u.api.rps / u.plain.rps).toFixed(3) : '—';
      lines.push(
        `| ${label(u.url)} | ${u.total} | ${u.bytes} | ${u.api.p50} | ${u.api.p99} | ${u.api.rps} | ${u.plain.p50} | ${u.plain.p99} | ${u.plain.rps} | ${ratio} |`,
      );
    }
    const failures = run.urls.reduce((n, u) => n + u.api.failures + u.plain.failures, 0);
    lines.push('', `Failed or non-200 requests: ${failures}.`, '');
  }
  lines.push('URLs:', '', ...result.runs[0].urls.map((u) => `- \`${u.url}\``), '');
  writeFileSync(path.join(dir, 'api.md'), lines.join('\n'));
}
