import { z } from 'zod';
import { idSchema, paginationQuery, sortQuery } from './common';
import { defineCall, listOf } from './define';
import { lazySchema } from './lazy-schema';

export const notificationSchema = lazySchema(() => z.object({
  id: idSchema,
  message: z.string(),
  /** Where the notification leads in the app, e.g. `/lk/application/detail/5`. */
  link: z.string().nullable(),
  /** The application the notification is about: an open lk page of it refreshes on the event. */
  applicationId: idSchema.nullable().optional(),
  /**
   * The profile it concerns (one of the user's own, an organisation he works for): its link opens
   * as that profile, the client switching to it first. Null when it concerns the user himself.
   */
  profileId: idSchema.nullable().optional(),
  read: z.boolean(),
  createdAt: z.string(),
}));
export type Notification = z.infer<typeof notificationSchema>;

const notificationList = lazySchema(() => listOf(notificationSchema).extend({ unread: z.number().int().nonnegative() }));

export const notificationGetCollection = defineCall({
  method: 'GET',
  path: 'notification/get-collection',
  auth: 'required',
  summary: 'Уведомления (новые сверху)',
  // ARCHITECTURE §3's list sort (QA OOO-2): by time, the newest first unless asked.
  query: lazySchema(() => z.object({ ...paginationQuery(20), ...sortQuery(['createdAt'] as const, 'createdAt', 'desc') })),
  data: notificationList,
});

/** Unread message notifications: the header's messages badge. */
export const notificationMessageGetCollection = defineCall({
  method: 'GET',
  path: 'notification/message/get-collection',
  auth: 'required',
  summary: 'Уведомления о сообщениях',
  query: lazySchema(() => z.object({ ...paginationQuery(20) })),
  data: notificationList,
});

/** Marks the caller's notifications read: the given ids, or all with none given. */
export const notificationRead = defineCall({
  method: 'POST',
  path: 'notification/read',
  auth: 'required',
  summary: 'Отметить уведомления прочитанными',
  body: lazySchema(() => z.object({ ids: z.array(idSchema).max(500).optional() })),
  data: lazySchema(() => z.object({ unread: z.number().int().nonnegative() })),
});

/**
 * Payload of the socket event `notification` (ARCHITECTURE §4). `profilesChanged`: what it tells
 * changed the user's profiles or his role in one (removed from an organisation, the organisation
 * deleted, made its director): the client loads them again, as the server may have switched his
 * active profile. Not stored: the list calls never carry it.
 */
export const notificationEventSchema = lazySchema(() =>
  notificationSchema.extend({ unread: z.number().int().nonnegative(), profilesChanged: z.boolean().optional() }),
);
export type NotificationEvent = z.infer<typeof notificationEventSchema>;

/** The socket event that tells a user's tabs and devices of notifications read in one of them. */
export const NOTIFICATION_READ_EVENT = 'notification:read';

/**
 * Payload of the socket event `notification:read` (an event of our own beside ARCHITECTURE §4's):
 * `ids`, the notifications just marked read, or `all: true`, every one of the panel; `unread`, the
 * panel's count after it. The user's other tabs would otherwise keep showing them unread. (An
 * object with both optional rather than a union: the browser's zod carries no `z.union`.)
 */
export const notificationReadEventSchema = lazySchema(() =>
  z.object({
    ids: z.array(idSchema).optional(),
    all: z.literal(true).optional(),
    unread: z.number().int().nonnegative(),
  }),
);
export type NotificationReadEvent = z.infer<typeof notificationReadEventSchema>;
