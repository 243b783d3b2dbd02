import { createServer } from 'node:http';
import { listenOnLoopback } from './loopback';

export interface SmsRuRequest {
  method: string;
  path: string;
  params: Record<string, string>;
}

/** An answer, sent after `delayMs` when given (a slow SMS.ru), or the connection dropped. */
export type SmsRuReply = { status: number; body: unknown; delayMs?: number } | 'drop';

export interface FakeSmsRu {
  url: string;
  apiId: string;
  /** Requests that passed the checks, in order. */
  requests: SmsRuRequest[];
  /** What was wrong with refused requests (a test expects this empty). */
  problems: string[];
  /** Replaces the answer to well-formed requests; null restores the documented success. */
  answerWith(reply: ((request: SmsRuRequest) => SmsRuReply) | null): void;
  close(): Promise<void>;
}

/** SMS.ru's documented success for one number (json=1). */
export const smsRuOk = (phone: string) => ({
  status: 'OK',
  status_code: 100,
  sms: { [phone]: { status: 'OK', status_code: 100, sms_id: '000000-10000000' } },
  balance: 100.5,
});

/**
 * A stand-in for sms.ru on 127.0.0.1. It checks what SMS.ru would check (path, api_id, a
 * Russian number in `to`, a message, json=1) and answers a refused request the way SMS.ru
 * does, recording the reason, so the tests see what the provider sends.
 */
export async function startFakeSmsRu(apiId = 'test-api-id'): Promise<FakeSmsRu> {
  const requests: SmsRuRequest[] = [];
  const problems: string[] = [];
  let custom: ((request: SmsRuRequest) => SmsRuReply) | null = null;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const params = Object.fromEntries(url.searchParams);
      if (req.method === 'POST') Object.assign(params, Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
      const request: SmsRuRequest = { method: req.method ?? '', path: url.pathname, params };
      const problem =
        (req.method !== 'POST' && req.method !== 'GET' && `method ${req.method}`) ||
        (url.pathname !== '/sms/send' && `path ${url.pathname}`) ||
        (params.api_id !== apiId && 'api_id') ||
        (!/^7\d{10}$/.test(params.to ?? '') && `to ${params.to}`) ||
        (!params.msg && 'msg') ||
        (params.json !== '1' && 'json') ||
        null;
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (problem) {
        problems.push(problem);
        return send(200, { status: 'ERROR', status_code: 200, status_text: `Fake refused: ${problem}` });
      }
      requests.push(request);
      const reply = custom ? custom(request) : { status: 200, body: smsRuOk(params.to!) };
      if (reply === 'drop') return req.socket.destroy();
      if (reply.delayMs) setTimeout(() => send(reply.status, reply.body), reply.delayMs).unref();
      else send(reply.status, reply.body);
    });
  });
  const listening = await listenOnLoopback(server);
  return {
    url: listening.url,
    apiId,
    requests,
    problems,
    answerWith(reply) {
      custom = reply;
    },
    close: listening.close,
  };
}
