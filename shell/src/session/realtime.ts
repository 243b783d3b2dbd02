import type { QueryClient } from '@tanstack/react-query';
import { apiRequest, applicationKeys, balanceKeys, bankRequisiteKeys, bus, employeeKeys, facilityKeys, getAccessToken, NOTIFICATION_READ_EVENT, PROFILE_DATA_CHANGED_EVENT, profileDataChangedEventSchema, renewSession, USER_CHANGED_EVENT, userSocketUpdate, useSessionStore } from 'shared';
import { APPLICATION_CHANGED_EVENT, BALANCE_CHANGED_EVENT, messageEventSchema, messageReadEventSchema } from 'shared/lk';
import { catchUpNotifications, handleNotificationEvent, handleNotificationReadEvent, resyncProfiles, tellMessageToOtherProfile } from './notification-event';
import { socketOptions, type SocketFactory, type SocketLike } from './socket-options';

export interface RealtimeDeps {
  /** The API origin (runtime config `apiUrl`). */
  url: string;
  queryClient: QueryClient;
  createSocket: SocketFactory;
  getToken?: () => string | null;
  bindSocket?: (id: string) => Promise<unknown>;
}

export interface Realtime {
  /** Follows the session from now on: connects when logged in, reconnects on a new token, disconnects on logout. */
  start(): () => void;
  stop(): void;
  readonly socket: SocketLike | null;
}

const defaultBind = (id: string) => apiRequest(userSocketUpdate, { body: { id } });

/**
 * What PROFILE_DATA_CHANGED_EVENT asks for again: the facility lists (the cabinet's own, the
 * overview's, the application form's picker) and pages, not their types; the profile's requisites
 * list (the money page, its withdrawal dialog, the overview's count), not the currencies or the
 * bank directory's answers.
 */
function profileDataInvalidation(queryClient: QueryClient, payload: unknown): void {
  const parsed = profileDataChangedEventSchema.safeParse(payload);
  if (!parsed.success) return;
  const { profileId, what } = parsed.data;
  const keys = what === 'facilities' ? [facilityKeys.own(), facilityKeys.lists(), facilityKeys.details()] : [bankRequisiteKeys.list(profileId)];
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
}

/**
 * USER_CHANGED_EVENT: what the user sees of himself changed — his name, phone or active profile (in
 * another tab, on another device, or by the server: an organisation created, left or deleted), or
 * an organisation of his (renamed, his position in it). His profiles and the user are asked for
 * again (and everything shown, when the active profile is another now); so is the organisation's
 * staff on screen while the same profile is acted for.
 */
async function userChangedElsewhere(queryClient: QueryClient): Promise<void> {
  const before = useSessionStore.getState().activeProfile?.id;
  await resyncProfiles(queryClient);
  if (useSessionStore.getState().activeProfile?.id === before) await queryClient.invalidateQueries({ queryKey: employeeKeys.all });
}

/** The one socket.io connection of the page (ARCHITECTURE §2, §4). */
export function createRealtime(deps: RealtimeDeps): Realtime {
  const getToken = deps.getToken ?? getAccessToken;
  const bindSocket = deps.bindSocket ?? defaultBind;
  let socket: SocketLike | null = null;
  /** The token of the handshake in use; null while disconnected. */
  let handshakeToken: string | null = null;
  let renewedAfterRefusal = false;
  let unsubscribe: (() => void)[] = [];

  // The server must know which user this socket is: after every connect (reconnects included) and login.
  const bind = async () => {
    const id = socket?.id;
    if (!socket?.connected || !id || !getToken()) return;
    await bindSocket(id).catch(() => undefined);
  };

  // A refused handshake (expired token) is not retried by socket.io: renew once, the new token reconnects.
  const onRefused = async () => {
    if (renewedAfterRefusal || !handshakeToken) return;
    renewedAfterRefusal = true;
    handshakeToken = null;
    try {
      await renewSession();
    } catch {
      // Unreachable server: the next token change or login tries again.
    }
  };

  /**
   * The server closes a socket when its session was revoked (a logout on another device, a
   * password change, a reused refresh token: api plugins/socket `disconnectSessions`), and
   * socket.io does not reconnect after that. Rather than sit silent, the tab asks for a new token:
   * refused, the session ends here as any failed renewal ends it ('Ошибка авторизации', to '/');
   * granted, the new token reconnects (the store's change reaches `sync`). A server going down (an
   * API before this one closed its sockets so on a stop) cannot be asked: the socket connects again
   * with the token it has, socket.io trying until the server is back, whose refusal of a revoked
   * session then renews as any refused handshake does (QA PPP-1).
   */
  const onEndedByServer = async () => {
    // Our own disconnect (logout, a new token) has cleared it already.
    if (handshakeToken === null) return;
    handshakeToken = null;
    try {
      await renewSession();
    } catch {
      // Unreachable server: connected again below.
    }
    // Renewed or ended, the store's change has synced it already; unreachable, this connects again
    // (unless the page stopped following the session meanwhile).
    if (unsubscribe.length > 0) sync();
  };

  const create = (): SocketLike => {
    const s = deps.createSocket(deps.url, socketOptions(getToken));
    // The first connect follows the session's own load; a later one may have missed events (a
    // `notification` with `profilesChanged` among them). So may the first one when the server could
    // not be reached before it: a page opened while the API was down has its session load failed
    // («Не удалось загрузить профиль») and gets it with the connection, without «Повторить».
    let connectedBefore = false;
    // What socket:status said last was `connected: false`.
    let down = false;
    s.on('connect', () => {
      renewedAfterRefusal = false;
      const missedSome = connectedBefore || down;
      if (missedSome) void resyncProfiles(deps.queryClient);
      connectedBefore = true;
      down = false;
      // Said once the server knows the socket: a notification sent before that went nowhere, and the
      // screens that catch up on `connected` (a reconnect, and the lk application pages' first
      // connect, their data read before it) would otherwise ask before the gap is closed. So does
      // the bell (and the balance a notification's news moves): a tab kept in view while the
      // connection came back has no window focus to refetch them.
      void bind().then(() => {
        if (!s.connected || down) return;
        if (missedSome) catchUpNotifications(deps.queryClient);
        bus.emit('socket:status', { connected: true });
      });
    });
    s.on('disconnect', (reason: unknown) => {
      down = true;
      bus.emit('socket:status', { connected: false });
      if (reason === 'io server disconnect') void onEndedByServer();
    });
    s.on('connect_error', () => {
      if (!s.active) {
        void onRefused();
        return;
      }
      // Unreachable: socket.io tries again by itself. Said once, as a dropped connection is, so the
      // screens that catch up after a reconnect (socket:status false, then true) do after this too.
      if (down) return;
      down = true;
      bus.emit('socket:status', { connected: false });
    });
    s.on('notification', (payload: unknown) => handleNotificationEvent(deps.queryClient, payload));
    // Read in another tab or on another device: this tab's bell and panel follow.
    s.on(NOTIFICATION_READ_EVENT, (payload: unknown) => handleNotificationReadEvent(deps.queryClient, payload));
    // The name, phone, active profile or an organisation changed in another tab, on another device
    // or by the server: the header, the calls and the staff shown follow it. This tab's own change
    // comes back too; ahead of its answer, it may have this tab's screens asked for once more.
    s.on(USER_CHANGED_EVENT, () => void userChangedElsewhere(deps.queryClient));
    // A withdrawal taken or paid out in another tab, on another device or by another of the
    // organisation's managers: the header's balance and an open money page follow it (only the
    // queries on screen are fetched again).
    s.on(BALANCE_CHANGED_EVENT, () => void deps.queryClient.invalidateQueries({ queryKey: balanceKeys.all }));
    // A step this profile took on an application in another tab, on another device or by another of
    // the organisation's members: the application and the lists on screen follow it (the other
    // side's steps come as notifications).
    s.on(APPLICATION_CHANGED_EVENT, () => void deps.queryClient.invalidateQueries({ queryKey: applicationKeys.all }));
    // The profile's facilities or bank requisites changed in another tab, on another device or by
    // another of the organisation's members: the lists and pages on screen follow it (no window
    // focus refetches them), so no withdrawal is offered to requisites deleted meanwhile.
    s.on(PROFILE_DATA_CHANGED_EVENT, (payload: unknown) => profileDataInvalidation(deps.queryClient, payload));
    // Messaging (ARCHITECTURE §8) reaches the remotes through the bus; a payload that does not
    // match the contract is dropped rather than handed on half-formed.
    s.on('message', (payload: unknown) => {
      const parsed = messageEventSchema.safeParse(payload);
      if (!parsed.success) return;
      bus.emit('message:received', parsed.data);
      tellMessageToOtherProfile(parsed.data);
    });
    s.on('message:read', (payload: unknown) => {
      const parsed = messageReadEventSchema.safeParse(payload);
      if (parsed.success) bus.emit('message:read', parsed.data);
    });
    return s;
  };

  const disconnect = () => {
    if (handshakeToken !== null) socket?.disconnect();
    handshakeToken = null;
  };

  const sync = () => {
    const token = getToken();
    if (!token) {
      disconnect();
      return;
    }
    if (token === handshakeToken) return;
    disconnect();
    socket ??= create();
    handshakeToken = token;
    socket.connect();
  };

  const stop = () => {
    for (const off of unsubscribe) off();
    unsubscribe = [];
    disconnect();
  };

  return {
    start() {
      stop();
      unsubscribe = [
        useSessionStore.subscribe((state, prev) => {
          if (state.token !== prev.token || state.refreshToken !== prev.refreshToken) sync();
        }),
        bus.on('auth:logged-in', bind),
        // A write refused as sent for another profile than the active one: the news of a switch
        // this socket has not brought (yet) came with the answer. Caught up as USER_CHANGED_EVENT.
        bus.on('session:profile-changed', () => void userChangedElsewhere(deps.queryClient)),
      ];
      sync();
      return stop;
    },
    stop,
    get socket() {
      return socket;
    },
  };
}
