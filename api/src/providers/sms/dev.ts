import type { Clock } from '../../lib/clock';
import type { DevInboxRepository } from './dev-inbox-repository';
import type { SmsProvider } from './types';

/** Keeps messages in the database, read back at GET /api/dev/sms (refused in production). */
export function devSmsProvider(inbox: DevInboxRepository, now: Clock): SmsProvider {
  return {
    async send({ phone, text, meta }) {
      const code = meta?.code ?? /\b\d{6}\b/.exec(text)?.[0] ?? '';
      await inbox.add({ phone, text, code, purpose: meta?.purpose ?? 'register', sentAt: new Date(now()).toISOString() });
    },
  };
}
