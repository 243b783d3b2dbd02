import type { ManagerOptions, SocketOptions } from 'socket.io-client';

/** ARCHITECTURE §4 and spec §9. */
export const SOCKET_PATH = '/socket.io';
export const SOCKET_RECONNECT_DELAY_MS = 300;
export const SOCKET_RECONNECT_DELAY_MAX_MS = 2000;
export const SOCKET_TIMEOUT_MS = 8000;

export type ClientSocketOptions = Partial<ManagerOptions & SocketOptions>;

/** The part of a socket.io client socket the shell uses; tests hand in a fake. */
export interface SocketLike {
  readonly id: string | undefined;
  readonly connected: boolean;
  /** False after the server refused the handshake: socket.io will not retry by itself. */
  readonly active: boolean;
  connect(): unknown;
  disconnect(): unknown;
  on(event: string, listener: (...args: any[]) => void): unknown;
}

export type SocketFactory = (url: string, options: ClientSocketOptions) => SocketLike;

export function socketOptions(getToken: () => string | null): ClientSocketOptions {
  return {
    path: SOCKET_PATH,
    transports: ['websocket'],
    reconnectionDelay: SOCKET_RECONNECT_DELAY_MS,
    reconnectionDelayMax: SOCKET_RECONNECT_DELAY_MAX_MS,
    timeout: SOCKET_TIMEOUT_MS,
    autoConnect: false,
    // The callback form is read at every (re)connection, so a renewed token is sent, never a stale one.
    auth: (cb) => cb({ token: getToken() }),
  };
}
