import type { SmsPurpose } from 'shared/contract';

export interface SmsMessage {
  phone: string;
  text: string;
  /** For the development inbox only; real providers send `text` and ignore these. */
  meta?: { code: string; purpose: SmsPurpose };
}

export interface SmsProvider {
  /** Resolves once the provider accepted the message; rejects with SmsDeliveryError otherwise. */
  send(message: SmsMessage): Promise<void>;
}

/** The provider did not take the message. `reason` is for logs: never the text or the code. */
export class SmsDeliveryError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'SmsDeliveryError';
  }
}
