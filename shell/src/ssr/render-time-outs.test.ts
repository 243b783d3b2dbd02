/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { renderPage } from '../server';

// A slow remote must not hang the page (QA Z-7): its server build loaded past the time budget, or a
// render that never gets ready, fails renderPage soon after the budget, and the shell's server then
// sends the client-rendered page (scripts/ssr-document.mjs, its test «when rendering fails»).

// A remote whose page suspends on something that never comes.
const NEVER_READY = `
const React = require('react');
function Never() {
  React.use(new Promise(() => {}));
  return React.createElement('p', null, 'Готово');
}
function Page() {
  return React.createElement(React.Suspense, { fallback: React.createElement('p', null, 'Загрузка…') }, React.createElement(Never));
}
exports.routes = [{ path: 'slow', lazy: async () => ({ Component: Page }), handle: { title: 'Медленная' } }];`;

const manifest = { metaData: { remoteEntry: { name: 'remoteEntry.js' } }, exposes: [] };

let server: http.Server;
let origin: string;
const sockets = new Set<Socket>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    // Below /stalled the server build is sent in part and never finished.
    if (req.url === '/stalled/server/render.cjs') {
      res.writeHead(200, { 'Content-Type': 'application/javascript' });
      res.write('const React = require("react");\n');
      return;
    }
    const file = req.url?.replace(/^\/(stalled|never-ready)/, '');
    const body = file === '/server/render.cjs' ? NEVER_READY : file === '/mf-manifest.json' ? JSON.stringify(manifest) : file === '/page-assets.json' ? '{"pages":{}}' : null;
    if (body === null) res.writeHead(404).end();
    else res.writeHead(200).end(body);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  for (const socket of sockets) socket.destroy();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

const render = (remote: 'stalled' | 'never-ready') =>
  renderPage({ url: 'http://app.test/slow', config: { apiUrl: 'http://api.test', version: '1', remotes: { mf_probe: `${origin}/${remote}` }, mounts: { mf_probe: '/' } }, budgetMs: 200 });

/** How `promise` has settled after `ms`: a hang shows as 'pending', not as the test's own time-out. */
async function settledWithin(promise: Promise<unknown>, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const outcome = await Promise.race([
    promise.then(
      () => ({ state: 'resolved' as const, error: null }),
      (error: unknown) => ({ state: 'rejected' as const, error }),
    ),
    new Promise<{ state: 'pending'; error: null }>((resolve) => (timer = setTimeout(() => resolve({ state: 'pending', error: null }), ms))),
  ]);
  clearTimeout(timer);
  return outcome;
}

it('gives up on a remote whose server build does not arrive within the budget', async () => {
  const started = Date.now();
  const outcome = await settledWithin(render('stalled'), 1500);
  expect(outcome.state).toBe('rejected');
  expect(String(outcome.error)).toMatch(/timeout|aborted/i);
  expect(Date.now() - started).toBeLessThan(1500);
});

it('gives up on a render that never gets ready within the budget', async () => {
  const started = Date.now();
  const outcome = await settledWithin(render('never-ready'), 1500);
  expect(outcome.state).toBe('rejected');
  expect(String(outcome.error)).toMatch(/server render timed out/);
  expect(Date.now() - started).toBeLessThan(1500);
});
