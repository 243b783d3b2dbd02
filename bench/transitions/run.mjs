#!/usr/bin/env node
// `pnpm bench:transitions`: the transaction core of issue 9 through the HTTP API. Complete deals
// (create → reply → named/executor → bank payment webhook → start-working → confirm-execution →
// verification → review → close, which releases the escrow to the executor in the ledger), run one
// at a time and then several at once; then the contended case, many `named/executor` calls on one
// application at the same moment; then the books. Against the API in its own process (PGlite in a
// temporary DATA_DIR, or DATABASE_URL in schema bench_transitions). Reports, never asserts.
// Writes bench/results/transitions-<pglite|postgres>.json and .md. Loopback only; stops by itself.
//
// Options: --deals 200  --concurrency 1,10  --warmup 5  --contenders 20  --rounds 10  --out bench/results
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { childProcesses, machineFacts } from '../lib/children.mjs';
import { benchProductionEnv } from '../lib/production-env.mjs';
import { agent, post, round, summarise } from './client.mjs';
import { printTables, writeReport } from './report.mjs';

// Production refuses to start without the payee's requisites; the bench pays through the signed
// webhook (the dev pay call does not exist in production).
const WEBHOOK_SECRET = 'bench';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const API_DIR = path.join(HERE, '..', '..', 'api');

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}
const DEALS = Number(arg('deals', 200));
const CONCURRENCY = arg('concurrency', '1,10').split(',').map(Number);
const WARMUP = Number(arg('warmup', 5));
const CONTENDERS = Number(arg('contenders', 20));
const ROUNDS = Number(arg('rounds', 10));
const RESULTS = path.resolve(arg('out', path.join(HERE, '..', 'results')));
const MOSCOW = '0c5b2444-70a0-4932-980c-b4dc0d3f02b5';

/**
 * One deal's calls in order. `to` is the status the call moves to: those calls are the
 * transitions counted (six of the application's status, one of its payment); reply and review
 * change none and are timed all the same.
 */
export const STEPS = [
  { step: 'create', path: 'application/create', who: 'customer', to: 'published' },
  { step: 'reply', path: 'application/reply/send', who: 'executor', to: null },
  { step: 'named', path: 'application/named/executor', who: 'customer', to: 'executor_named' },
  { step: 'pay', path: 'payment/webhook', who: 'bank', to: 'payment: held' },
  { step: 'start', path: 'application/start-working/executor', who: 'executor', to: 'in_work' },
  { step: 'confirm', path: 'application/confirm-execution', who: 'executor', to: 'on_review' },
  { step: 'verification', path: 'application/verification', who: 'customer', to: 'executed' },
  { step: 'review', path: 'application/review', who: 'customer', to: null },
  { step: 'close', path: 'application/close', who: 'customer', to: 'closed' },
];
const TRANSITIONS_PER_DEAL = STEPS.filter((s) => s.to).length;

// Whatever happens, the run ends: the default run takes about a minute on 2 cores.
const procs = childProcesses('bench:transitions', (5 * 60 + ((DEALS * CONCURRENCY.length + WARMUP) * 0.5) + ROUNDS * CONTENDERS * 0.2) * 1000);

/** Starts the API; answers its port and a request/answer channel over IPC. */
const startServer = (env) => procs.start('API', ['--import', 'tsx', path.join(HERE, 'server.mjs')], { cwd: API_DIR, env });
const stopChild = (child) => procs.stop(child);

const inDays = (days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const bearer = (person) => ({ authorization: person.authorization });

/** Every field `application/create` needs (as api/test/deal-helpers.ts completeFields). */
const fields = (serviceId, price, name) => ({
  name,
  description: 'Заменить проводку в квартире, 60 м²',
  services: [serviceId],
  price,
  deadline: inDays(30),
  feedbackDeadline: inDays(7),
  address: { value: 'г Москва, ул Тверская, д 1', cityFiasId: MOSCOW, geoLat: 55.757, geoLon: 37.615 },
});

class StepFailed extends Error {
  constructor(step, answer) {
    super(`${step}: ${answer.status} ${answer.body?.code ?? ''} ${answer.body?.message ?? ''}`.trim());
    this.step = step;
    this.status = answer.status;
  }
}

/**
 * One complete deal through the API. Latencies of every call go to `timings[step]`; a call that
 * does not answer 200 ends the deal (reported, not thrown further).
 */
async function runDeal({ port, agent: a, serviceId, timings }, n, customer, executor) {
  // A distinct price per deal, with kopecks: the books check finds each one on its executor.
  const price = Number((10_000 + n + (n % 100) / 100).toFixed(2));
  const priceKopecks = Math.round(price * 100);
  const call = async (step, who, body, headers = bearer(who)) => {
    const answer = await post({ port, agent: a, path: STEPS.find((s) => s.step === step).path, body, headers });
    // Only 200 answers are timed and counted; any other ends the deal and is reported.
    if (answer.status !== 200) throw new StepFailed(step, answer);
    timings[step].push(answer.ms);
    return answer.body.data;
  };
  const { id } = await call('create', customer, fields(serviceId, price, `Бенчмарк сделки ${n}`));
  const reply = await call('reply', executor, { id, comment: 'Сделаю за неделю' });
  await call('named', customer, { id, replyId: reply.id });
  const payment = JSON.stringify({ operationId: `bench-${id}`, applicationId: id, amount: price, paidAt: new Date().toISOString() });
  await call('pay', null, payment, { 'x-signature': createHmac('sha256', WEBHOOK_SECRET).update(payment).digest('hex') });
  await call('start', executor, { id });
  await call('confirm', executor, { id });
  await call('verification', customer, { id });
  await call('review', customer, { id, rating: 5, text: 'Хорошо' });
  const closed = await call('close', customer, { id });
  if (closed.status !== 'closed') throw new StepFailed('close', { status: 200, body: { message: `answered status ${closed.status}` } });
  return { applicationId: id, executorProfileId: executor.profileId, priceKopecks };
}

/** `people.length` deals, `concurrency` at a time (each worker takes the next deal when one ends). */
async function runDeals({ port, serviceId }, concurrency, people, firstNumber) {
  const a = agent(concurrency);
  const timings = Object.fromEntries(STEPS.map((s) => [s.step, []]));
  const done = [];
  const failures = [];
  let next = 0;
  const started = process.hrtime.bigint();
  const worker = async () => {
    while (next < people.length) {
      const i = next++;
      try {
        done.push(await runDeal({ port, agent: a, serviceId, timings }, firstNumber + i, people[i].customer, people[i].executor));
      } catch (err) {
        failures.push({ deal: firstNumber + i, step: err.step ?? null, status: err.status ?? null, message: String(err.message ?? err) });
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  a.destroy();
  const transitions = STEPS.filter((s) => s.to).reduce((n, s) => n + timings[s.step].length, 0);
  const calls = STEPS.reduce((n, s) => n + timings[s.step].length, 0);
  return {
    done,
    figures: {
      concurrency,
      deals: people.length,
      completed: done.length,
      failures,
      seconds: round(seconds, 3),
      transitions,
      transitionsPerSecond: round(transitions / seconds, 1),
      calls,
      callsPerSecond: round(calls / seconds, 1),
      dealsPerSecond: round(done.length / seconds, 2),
      steps: STEPS.map((s) => ({ ...s, ...summarise(timings[s.step]) })),
      transitionLatency: summarise(STEPS.filter((s) => s.to).flatMap((s) => timings[s.step])),
    },
  };
}

/**
 * The contended case: one application, `contenders` executors replied, and the customer's
 * `named/executor` for every reply sent at the same moment over as many warm connections. One
 * should win (200), the others should get 409. Round 0 opens the connections and is not counted.
 */
async function runContended({ port, serviceId }, customer, contenders) {
  const setup = agent(contenders.length);
  const burst = agent(contenders.length);
  const must = (answer, what) => {
    if (answer.status !== 200) throw new Error(`contended ${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body.data;
  };
  const winners = [];
  const conflicts = [];
  const others = [];
  const codes = {};
  const rounds = [];
  for (let r = 0; r <= ROUNDS; r++) {
    const { id } = must(await post({ port, agent: setup, path: 'application/create', body: fields(serviceId, 5000, `Бенчмарк спора ${r}`), headers: bearer(customer) }), 'create');
    const replies = await Promise.all(
      contenders.map((e) => post({ port, agent: setup, path: 'application/reply/send', body: { id, comment: 'Возьмусь' }, headers: bearer(e) }).then((x) => must(x, 'reply').id)),
    );
    const answers = await Promise.all(replies.map((replyId) => post({ port, agent: burst, path: 'application/named/executor', body: { id, replyId }, headers: bearer(customer) })));
    const won = answers.flatMap((x, k) => (x.status === 200 ? [k] : []));
    rounds.push({ applicationId: id, winnerProfileId: won.length === 1 ? contenders[won[0]].profileId : null, ok: won.length, conflicts: answers.filter((x) => x.status === 409).length, other: answers.filter((x) => x.status !== 200 && x.status !== 409).length });
    if (r === 0) continue;
    for (const x of answers) {
      if (x.status === 200) winners.push(x.ms);
      else if (x.status === 409) conflicts.push(x.ms);
      else others.push({ status: x.status, body: x.body });
      if (x.status !== 200) {
        const key = `${x.status} ${x.body?.code ?? ''}: ${x.body?.message ?? ''}`;
        codes[key] = (codes[key] ?? 0) + 1;
      }
    }
  }
  setup.destroy();
  burst.destroy();
  // The books check confirms the one winner in the database: named once, the executor of the 200.
  const checked = rounds.filter((x) => x.ok === 1).map(({ applicationId, winnerProfileId }) => ({ applicationId, winnerProfileId }));
  return {
    rounds,
    checked,
    figures: {
      contenders: contenders.length,
      rounds: ROUNDS,
      roundsWithOneWinner: rounds.slice(1).filter((x) => x.ok === 1).length,
      wins: winners.length,
      conflicts: conflicts.length,
      otherAnswers: others.length,
      answers: codes,
      winnerLatency: summarise(winners),
      conflictLatency: summarise(conflicts),
    },
  };
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-transitions-'));
  const loadBefore = os.loadavg();
  const env = {
    DATA_DIR: dataDir, PORT: '0', PLATFORM_FEE_PERCENT: '0', ...benchProductionEnv({ webhookSecret: WEBHOOK_SECRET }),
  };
  let result;
  try {
    console.log('bench:transitions: starting the API…');
    const api = await startServer(env);
    const { port, db, serviceId } = api.info;
    const ctx = { port, serviceId };
    const total = WARMUP + DEALS * CONCURRENCY.length;
    const [customers, executors, contenders, [contendingCustomer]] = await Promise.all([
      api.ask({ type: 'people', profileType: 'customer', count: total, tag: 1 }),
      api.ask({ type: 'people', profileType: 'executor', count: total, tag: 2 }),
      api.ask({ type: 'people', profileType: 'executor', count: CONTENDERS, tag: 3 }),
      api.ask({ type: 'people', profileType: 'customer', count: 1, tag: 4 }),
    ]);
    const pairs = customers.map((customer, i) => ({ customer, executor: executors[i] }));
    console.log(`bench:transitions: API on :${port} (${db}); ${total} deals, ${TRANSITIONS_PER_DEAL} transitions each`);

    const deals = [];
    const warm = await runDeals(ctx, Math.max(...CONCURRENCY), pairs.slice(0, WARMUP), 0);
    deals.push(...warm.done);
    const phases = [];
    for (const [k, concurrency] of CONCURRENCY.entries()) {
      const first = WARMUP + k * DEALS;
      const phase = await runDeals(ctx, concurrency, pairs.slice(first, first + DEALS), first);
      deals.push(...phase.done);
      phases.push(phase.figures);
      console.log(`  concurrency ${concurrency}: ${phase.figures.transitionsPerSecond} transitions/s, ${phase.figures.completed}/${DEALS} deals in ${phase.figures.seconds} s`);
    }
    const contended = await runContended(ctx, contendingCustomer, contenders);
    console.log(`  contended: ${contended.figures.wins} wins, ${contended.figures.conflicts} × 409 in ${ROUNDS} rounds`);

    const books = await api.ask({ type: 'books', deals, contended: contended.checked });
    await stopChild(api.child);

    result = {
      date: new Date().toISOString(),
      db,
      machine: {
        ...machineFacts(os, loadBefore),
      },
      method: {
        deals: DEALS,
        concurrency: CONCURRENCY,
        warmupDeals: WARMUP,
        transitionsPerDeal: TRANSITIONS_PER_DEAL,
        contenders: CONTENDERS,
        rounds: ROUNDS,
        feePercent: api.info.feePercent,
        client: 'node:http keep-alive, one connection per concurrent deal, same machine',
      },
      phases,
      contended: contended.figures,
      books,
    };
  } finally {
    await procs.stopAll();
    rmSync(dataDir, { recursive: true, force: true });
  }
  printTables(result);
  const files = writeReport(RESULTS, result);
  console.log(`bench:transitions: wrote ${files.join(' and ')}`);
}

main()
  .then(() => procs.stopLimit())
  .catch((err) => {
    console.error('bench:transitions failed:', err);
    procs.killAll();
    process.exit(1);
  });
