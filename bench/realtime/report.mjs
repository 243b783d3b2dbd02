// Writes bench/results/realtime.json and realtime.md, and prints the same tables.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const row = (cells) => `| ${cells.map((c) => (c === null || c === undefined ? '—' : c)).join(' | ')} |`;
const rate = (r) => (r === 'max' ? 'max (closed loop)' : r.toLocaleString('en-US'));
const n = (x) => (x === null || x === undefined ? '—' : x.toLocaleString('en-US'));

function mainTable(result) {
  const lines = [
    row(['offered deliveries/s', 'ours achieved/s', 'ours p50 ms', 'ours p99 ms', 'ours max ms', 'ours p99 from emit ms', 'ours lost', 'bare ws achieved/s', 'bare p50 ms', 'bare p99 ms', 'bare max ms', 'bare p99 from emit ms', 'bare lost']),
    row(Array(13).fill('---')),
  ];
  for (const s of result.steps) {
    const o = s.ours;
    const b = s.bare;
    lines.push(
      row([rate(s.offered), n(o.achieved), o.latency.p50, o.latency.p99, o.latency.max, o.latencyFromEmit.p99, o.lost, n(b.achieved), b.latency.p50, b.latency.p99, b.latency.max, b.latencyFromEmit.p99, b.lost]),
    );
  }
  return lines;
}

function maxRoundsLines(result) {
  const max = result.steps.find((s) => s.offered === 'max');
  if (!max?.ours.rounds) return [];
  const list = (side) => max[side].rounds.map((r) => `${n(r.achieved)}/s (p99 ${r.p99} ms, server CPU ${r.serverCpuPercent} %, other work ${r.otherWorkCores} cores)`).join(', ');
  return [`Max run rounds (the round of median rate stands in the table): ours ${list('ours')}; bare ws ${list('bare')}.`, ''];
}

function costTable(result) {
  const lines = [
    row(['offered deliveries/s', 'ours server CPU %', 'ours server µs/delivery', 'ours clients CPU %', 'ours clients µs/delivery', 'bare server CPU %', 'bare server µs/delivery', 'bare clients CPU %', 'bare clients µs/delivery', 'ours send lag p99 ms', 'bare send lag p99 ms', 'other work, cores (ours / bare step)']),
    row(Array(12).fill('---')),
  ];
  for (const s of result.steps) {
    const o = s.ours;
    const b = s.bare;
    lines.push(
      row([rate(s.offered), o.serverCpuPercent, o.serverUsPerDelivery, o.clientCpuPercent.join(' + '), o.clientUsPerDelivery, b.serverCpuPercent, b.serverUsPerDelivery, b.clientCpuPercent.join(' + '), b.clientUsPerDelivery, o.sendLag?.p99 ?? '—', b.sendLag?.p99 ?? '—', `${o.otherWorkCores ?? '—'} / ${b.otherWorkCores ?? '—'}`]),
    );
  }
  return lines;
}

function e2eLines(phases) {
  const lines = [
    row(['call', 'calls in flight', 'calls', 'calls/s', 'HTTP p50 ms', 'HTTP p99 ms', 'sockets per event', 'deliveries', 'deliveries/s', 'delivery p50 ms', 'delivery p99 ms', 'delivery max ms', 'missing', 'failed calls']),
    row(Array(14).fill('---')),
  ];
  const failed = [];
  for (const e of phases) {
    const failures = Object.entries(e.failures);
    failed.push(...failures.map(([k, v]) => `${v} × ${k} (${e.call}, ${e.concurrency} in flight)`));
    lines.push(
      row([`\`${e.call === 'message' ? 'message/create' : 'application/reply/send'}\``, e.concurrency, e.calls, e.callsPerSecond, e.httpLatency.p50, e.httpLatency.p99, e.socketsPerEvent, e.deliveries, n(e.deliveriesPerSecond), e.latency.p50, e.latency.p99, e.latency.max, e.expectedDeliveries - e.deliveries, failures.reduce((k, [, v]) => k + v, 0)]),
    );
  }
  if (failed.length) lines.push('', `Failed calls: ${failed.join('; ')}.`);
  return lines;
}

function profileLines(profiles) {
  const sides = Object.entries(profiles);
  if (!sides.length) return ['(not profiled in this run)'];
  const lines = [];
  for (const [side, p] of sides) {
    lines.push(
      `**${side === 'ours' ? 'Ours' : 'Bare ws'}** (max run of ${p.seconds} s under the profiler, ${n(p.achieved)} deliveries/s; share of the server's non-idle CPU samples by self time):`,
      '',
      `- by place: ${p.byPlace.map((x) => `${x.name} ${x.percent} %`).join(', ')}`,
      `- by function: ${p.byFunction.slice(0, 8).map((x) => `\`${x.name}\` ${x.percent} %`).join(', ')}`,
      '',
    );
  }
  return lines;
}

function goalLines(result) {
  const g = result.goals;
  const at = g.oursAtRate;
  return [
    `- **p99 ≤ ${g.p99Ms} ms at ${n(g.rate)} deliveries/s** (ours, fan-out layer): ${at ? `achieved ${n(at.achieved)}/s, p99 ${at.p99} ms, lost ${at.lost}` : 'rate not run'} — **${g.p99Met === null ? 'not measured' : g.p99Met ? 'met' : 'not met'}**.`,
    g.shareMet === null
      ? `- **At least ${g.shareOfBare * 100} % of the bare server's rate**: no max run — **not measured**.`
      : `- **At least ${g.shareOfBare * 100} % of the bare server's rate** (max runs, median round): ours ${n(g.oursMax)}/s, bare ws ${n(g.bareMax)}/s, ${(g.share * 100).toFixed(1)} % — **${g.shareMet ? 'met' : 'not met'}**.`,
    ...(g.serverCostShare
      ? [
          `  By CPU cost per delivery in the same runs (less moved by other work on the machine than the rates): the server alone does ${(g.serverCostShare * 100).toFixed(0)} % of the bare`,
          `  server's deliveries per CPU second; server + clients together ${(g.totalCostShare * 100).toFixed(0)} %.`,
        ]
      : []),
    ...result.e2e.map(
      (e) =>
        `- End to end, \`${e.call === 'message' ? 'message/create' : 'application/reply/send'}\` with ${e.concurrency} call(s) in flight (measured at the rate it sustains): ${n(e.deliveriesPerSecond)} deliveries/s at ${e.callsPerSecond} calls/s, delivery p50 ${e.latency.p50} ms, p99 ${e.latency.p99} ms.`,
    ),
  ];
}

/** What the CPU figures and the profile say, derived from this run's numbers, not written in advance. */
function costLines(result) {
  const max = result.steps.find((s) => s.offered === 'max') ?? result.steps.at(-1);
  const o = max.ours;
  const b = max.bare;
  const cores = result.machine.cpus;
  const sum = (list) => list.reduce((x, y) => x + y, 0);
  const oClients = sum(o.clientCpuPercent);
  const bClients = sum(b.clientCpuPercent);
  const pct = (x) => `${(x * 100).toFixed(0)} %`;
  const lines = [
    `- Per delivery at the max run: our server ${o.serverUsPerDelivery} µs of CPU, the bare server ${b.serverUsPerDelivery} µs (ours costs ${pct(o.serverUsPerDelivery / b.serverUsPerDelivery - 1)} more);`,
    `  socket.io-client ${o.clientUsPerDelivery} µs, a plain ws client ${b.clientUsPerDelivery} µs (${pct(o.clientUsPerDelivery / b.clientUsPerDelivery - 1)} more). On this machine the clients spend`,
    `  ${o.clientUsPerDelivery > o.serverUsPerDelivery ? 'more' : 'less'} CPU per delivery than our server does, and they share its ${cores} cores: server + clients used ours ${o.serverCpuPercent} % + ${oClients.toFixed(0)} %,`,
    `  bare ${b.serverCpuPercent} % + ${bClients.toFixed(0)} % of ${cores * 100} %, with other work at ${o.otherWorkCores ?? '—'} / ${b.otherWorkCores ?? '—'} cores.`,
  ];
  if (o.serverCpuPercent >= 90) lines.push('  Our server process was saturated (its one Node thread near 100 %): its cost per delivery bounds its rate.');
  else if (o.serverCpuPercent + oClients + 100 * (o.otherWorkCores ?? 0) >= cores * 100 * 0.85) {
    lines.push('  The cores were full (server, clients and other work together): the max rate here is a bound of this machine, not of the server alone.');
  }
  const p = result.profiles?.ours;
  if (p) {
    const share = (names) => p.byPlace.filter((x) => names.some((n) => x.name === n || x.name.startsWith(n))).reduce((k, x) => k + x.percent, 0);
    const native = share(['(native']);
    const framework = share(['socket.io', 'engine.io', 'ws', '@socket.io']);
    const node = share(['node:']);
    lines.push(
      `- Inside our server (profile below): ${native.toFixed(0)} % of its CPU is native code, almost all \`writev\`, the system call writing each frame to its`,
      `  socket (the kernel's loopback work is charged here); socket.io, engine.io and ws JavaScript ${framework.toFixed(0)} %; Node's streams, events and net ${node.toFixed(0)} %.`,
      '  On both servers each delivery is a WebSocket frame written to its own socket, and those writes are most of the cost; what socket.io adds is the',
      '  JavaScript around each write (the adapter walking the room, engine.io\'s per-socket packet buffer and its write callbacks), the packet encoding',
      '  (once per emit), and on the client side the engine.io and socket.io decoding.',
    );
  }
  return lines;
}

export function printTables(result) {
  console.log('\nfan-out (1,000 sockets each)');
  for (const l of [...mainTable(result), '', ...costTable(result), '', ...profileLines(result.profiles), 'end to end', ...e2eLines(result.e2e), '', ...goalLines(result)]) console.log(l);
  console.log('');
}

export function writeReport(dir, result) {
  mkdirSync(dir, { recursive: true });
  const json = path.join(dir, 'realtime.json');
  const md = path.join(dir, 'realtime.md');
  writeFileSync(json, `${JSON.stringify(result, null, 2)}\n`);
  const { machine, method, versions, connect } = result;
  const lines = [
    '# Realtime benchmark: socket fan-out, ours (socket.io on the API) vs a bare `ws` broadcast server',
    '',
    `${result.date} · ${machine.cpus} × ${machine.cpu} · Node ${machine.node} · ${machine.platform}`,
    '',
    `Load average (1, 5, 15 min) before: ${machine.loadAverage.before.join(', ')}; after: ${machine.loadAverage.after.join(', ')}. Over the ${machine.runSeconds} s of the run:`,
    `this run's processes kept ${machine.coresBusyThisRun} cores busy on average, other work on the machine ${machine.coresBusyOtherWork ?? '—'}; some task waited for a CPU`,
    `${machine.cpuPressureSomePercent ?? '—'} % of the time (/proc/pressure/cpu).` +
      (machine.coresBusyOtherWork > 0.25 ? ' Other work took a share of the cores: rates near saturation are pessimistic and vary from run to run.' : ''),
    '',
    `Versions: ${Object.entries(versions).map(([k, v]) => `${k} ${v}`).join(', ')}.`,
    '',
    '## Goals (issue 11)',
    '',
    ...goalLines(result),
    '',
    '## Fan-out: deliveries per second and latency',
    '',
    ...mainTable(result),
    '',
    ...maxRoundsLines(result),
    '"Achieved" is deliveries received by all sockets / (last receipt − first send) of the step; "lost" is sent − received after the drain',
    `(5 s after a paced step, 15 s after the max run). Latency is per delivery, to the client's receipt in its event handler (after decoding), from the time`,
    'the schedule meant the event to leave (p50, p99, max: a server that stalls is charged for the wait, no coordinated omission; the 1 ms send timer adds',
    'up to about a millisecond) and, in the "from emit" column, from the stamp taken just before the emit call (the fan-out alone). In the max run both are',
    'the same. Every event of a step goes to one room (group) of the same size, so one event = that many deliveries.',
    '',
    '## Where the time goes',
    '',
    ...costTable(result),
    '',
    'Server CPU is the server process from its first send until every delivery is in; clients CPU is each client process over the same step',
    '(one value per process, 100 % = one core). Send lag is how late events left against the schedule (1 ms timer ticks; it grows when a server falls behind).',
    'Other work is what the rest of the machine (other people\'s builds and tests) kept busy during the step: a step where it is high, or where a',
    'server spinning in the max run gets well under 100 % of a core, measured the machine as much as the server (/proc/stat less this run\'s',
    'processes: about ±0.2 cores).',
    '',
    ...costLines(result),
    '',
    ...profileLines(result.profiles),
    '',
    '## End to end through HTTP (ours only)',
    '',
    ...e2eLines(result.e2e),
    '',
    ...[...new Set(result.e2e.map((e) => e.label))].map((l) => `- ${l}.`),
    '',
    `A closed loop (keep-alive node:http) for about ${result.e2e[0].seconds} s per row, each call by one of ${method.e2eExecutors} executors on one of ${method.users}`,
    `published applications (one per socket user, fresh for each row), so each event reaches the ${method.socketsPerUser} sockets of its customer. The database is PGlite: one connection,`,
    'transactions one after another. Latency is from sending the HTTP request to the socket receiving the event (a `message` is matched by the id the call',
    'answers; a `notification` by its application, which has one call in flight at a time). This path is bounded by the database write of each call,',
    'not by the sockets: it is measured at the rate it sustains, not at the offered rates above. With the 1 to 3 tabs a real user has, a call is 1 to 3',
    `deliveries, not ${method.socketsPerUser}: the calls per second are the bound, the deliveries per second here are that bound times the room size.`,
    '`message/create` is measured when the API has the route (messaging); `application/reply/send` always.',
    '',
    '## Method',
    '',
    `- **Ours**: the API of \`api/src/app.ts\` with its socket.io server (\`api/src/plugins/socket.ts\`) on the API's own HTTP server, in its own process`,
    `  (\`bench/realtime/server.mjs\`, started as bench/transitions starts it: PGlite in a temporary DATA_DIR, migrated and seeded, NODE_ENV=production, logging off,`,
    '  no REDIS_URL, so the in-memory adapter of one node). That process also holds `io` and drives `io.to(room).emit(\'notification\', event)` at the offered',
    '  rate (no debug endpoint is added to the API).',
    `- **Sockets**: ${n(method.sockets)} socket.io-client sockets with the shell's options (websocket transport, path, reconnection delays, timeout, \`auth\` callback`,
    `  with the token; \`forceNew\` so each is its own connection, as each tab is), authenticated as ${method.users} real users (${method.socketsPerUser} sockets each) with a live`,
    '  session and a signed access token, made in the database as bench/transitions makes its people; the handshake checks them as in production',
    `  (signature, expiry, live session) and joins each socket to \`user:<id>\` and \`profile:<id>\`. Events go to ${method.oursRooms}.`,
    `  Connecting all ${n(method.sockets)} (${connect.wave} at a time, as a reconnect storm after a restart would): socket.io ${connect.ours.seconds} s, ${n(connect.ours.perSecond)}/s,`,
    `  connect p50 ${connect.ours.p50} ms, p99 ${connect.ours.p99} ms (WebSocket upgrade, engine.io and socket.io handshakes, token check with its session query,`,
    `  the profile query for the rooms); bare ws ${connect.bare.seconds} s, ${n(connect.bare.perSecond)}/s, open p50 ${connect.bare.p50} ms.`,
    `- **Bare ws**: \`bench/realtime/bare-server.mjs\`, \`ws\` with no protocol, auth or rooms library; the same ${n(method.sockets)} sockets in ${method.users} groups of`,
    `  ${method.socketsPerUser}, the same events (JSON.stringify once, then \`ws.send\` to each socket of the group), the same pace loop (\`bench/realtime/pace.mjs\`).`,
    `- **Event**: the shape of the API's \`notification\` (row, kind, unread count) plus a \`bench\` field with the step and the stamps; ${method.eventBytes} bytes of JSON`,
    '  (socket.io frames it as `42["notification",{…}]`, the bare server as `["notification",{…}]`).',
    `- **Rates**: ${method.rates.map(rate).join(', ')}; ${method.secondsPerStep} s each (the max run: ${method.maxRounds} rounds of ${method.maxSeconds} s), ours and bare one after the other`,
    '  (which goes first alternates), after a 1 s warm-up of each. Paced steps are an open loop: a 1 ms timer sends every event due, so a server that falls behind sends late (send lag) and',
    `  its deliveries/s fall short. The max run is a closed loop: events go out one per macrotask while fewer than ${n(method.maxWindow)} deliveries are unconfirmed`,
    '  by the clients (they report every 20 ms); its latency is mostly that window\'s queue, its rate the ceiling of server + loopback + clients.',
    `- **Processes**: our API, the bare server, ${method.clientProcesses} client process(es) (each with its share of the sockets to both servers) and the driver, all separate,`,
    `  on the ${machine.cpus} cores of one machine over loopback: the clients compete with the server for CPU, which makes every figure here a lower bound for a server`,
    '  with its own cores. It weighs more on ours: socket.io-client spends more CPU per delivery than a plain ws client (cost table), CPU the server',
    '  then lacks; hence the server-only cost share next to the rate share in the goals.',
    `- **Clock**: ${method.clock}; checked at the start by stamping in the driver and reading in each client over IPC (${method.clockCheckMs.join(', ')} ms: never negative).`,
    '- Latency percentiles are exact (every sample kept and sorted), not histogram estimates.',
    '',
  ];
  writeFileSync(md, lines.join('\n'));
  return [json, md];
}
