import type { Server } from 'socket.io';
import type { NotificationEvent } from 'shared/contract';
import type { Queryable } from '../../db';
import { userRoom } from '../../plugins/socket';
import { notificationRepository, type NewNotification, type NotificationKind, type NotificationRepository } from './repository';

export type { NewNotification, NotificationKind } from './repository';

/** The socket event `notification`: the row, its kind, and the unread count of that kind. */
export type NotificationEventPayload = NotificationEvent & { kind: NotificationKind };

/** What notify needs of socket.io: the real Server, or a stand-in in tests. */
export type NotificationEmitter = Pick<Server, 'to'>;

export const NOTIFICATION_EVENT = 'notification';

/**
 * Inserts the row and counts what is unread. Call it inside a transaction with `tx`, then
 * `emitNotification` after the commit, so no socket hears of a row that was rolled back.
 */
export async function createNotification(db: Queryable, input: NewNotification): Promise<NotificationEventPayload> {
  const repo = notificationRepository(db);
  const kind = input.kind ?? 'general';
  const row = await repo.insert({ ...input, kind });
  const unread = await repo.countUnread(input.userId, kind);
  return { ...row, kind, unread };
}

/** Sends to every socket of the user; with the Redis adapter, on every node. */
export function emitNotification(io: NotificationEmitter, userId: number, event: NotificationEventPayload): void {
  io.to(userRoom(userId)).emit(NOTIFICATION_EVENT, event);
}

/** A notification for a user: stored, then pushed to the user's open tabs. */
export async function notify(db: Queryable, io: NotificationEmitter, input: NewNotification): Promise<NotificationEventPayload> {
  const event = await createNotification(db, input);
  emitNotification(io, input.userId, event);
  return event;
}

export function notificationService({ db }: { db: Queryable }) {
  const repo = notificationRepository(db);
  return {
    async list(userId: number, kind: NotificationKind, page: number, limit: number) {
      const [{ items, total }, unread] = await Promise.all([repo.list(userId, kind, page, limit), repo.countUnread(userId, kind)]);
      return { items, total, page, limit, unread };
    },

    /**
     * With ids, those (of either kind: the messaging screen marks its own by id); without,
     * everything in the notifications panel. Answers the panel's remaining unread count.
     */
    async read(userId: number, ids: number[] | undefined) {
      await repo.markRead(userId, ids, 'general');
      return { unread: await repo.countUnread(userId, 'general') };
    },
  };
}
