import type { Server } from 'socket.io';
import { NOTIFICATION_READ_EVENT, type NotificationEvent, type NotificationReadEvent } from 'shared/contract';
import type { Queryable } from '../../db';
import { userRoom } from '../../plugins/socket';
import { notificationRepository, type ListOptions, type NewNotification as StoredNotification, type NotificationKind } from './repository';

export type { NotificationKind } from './repository';

/** A notification to store and push; `profilesChanged` goes with the push alone (the contract's event). */
export type NewNotification = StoredNotification & { profilesChanged?: boolean };

/** The socket event `notification`: the row, its kind, and the unread count of that kind. */
export type NotificationEventPayload = NotificationEvent & { kind: NotificationKind };

/** What notify needs of socket.io: the real Server, or a stand-in in tests. */
export type NotificationEmitter = Pick<Server, 'to'>;

export const NOTIFICATION_EVENT = 'notification';

export interface NotificationServiceDeps {
  db: Queryable;
  io: NotificationEmitter;
}

export function notificationService({ db, io }: NotificationServiceDeps) {
  const repo = notificationRepository(db);

  /**
   * The stored half of notify: the row and its event, not pushed yet. For a notification written
   * in a transaction, which is pushed (`push`) once that transaction has committed.
   */
  async function store({ profilesChanged, ...input }: NewNotification): Promise<NotificationEventPayload> {
    const kind = input.kind ?? 'general';
    const row = await repo.insert({ ...input, kind });
    return { ...row, kind, unread: await repo.countUnread(input.userId, kind), ...(profilesChanged ? { profilesChanged } : {}) };
  }

  function push(userId: number, event: NotificationEventPayload): void {
    io.to(userRoom(userId)).emit(NOTIFICATION_EVENT, event);
  }

  return {
    /**
     * A notification for a user: stored with the unread count of its kind, then pushed to every
     * socket of the user (on every node with the Redis adapter). The push follows the insert, so
     * no socket hears of a row that does not exist.
     */
    async notify(input: NewNotification): Promise<NotificationEventPayload> {
      const event = await store(input);
      push(input.userId, event);
      return event;
    },
    store,
    push,

    /** One kind's notifications, newest first unless `typeSort` says, and its unread count; `unreadOnly` lists those alone. */
    async list(userId: number, kind: NotificationKind, page: number, limit: number, options: ListOptions = {}) {
      const [{ items, total }, unread] = await Promise.all([repo.list(userId, kind, page, limit, options), repo.countUnread(userId, kind)]);
      return { items, total, page, limit, unread };
    },

    /**
     * With ids, those (of either kind: the messaging screen marks its own by id); without,
     * everything in the notifications panel. Answers the panel's remaining unread count.
     *
     * When something was marked, the user's every socket hears `notification:read` (the tab that
     * asked too: its handling is idempotent), so his other tabs and devices clear what was read
     * there instead of showing it unread until they happen to refetch.
     */
    async read(userId: number, ids: number[] | undefined) {
      const marked = await repo.markRead(userId, ids, 'general');
      const unread = await repo.countUnread(userId, 'general');
      if (marked.length > 0) {
        const event: NotificationReadEvent = ids ? { ids: marked, unread } : { all: true, unread };
        io.to(userRoom(userId)).emit(NOTIFICATION_READ_EVENT, event);
      }
      return { unread };
    },
  };
}
