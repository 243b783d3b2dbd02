#!/usr/bin/env node
// The API port of `scripts/run.mjs serve --api-nodes 2`: plain HTTP goes to one API node and
// WebSocket upgrades (socket.io) to the other, so every realtime event a browser sees has crossed
// nodes through Redis. node:http only; not a production load balancer.
//
//   node scripts/api-proxy.mjs --port 8080 --http 127.0.0.1:PORT1 --ws 127.0.0.1:PORT2 [--log-level debug]
//
// Each node is told the client's address in X-Forwarded-For (run.mjs sets TRUST_PROXY=127.0.0.1
// for them), so per-IP limits and the loopback-only SMS inbox see the real client.
import http from 'node:http';
import net from 'node:net';
import { stopOnSignal } from './stop-on-signal.mjs';

function parseArgs(argv) {
  const opts = {};
  for (let i = 0; i < argv.length; i += 2) opts[argv[i].replace(/^--/, '')] = argv[i + 1];
  return opts;
}

function target(value, name) {
  const match = /^([^:]+):(\d+)$/.exec(value ?? '');
  if (!match) throw new Error(`--${name} HOST:PORT is required`);
  return { host: match[1], port: Number(match[2]), label: name === 'http' ? 'node 1' : 'node 2' };
}

const opts = parseArgs(process.argv.slice(2));
const port = Number(opts.port);
const httpNode = target(opts.http, 'http');
const wsNode = target(opts.ws, 'ws');
const debug = (opts['log-level'] ?? process.env.LOG_LEVEL ?? 'info') === 'debug';

const log = (level, msg, extra = {}) => {
  if (level === 'debug' && !debug) return;
  console.log(JSON.stringify({ level, time: new Date().toISOString(), msg, ...extra }));
};
// Query strings can carry tokens or codes: only the path is logged.
const pathOf = (url = '/') => url.split('?')[0];
const forwardedFor = (req) => [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');

const agent = new http.Agent({ keepAlive: true });

function badGateway(res, err) {
  log('error', 'API node unreachable', { node: httpNode.label, error: err.message });
  if (res.headersSent) return res.destroy();
  const body = JSON.stringify({ message: 'Сервер временно недоступен. Попробуйте позже', code: 'bad_gateway' });
  res.writeHead(502, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

const server = http.createServer((req, res) => {
  const started = Date.now();
  const upstream = http.request(
    {
      host: httpNode.host,
      port: httpNode.port,
      method: req.method,
      path: req.url,
      // The proxy speaks plain http: a client's own X-Forwarded-Proto is not passed on as ours
      // (the nodes trust this proxy, and would send HSTS to a plain-http client; QA MM-2).
      headers: { ...req.headers, 'x-forwarded-for': forwardedFor(req), 'x-forwarded-proto': 'http' },
      agent,
    },
    (answer) => {
      // Raw headers keep repeated ones (Set-Cookie) as the node sent them.
      res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
      answer.pipe(res);
      answer.on('end', () =>
        log('debug', 'http', { node: httpNode.label, method: req.method, path: pathOf(req.url), status: answer.statusCode, ms: Date.now() - started }),
      );
    },
  );
  upstream.on('error', (err) => badGateway(res, err));
  // The browser went away mid-answer: stop asking the node.
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  req.pipe(upstream);
});

/** The browsers' relayed WebSockets: ended at once on SIGTERM (socket.io reconnects elsewhere). */
const tunnels = new Set();

// A WebSocket upgrade is relayed as bytes: the request head is written to node 2 as it came
// (with this proxy's X-Forwarded-For and -Proto), then both sockets are piped into each other.
const FORWARDED = new Set(['x-forwarded-for', 'x-forwarded-proto']);
server.on('upgrade', (req, client, head) => {
  const upstream = net.connect(wsNode.port, wsNode.host, () => {
    const headers = [];
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      if (!FORWARDED.has(req.rawHeaders[i].toLowerCase())) headers.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
    }
    headers.push(`X-Forwarded-For: ${forwardedFor(req)}`, 'X-Forwarded-Proto: http');
    upstream.write(`${req.method} ${req.url} HTTP/${req.httpVersion}\r\n${headers.join('\r\n')}\r\n\r\n`);
    if (head.length) upstream.write(head);
    upstream.pipe(client);
    client.pipe(upstream);
    log('debug', 'websocket', { node: wsNode.label, path: pathOf(req.url) });
  });
  const close = () => {
    tunnels.delete(client);
    upstream.destroy();
    client.destroy();
  };
  tunnels.add(client);
  upstream.on('error', (err) => {
    log('error', 'API node unreachable', { node: wsNode.label, error: err.message });
    close();
  });
  client.on('error', close);
  upstream.on('close', close);
  client.on('close', close);
});

server.on('clientError', (_err, socket) => socket.destroy());

server.listen(port, () => {
  log('info', 'API proxy listening', {
    port,
    http: `${httpNode.label} ${httpNode.host}:${httpNode.port}`,
    websocket: `${wsNode.label} ${wsNode.host}:${wsNode.port}`,
  });
});

// HTTP answers in flight (a download) get the grace time to finish; the WebSockets go at once.
stopOnSignal(server, {
  cutAfterMs: 5000,
  onStop: () => {
    for (const socket of tunnels) socket.destroy();
  },
});
