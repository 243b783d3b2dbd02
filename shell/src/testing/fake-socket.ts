import type { ClientSocketOptions, SocketLike } from '../session/socket-options';

type Listener = (...args: any[]) => void;

/** A socket.io client stand-in: the test plays the server with `acceptHandshake`, `refuse`, `unreachable`, `serverEmit`. */
export class FakeSocket implements SocketLike {
  id: string | undefined = undefined;
  connected = false;
  active = false;
  private listeners = new Map<string, Set<Listener>>();

  constructor(
    readonly url: string,
    readonly options: ClientSocketOptions,
  ) {}

  connect = jest.fn(() => {
    this.active = true;
  });

  disconnect = jest.fn(() => {
    const was = this.connected;
    this.connected = false;
    this.active = false;
    this.id = undefined;
    if (was) this.fire('disconnect', 'io client disconnect');
  });

  on(event: string, listener: Listener) {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener);
    return this;
  }

  /** The handshake token the client sends now (the `auth` callback). */
  handshakeAuth(): unknown {
    let sent: unknown;
    const auth = this.options.auth as (cb: (data: object) => void) => void;
    auth((data) => (sent = data));
    return sent;
  }

  acceptHandshake(id: string) {
    this.id = id;
    this.connected = true;
    this.fire('connect');
  }

  refuse(message = 'Недействительный токен') {
    this.active = false;
    this.fire('connect_error', Object.assign(new Error(message), { data: { code: 'token_invalid' } }));
  }

  /** The server cannot be reached (the API is down): socket.io stays active and tries again by itself. */
  unreachable(message = 'websocket error') {
    this.fire('connect_error', new Error(message));
  }

  serverEmit(event: string, payload: unknown) {
    this.fire(event, payload);
  }

  private fire(event: string, ...args: unknown[]) {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }
}

export function fakeSocketFactory() {
  const sockets: FakeSocket[] = [];
  const factory = jest.fn((url: string, options: ClientSocketOptions) => {
    const socket = new FakeSocket(url, options);
    sockets.push(socket);
    return socket;
  });
  return { factory, sockets, last: () => sockets[sockets.length - 1] };
}
