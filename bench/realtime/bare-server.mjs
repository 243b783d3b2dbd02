// The baseline of `pnpm bench:realtime`: a bare `ws` broadcast server (the same ws version
// engine.io uses under socket.io) in its own process. No handshake protocol, no auth, no
// rooms library: a client says its group in the URL (`/?group=7`), the server keeps a Set of
// sockets per group, and an event is JSON-stringified once and `ws.send` to each socket of its
// group, as the ws README's broadcast does. The same pace loop and the same event as server.mjs.
import { WebSocketServer } from 'ws';
import { cpuNow, runStep } from './pace.mjs';
import { profiled } from './profile.mjs';

process.on('disconnect', () => process.exit(0));

const groups = new Map();
const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false, clientTracking: true });
wss.on('connection', (ws, req) => {
  const group = new URL(req.url, 'http://x').searchParams.get('group');
  if (!groups.has(group)) groups.set(group, new Set());
  const set = groups.get(group);
  set.add(ws);
  ws.on('close', () => set.delete(ws));
  ws.on('error', () => {});
});

const send = (group, event) => {
  const text = JSON.stringify(['notification', event]);
  for (const ws of groups.get(group) ?? []) ws.send(text);
};

let received = 0;
process.on('message', async (m) => {
  if (m.type === 'progress') {
    received = m.received;
    return;
  }
  try {
    let value;
    if (m.type === 'cpu') value = cpuNow();
    else if (m.type === 'rooms') value = { sockets: wss.clients.size, sizes: m.rooms.map((g) => groups.get(g)?.size ?? 0) };
    else if (m.type === 'run') {
      received = 0;
      const go = () => runStep({ ...m, groups: m.rooms, progress: () => received, send });
      value = m.profile ? await profiled(go) : await go();
    } else throw new Error(`unknown message ${m.type}`);
    process.send({ id: m.id, ok: true, value });
  } catch (err) {
    process.send({ id: m.id, ok: false, error: String(err?.stack ?? err) });
  }
});

wss.on('listening', () => process.send?.({ ready: true, port: wss.address().port }));
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => wss.close(() => process.exit(0)));
