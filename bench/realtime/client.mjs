// A client process of `pnpm bench:realtime`: its share of the sockets to both servers, each
// received event timed against the sender's stamp (the shared monotonic clock of pace.mjs).
// socket.io-client sockets with the shell's options (shell/src/session/socket-options.ts: path,
// websocket transport, reconnection delays, timeout, `auth` callback with the token) plus
// `forceNew`, so every socket is its own connection as every browser tab is; plain `ws` sockets
// for the bare server. Driven by run.mjs over IPC (advanced serialisation: samples go back as
// Float64Array).
import { io } from 'socket.io-client';
import WebSocket from 'ws';
import { E2E_KIND, now } from './pace.mjs';

process.on('disconnect', () => process.exit(0));

const SOCKET_OPTIONS = { path: '/socket.io', transports: ['websocket'], reconnectionDelay: 300, reconnectionDelayMax: 2000, timeout: 8000, autoConnect: false };

/**
 * Per step, two latencies of every delivery (ns): from the send stamp (the fan-out alone) and from
 * the time the schedule meant the event to leave (adds the server's own delays before the emit:
 * a stalled event loop is not hidden by stamping late, i.e. no coordinated omission).
 */
const steps = new Map();
const grow = (buf) => {
  const bigger = new Float64Array(buf.length * 2);
  bigger.set(buf);
  return bigger;
};
const record = ({ step, t: sentAt, s: scheduledAt }) => {
  const t = now();
  let s = steps.get(step);
  if (!s) {
    s = { sent: new Float64Array(1 << 16), scheduled: new Float64Array(1 << 16), n: 0, first: t, last: t };
    steps.set(step, s);
  }
  if (s.n === s.sent.length) {
    s.sent = grow(s.sent);
    s.scheduled = grow(s.scheduled);
  }
  s.sent[s.n] = t - sentAt;
  s.scheduled[s.n++] = t - scheduledAt;
  s.last = t;
};

/** End-to-end deliveries (events the API sent on its own, no bench stamp): [kind, socket, application or message id, received at]. */
let e2e = [];
let unexpected = 0;
const ours = [];
const bare = [];

function connectOurs(url, token, index) {
  return new Promise((resolve) => {
    const started = now();
    const socket = io(url, { ...SOCKET_OPTIONS, forceNew: true, auth: (cb) => cb({ token }) });
    socket.on('notification', (ev) => {
      if (ev?.bench) record(ev.bench);
      else if (typeof ev?.applicationId === 'number' && typeof ev.message === 'string') e2e.push(E2E_KIND.notification, index, ev.applicationId, now());
      else unexpected++;
    });
    socket.on('message', (ev) => {
      if (typeof ev?.message?.id === 'number') e2e.push(E2E_KIND.message, index, ev.message.id, now());
      else unexpected++;
    });
    socket.once('connect', () => resolve({ ok: true, ms: (now() - started) / 1e6 }));
    socket.once('connect_error', (err) => resolve({ ok: false, error: String(err?.message ?? err) }));
    socket.connect();
    ours.push(socket);
  });
}

function connectBare(url, group) {
  return new Promise((resolve) => {
    const started = now();
    const ws = new WebSocket(`${url}/?group=${encodeURIComponent(group)}`, { perMessageDeflate: false });
    ws.on('message', (data) => {
      const [, ev] = JSON.parse(data);
      if (ev?.bench) record(ev.bench);
      else unexpected++;
    });
    ws.once('open', () => resolve({ ok: true, ms: (now() - started) / 1e6 }));
    ws.once('error', (err) => resolve({ ok: false, error: String(err?.message ?? err) }));
    bare.push(ws);
  });
}

/** Opens the sockets `wave` at a time; answers connect times (ms) and the errors. */
async function connectAll(items, open, wave) {
  const started = now();
  const ms = [];
  const errors = {};
  for (let i = 0; i < items.length; i += wave) {
    const results = await Promise.all(items.slice(i, i + wave).map(open));
    for (const r of results) {
      if (r.ok) ms.push(r.ms);
      else errors[r.error] = (errors[r.error] ?? 0) + 1;
    }
  }
  return { connected: ms.length, ms, errors, seconds: (now() - started) / 1e9 };
}

const cpuNow = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};
let armed = null;
let progressTimer = null;

process.on('message', async (m) => {
  try {
    let value;
    if (m.type === 'clock') value = now() - m.t;
    else if (m.type === 'connect') {
      const oursUrl = `http://127.0.0.1:${m.oursPort}`;
      const bareUrl = `ws://127.0.0.1:${m.barePort}`;
      value = {
        ours: await connectAll(m.ours, (s) => connectOurs(oursUrl, s.token, s.index), m.wave),
        bare: await connectAll(m.bare, (s) => connectBare(bareUrl, s.group), m.wave),
      };
    } else if (m.type === 'arm') {
      // From here to `collect`: CPU of this process, and (max steps) progress every 20 ms.
      armed = { step: m.step, cpu: cpuNow(), at: now() };
      if (m.progress) {
        progressTimer = setInterval(() => process.send({ progress: true, step: m.step, received: steps.get(m.step)?.n ?? 0 }), 20);
      }
      value = true;
    } else if (m.type === 'count') value = steps.get(m.step)?.n ?? 0;
    else if (m.type === 'collect') {
      clearInterval(progressTimer);
      progressTimer = null;
      const s = steps.get(m.step);
      steps.delete(m.step);
      const wall = (now() - armed.at) / 1e9;
      value = {
        n: s?.n ?? 0,
        samples: s ? s.sent.slice(0, s.n) : new Float64Array(0),
        fromSchedule: s ? s.scheduled.slice(0, s.n) : new Float64Array(0),
        firstRecv: s?.first ?? null,
        lastRecv: s?.last ?? null,
        cpuUs: cpuNow() - armed.cpu,
        cpuPercent: Number(((cpuNow() - armed.cpu) / 1e4 / wall).toFixed(1)),
        unexpected,
      };
      armed = null;
      unexpected = 0;
    } else if (m.type === 'e2e-reset') {
      e2e = [];
      value = true;
    } else if (m.type === 'e2e-collect') {
      value = Float64Array.from(e2e);
      e2e = [];
    } else if (m.type === 'close') {
      for (const s of ours) s.disconnect();
      for (const ws of bare) ws.terminate();
      value = true;
    } else throw new Error(`unknown message ${m.type}`);
    process.send({ id: m.id, ok: true, value });
  } catch (err) {
    process.send({ id: m.id, ok: false, error: String(err?.stack ?? err) });
  }
});

process.send({ ready: true });
