import type { SmsPurpose } from 'shared/contract';
import type { Queryable } from '../../db';
import { isoTimestamp } from '../../db/sql';

export interface DevSmsItem {
  phone: string;
  text: string;
  code: string;
  purpose: SmsPurpose;
  sentAt: string;
}

export function devInboxRepository(db: Queryable) {
  return {
    async add(item: DevSmsItem): Promise<void> {
      await db.query('insert into dev_sms_messages (phone, text, code, purpose, sent_at) values ($1, $2, $3, $4, $5)', [
        item.phone,
        item.text,
        item.code,
        item.purpose,
        item.sentAt,
      ]);
    },
    /** Newest first (ARCHITECTURE §3). */
    list(phone: string, limit = 50): Promise<DevSmsItem[]> {
      return db.query<DevSmsItem>(
        `select phone, text, code, purpose,
                ${isoTimestamp('sent_at')} as "sentAt"
         from dev_sms_messages where phone = $1 order by id desc limit $2`,
        [phone, limit],
      );
    },
  };
}
export type DevInboxRepository = ReturnType<typeof devInboxRepository>;
