import { SmsDeliveryError, type SmsProvider } from './types';

export interface SmsRuOptions {
  apiId: string | undefined;
  /** Base URL, e.g. https://sms.ru (tests point it at a local fake). */
  url: string;
  timeoutMs?: number;
}

interface SmsRuAnswer {
  status?: string;
  status_code?: number;
  status_text?: string;
  sms?: Record<string, { status?: string; status_code?: number; status_text?: string }>;
}

/**
 * SMS.ru HTTP API: POST {url}/sms/send with api_id, to, msg, json=1. POST rather than GET keeps
 * the api_id and the code out of URLs, which proxies and access logs record.
 */
export function smsRuProvider({ apiId, url, timeoutMs = 10_000 }: SmsRuOptions): SmsProvider {
  return {
    async send({ phone, text }) {
      if (!apiId) throw new SmsDeliveryError('SMS_RU_API_ID is not set');
      let response: Response;
      try {
        response = await fetch(`${url.replace(/\/+$/, '')}/sms/send`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ api_id: apiId, to: phone, msg: text, json: '1' }).toString(),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new SmsDeliveryError(`sms.ru unreachable: ${(error as Error).name}`);
      }
      if (!response.ok) throw new SmsDeliveryError(`sms.ru HTTP ${response.status}`);
      let answer: SmsRuAnswer;
      try {
        answer = (await response.json()) as SmsRuAnswer;
      } catch {
        throw new SmsDeliveryError('sms.ru answered non-JSON');
      }
      if (answer.status !== 'OK') throw new SmsDeliveryError(`sms.ru refused: ${answer.status_code ?? '?'} ${answer.status_text ?? ''}`.trim());
      const perNumber = answer.sms?.[phone];
      if (perNumber?.status !== 'OK') {
        throw new SmsDeliveryError(`sms.ru refused the number: ${perNumber?.status_code ?? '?'} ${perNumber?.status_text ?? ''}`.trim());
      }
    },
  };
}
