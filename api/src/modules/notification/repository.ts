import type { Notification } from 'shared/contract';
import type { Queryable } from '../../db';
import { isoTimestamp } from '../../db/sql';

export type NotificationKind = 'general' | 'message';

export interface NewNotification {
  userId: number;
  message: string;
  link?: string | null;
  kind?: NotificationKind;
  applicationId?: number | null;
  /** The profile it concerns: its link is opened as that profile. */
  profileId?: number | null;
}

/**
 * A notice for every user who acts for a profile (its owner; an organisation's director and
 * employees), but the one who acted: the same users the lifecycle's notices reach.
 */
export interface ProfileNotice {
  profileId: number;
  exceptUserId: number;
  message: string;
  link: string;
  kind: NotificationKind;
  applicationId: number;
  /** The conversation a message notice is about (`message/read` marks it read). */
  messagingId?: number | null;
}

export interface ListOptions {
  /** Only the unread ones: the messages badge's list. */
  unreadOnly?: boolean;
  /** By time: the newest first (`desc`, the default) or the oldest. */
  typeSort?: 'asc' | 'desc';
}

/** The users who act for profile $1: its owner; an organisation's director and employees, who carry its deals too. */
const USERS_OF_PROFILE = 'select user_id from profiles where id = $1 union select user_id from organization_members where organization_id = $1';

const columns = `n.id, n.message, n.link, n.application_id as "applicationId", n.profile_id as "profileId", n.read_at is not null as read,
  ${isoTimestamp('n.created_at')} as "createdAt"`;

export function notificationRepository(db: Queryable) {
  return {
    async insert(input: NewNotification): Promise<Notification> {
      const [row] = await db.query<Notification>(
        `insert into notifications as n (user_id, kind, message, link, application_id, profile_id) values ($1, $2, $3, $4, $5, $6) returning ${columns}`,
        [input.userId, input.kind ?? 'general', input.message, input.link ?? null, input.applicationId ?? null, input.profileId ?? null],
      );
      return row!;
    },

    async list(userId: number, kind: NotificationKind, page: number, limit: number, { unreadOnly = false, typeSort = 'desc' }: ListOptions = {}) {
      const where = `n.user_id = $1 and n.kind = $2${unreadOnly ? ' and n.read_at is null' : ''}`;
      const [count] = await db.query<{ total: number }>(`select count(*)::int as total from notifications n where ${where}`, [userId, kind]);
      const items = await db.query<Notification>(
        `select ${columns} from notifications n where ${where}
         order by n.created_at ${typeSort === 'asc' ? 'asc' : 'desc'}, n.id ${typeSort === 'asc' ? 'asc' : 'desc'} limit $3 offset $4`,
        [userId, kind, limit, (page - 1) * limit],
      );
      return { items, total: count?.total ?? 0 };
    },

    /** One row for each user acting for the profile but the one who acted (ProfileNotice): one statement. */
    async insertForProfile(notice: ProfileNotice): Promise<void> {
      await db.query(
        `insert into notifications (user_id, kind, message, link, application_id, profile_id, messaging_id)
         select u.user_id, $3, $4, $5, $6, $1, $7
         from (${USERS_OF_PROFILE}) u
         where u.user_id <> $2
         order by u.user_id`,
        [notice.profileId, notice.exceptUserId, notice.kind, notice.message, notice.link, notice.applicationId, notice.messagingId ?? null],
      );
    },

    /** USERS_OF_PROFILE, in id order. */
    async usersOf(profileId: number): Promise<number[]> {
      const rows = await db.query<{ userId: number }>(`select user_id as "userId" from (${USERS_OF_PROFILE}) u order by 1`, [profileId]);
      return rows.map((row) => row.userId);
    },

    /** The user's unread message notices of one conversation, as the profile he read it as, marked read. */
    async markConversationRead(userId: number, profileId: number, messagingId: number, at: string): Promise<number> {
      const rows = await db.query<{ id: number }>(
        `update notifications set read_at = $4
         where user_id = $1 and profile_id = $2 and messaging_id = $3 and kind = 'message' and read_at is null returning id`,
        [userId, profileId, messagingId, at],
      );
      return rows.length;
    },

    async countUnread(userId: number, kind: NotificationKind): Promise<number> {
      const [row] = await db.query<{ unread: number }>(
        'select count(*)::int as unread from notifications where user_id = $1 and kind = $2 and read_at is null',
        [userId, kind],
      );
      return row?.unread ?? 0;
    },

    /**
     * The given ids of the user (any kind), or every unread one of `kindWhenAll`. Answers the ids
     * it marked: only those still unread and the user's own, so the event tells of real changes.
     */
    async markRead(userId: number, ids: number[] | undefined, kindWhenAll: NotificationKind): Promise<number[]> {
      if (ids) {
        if (ids.length === 0) return [];
        const rows = await db.query<{ id: number }>(
          'update notifications set read_at = now() where user_id = $1 and read_at is null and id = any($2::int[]) returning id',
          [userId, ids],
        );
        return rows.map((r) => r.id);
      }
      const rows = await db.query<{ id: number }>(
        'update notifications set read_at = now() where user_id = $1 and read_at is null and kind = $2 returning id',
        [userId, kindWhenAll],
      );
      return rows.map((r) => r.id);
    },
  };
}
export type NotificationRepository = ReturnType<typeof notificationRepository>;
