import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { profileRoom } from '../src/plugins/socket';

/** Starts the app on a free loopback port and answers its base URL, for real sockets. */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

export type ConnectSocket = (url: string, token?: string, options?: Partial<ManagerOptions & SocketOptions>) => Promise<Socket>;

/**
 * Real socket.io clients the way the browser opens them (websocket only, no reconnection), each
 * closed after its test. Call once at a test file's top level: it registers the `afterEach`.
 * The answer resolves with the connected socket, or rejects with the server's `connect_error`.
 */
export function socketClients(): ConnectSocket {
  const open: Socket[] = [];
  afterEach(() => {
    for (const s of open.splice(0)) s.close();
  });
  return (url, token, options = {}) => {
    const s = io(url, { path: '/socket.io', transports: ['websocket'], reconnection: false, auth: token === undefined ? {} : { token }, ...options });
    open.push(s);
    return new Promise((resolve, reject) => {
      s.once('connect', () => resolve(s));
      s.once('connect_error', reject);
    });
  };
}

/**
 * For a test file whose sockets all go to one app: `setup` builds it (and may keep it in the
 * file's own variable), it listens on loopback before the tests and closes after them; the answer
 * connects clients to it, closed after each test. Call once at the file's top level.
 */
export function listeningApp(setup: () => Promise<{ app: FastifyInstance; close(): Promise<void> }>) {
  const connect = socketClients();
  let url = '';
  let close: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    const context = await setup();
    close = () => context.close();
    url = await listenOnLoopback(context.app);
  });
  afterAll(() => close());
  const connectTo = (token?: string, options?: Partial<ManagerOptions & SocketOptions>) => connect(url, token, options);
  return {
    connect: connectTo,
    /** A tab of `who` (its bearer header), recording every `event` it hears. */
    async tab(who: { headers: Record<string, string> }, event = 'notification'): Promise<{ socket: Socket; heard: unknown[] }> {
      const socket = await connectTo(who.headers.authorization!.replace('Bearer ', ''));
      const heard: unknown[] = [];
      socket.on(event, (payload: unknown) => heard.push(payload));
      return { socket, heard };
    },
    get url() {
      return url;
    },
  };
}

/** Waits (up to 3 s) until `heard` holds `count` events; the test's assertions say what came. */
export async function heardAtLeast(heard: readonly unknown[], count: number): Promise<void> {
  for (let i = 0; i < 60 && heard.length < count; i++) await new Promise((r) => setTimeout(r, 50));
}

/**
 * A profile's room is joined a query after the connect: waits (up to 1.5 s) until `count` sockets
 * are in it, and fails if they are not — an event sent before would reach fewer tabs.
 */
export async function inProfileRoom(app: FastifyInstance, profileId: number, count: number): Promise<void> {
  const size = async () => (await app.io.in(profileRoom(profileId)).fetchSockets()).length;
  for (let i = 0; i < 60 && (await size()) < count; i++) await new Promise((r) => setTimeout(r, 25));
  expect(await size()).toBe(count);
}
