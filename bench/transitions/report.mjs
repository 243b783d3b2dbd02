// Writes the JSON result and its markdown summary into bench/results, one pair per database
// (transitions-pglite.*, transitions-postgres.*), and prints the same tables.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const row = (cells) => `| ${cells.join(' | ')} |`;

function summaryTable(result) {
  const lines = [
    row(['concurrent deals', 'deals done', 'total s', 'transitions', 'transitions/s', 'calls/s', 'deals/s', 'transition p50 ms', 'transition p99 ms', 'failed deals']),
    row(Array(10).fill('---')),
  ];
  for (const p of result.phases) {
    lines.push(row([p.concurrency, `${p.completed}/${p.deals}`, p.seconds, p.transitions, p.transitionsPerSecond, p.callsPerSecond, p.dealsPerSecond, p.transitionLatency.p50, p.transitionLatency.p99, p.failures.length]));
  }
  return lines;
}

function stepTable(result) {
  const head = ['call', 'moves to'];
  for (const p of result.phases) head.push(`c=${p.concurrency} p50 ms`, `c=${p.concurrency} p99 ms`, `c=${p.concurrency} max ms`);
  const lines = [row(head), row(head.map(() => '---'))];
  for (const [i, s] of result.phases[0].steps.entries()) {
    const cells = [`\`${s.path}\``, s.to ?? '— (not counted)'];
    for (const p of result.phases) cells.push(p.steps[i].p50, p.steps[i].p99, p.steps[i].max);
    lines.push(row(cells));
  }
  return lines;
}

function contendedTable(c) {
  return [
    row(['answer', 'count', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms']),
    row(Array(6).fill('---')),
    row(['200 (the winner)', c.wins, c.winnerLatency.p50, c.winnerLatency.p90, c.winnerLatency.p99, c.winnerLatency.max]),
    row(['409', c.conflicts, c.conflictLatency.p50, c.conflictLatency.p90, c.conflictLatency.p99, c.conflictLatency.max]),
  ];
}

function booksLines(b) {
  return [
    `- \`select sum(amount_kopecks) from ledger_entries\` = ${b.ledgerSumKopecks} over ${b.ledgerEntries} entries.`,
    `- Executors whose balance is not their deal's price: ${b.executorsWithWrongBalance.length} of ${b.executorsChecked}` +
      (b.executorsWithWrongBalance.length ? ` (${JSON.stringify(b.executorsWithWrongBalance.slice(0, 5))})` : '') + '.',
    `- Deals whose escrow is not empty: ${b.escrowsNotEmpty.length}.`,
    `- Deals by status and payment: ${b.dealStatuses.map((s) => `${s.status}/${s.paymentStatus} ${s.n}`).join(', ')}.`,
    `- Contended applications not named exactly once, by the executor answered 200: ${b.contendedWrong.length} of ${b.contendedChecked}.`,
    `- **The books ${b.balanced ? 'balance' : 'DO NOT balance'}.**`,
  ];
}

export function printTables(result) {
  console.log(`\n${result.db}: complete deals`);
  for (const l of [...summaryTable(result), '', ...stepTable(result), '', `contended named/executor (${result.contended.contenders} at once, ${result.contended.rounds} rounds)`, ...contendedTable(result.contended), '', ...booksLines(result.books)]) console.log(l);
  console.log('');
}

export function writeReport(dir, result) {
  mkdirSync(dir, { recursive: true });
  const base = path.join(dir, `transitions-${result.db}`);
  writeFileSync(`${base}.json`, `${JSON.stringify(result, null, 2)}\n`);
  const { machine, method, contended } = result;
  const failures = result.phases.flatMap((p) => p.failures.map((f) => ({ concurrency: p.concurrency, ...f })));
  const lines = [
    `# Lifecycle transitions benchmark (${result.db})`,
    '',
    `${result.date} · ${machine.cpus} × ${machine.cpu} · Node ${machine.node} · ${machine.platform}`,
    '',
    `Load average (1, 5, 15 min) before: ${machine.loadAverage.before.join(', ')}; after: ${machine.loadAverage.after.join(', ')}` +
      (machine.loadAverage.before[0] > machine.cpus ? ' — the machine was busy with other work, so absolute figures are pessimistic.' : '.'),
    '',
    '## Method',
    '',
    '- The API runs in its own process (`bench/transitions/server.mjs`: the app of `api/src/app.ts`, NODE_ENV=production, request logging off) on 127.0.0.1;',
    `  the database is PGlite in a temporary DATA_DIR, or PostgreSQL when DATABASE_URL is set (schema \`bench_transitions\`, pool of 10). PLATFORM_FEE_PERCENT=${method.feePercent}.`,
    '  PGlite has a single connection: its transactions run one after another whatever the number of deals in flight.',
    '- People: each deal has its own customer and executor, inserted with a session by the server (as `api/test/deal-helpers.ts` does); every call carries a bearer token.',
    '- A deal is nine calls in order: `application/create` → `reply/send` → `named/executor` → `payment/webhook` (the bank, HMAC-signed) → `start-working/executor` →',
    `  \`confirm-execution\` → \`verification\` → \`review\` → \`close\` (releases the escrow to the executor). The ${method.transitionsPerDeal} calls that move a status (six of the application's, one of its payment)`,
    '  are the transitions counted; reply and review are timed but not counted. Transitions/s = transitions answered 200 / wall time of the phase; only 200 answers are timed.',
    `- ${method.warmupDeals} warm-up deals, then ${method.deals} deals one at a time, then ${method.deals} other deals with ${method.concurrency.slice(1).join(', ') || '—'} in flight`,
    `  (${method.client}). Latency is from sending a request to reading the last byte of its answer.`,
    `- Contended: one application with ${method.contenders} replies; the customer's \`named/executor\` for every reply sent at once over ${method.contenders} warm connections;`,
    `  ${method.rounds} rounds after one uncounted round. One should answer 200 and the others 409.`,
    '- After the run the server reads the books: the sum of all ledger entries, each executor\'s balance against its deal\'s price, each deal\'s escrow.',
    '',
    '## Complete deals',
    '',
    ...summaryTable(result),
    '',
    'Per call (latency of every call of that kind, ms):',
    '',
    ...stepTable(result),
    '',
    failures.length ? `Failed deals: ${failures.length}: ${failures.slice(0, 5).map((f) => `c=${f.concurrency} deal ${f.deal} at ${f.step}: ${f.message}`).join('; ')}.` : 'Failed deals: 0.',
    '',
    `## Contended \`named/executor\` (${contended.contenders} at once, ${contended.rounds} rounds)`,
    '',
    ...contendedTable(contended),
    '',
    `Rounds with exactly one winner: ${contended.roundsWithOneWinner} of ${contended.rounds}; answers other than 200 and 409: ${contended.otherAnswers}.`,
    `Losing answers: ${Object.entries(contended.answers).map(([k, n]) => `${n} × ${k}`).join('; ') || '—'}.`,
    '',
    '## Books after the run',
    '',
    ...booksLines(result.books),
    '',
  ];
  writeFileSync(`${base}.md`, lines.join('\n'));
  return [`${base}.json`, `${base}.md`];
}
