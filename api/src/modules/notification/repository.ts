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

    async list(userId: number, kind: NotificationKind, page: number, limit: number) {
      const [count] = await db.query<{ total: number }>(
        'select count(*)::int as total from notifications where user_id = $1 and kind = $2',
        [userId, kind],
      );
      const items = await db.query<Notification>(
        `select ${columns} from notifications n where n.user_id = $1 and n.kind = $2
         order by n.created_at desc, n.id desc limit $3 offset $4`,
        [userId, kind, limit, (page - 1) * limit],
      );
      return { items, total: count?.total ?? 0 };
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
