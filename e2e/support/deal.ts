import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { freshPhone, readSmsCode } from './accounts';
import { API_URL, SHELL_URL } from './env';

/**
 * Two strangers for the transaction journeys: registered through the real API with codes from
 * the development SMS inbox, each with one active profile, each in its own browser context.
 */
export interface Party {
  phone: string;
  name: string;
  token: string;
  refreshToken: string;
  context: BrowserContext;
  page: Page;
}

/** The password of every party newParty registers. */
export const PARTY_PASSWORD = 'Сделка-по-правилам-2026';

async function api<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  token: string | null,
  data?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await request.fetch(`${API_URL}/api/${path}`, {
    method,
    // A fresh connection each time: a journey's browser audits can leave the context's pooled one
    // idle for the API's keep-alive (Fastify's 72 s), and a call sent as the server closes it met
    // «socket hang up» (seen in CI on application/named/executor after 72 s of axe checks).
    headers: { ...headers, Connection: 'close', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    ...(data === undefined ? {} : { data }),
  });
  if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

let parties = 0;

/**
 * Each party is a different person on a different network: his registration comes from his own
 * address (198.18.0.0/15, the benchmarking range), as a proxy in front of the API names it — the
 * e2e API trusts loopback proxies (global-setup.ts). Otherwise every journey's strangers would
 * share the one per-IP SMS budget of 127.0.0.1, which is for one person, not a whole test run.
 */
function partyAddress(): Record<string, string> {
  const n = (process.pid % 64) * 1024 + (parties++ % 1024);
  return { 'X-Forwarded-For': `198.18.${n >> 8}.${n & 255}` };
}

export async function newParty(browser: Browser, request: APIRequestContext, type: 'customer' | 'executor', name: string): Promise<Party> {
  const phone = freshPhone();
  await api(request, 'POST', 'register/code-receive/phone', null, { phone }, partyAddress());
  const code = await readSmsCode(request, phone, 'register');
  await api(request, 'POST', 'register/code-check/phone', null, { phone, code });
  const session = await api<{ token: string; refresh_token: string }>(request, 'POST', 'register', null, { phone, name, password: PARTY_PASSWORD, passwordConfirm: PARTY_PASSWORD });
  await api(request, 'PUT', 'user/profile/update', session.token, { type, name });
  const context = await browser.newContext({ locale: 'ru-RU' });
  await context.addCookies([
    { name: 'token', value: session.token, url: SHELL_URL },
    { name: 'refresh_token', value: session.refresh_token, url: SHELL_URL },
  ]);
  return { phone, name, token: session.token, refreshToken: session.refresh_token, context, page: await context.newPage() };
}

/** A call as the party, for what no screen does (the bank's payment) or to read a figure. */
export const asParty = <T>(request: APIRequestContext, party: Party, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) =>
  api<T>(request, method, path, party.token, data);

/** An upload as the party (multipart: the fields, then the file), for a step no screen of the journey takes. */
export async function uploadAsParty<T>(request: APIRequestContext, party: Party, path: string, fields: Record<string, string>, file: ReturnType<typeof pdfFile>): Promise<T> {
  const res = await request.fetch(`${API_URL}/api/${path}`, {
    method: 'POST',
    headers: { Connection: 'close', Authorization: `Bearer ${party.token}` },
    multipart: { ...fields, file },
  });
  if (!res.ok()) throw new Error(`POST ${path}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

/** The newest code of a purpose in the development inbox, after a fresh send. */
export async function freshCode(request: APIRequestContext, phone: string, purpose: string, after: number): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const res = await request.get(`${API_URL}/api/dev/sms?phone=${phone}`);
    const body = (await res.json()) as { data: { items: Array<{ code: string; purpose: string; sentAt: string }> } };
    const item = body.data.items.find((i) => i.purpose === purpose && Date.parse(i.sentAt) >= after - 1000);
    if (item) return item.code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no fresh ${purpose} code for ${phone}`);
}

/** A small real PDF for the contract and report uploads (types are checked by content). */
export const pdfFile = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'),
});

/** Drops a file on an element the way one dragged from the desktop does (a real DataTransfer). */
export async function dropFile(target: Locator, file: ReturnType<typeof pdfFile>): Promise<void> {
  const dataTransfer = await target.page().evaluateHandle(
    ({ name, mimeType, bytes }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], name, { type: mimeType }));
      return transfer;
    },
    { name: file.name, mimeType: file.mimeType, bytes: [...file.buffer] },
  );
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
}

/**
 * A published application of the customer's, made through the API (`application/create`): one
 * service, an address in Moscow, replies open for `feedbackDays` and the work due in `deadlineDays`.
 */
export function publishApplication(
  request: APIRequestContext,
  customer: Party,
  { name, description, price, deadlineDays = 20, feedbackDays = 5 }: { name: string; description: string; price: number; deadlineDays?: number; feedbackDays?: number },
): Promise<{ id: number; number: number }> {
  const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  return asParty(request, customer, 'POST', 'application/create', {
    name,
    description,
    services: [2], // «Возведение фундамента»: a service, not its group (a heading, refused since QA AAC-5)
    price,
    deadline: day(deadlineDays),
    feedbackDeadline: day(feedbackDays),
    address: { value: 'г Москва, ул Арбат, д 10', cityFiasId: '0c5b2444-70a0-4932-980c-b4dc0d3f02b5', geoLat: 55.75, geoLon: 37.59 },
  });
}
