import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { API_URL, SHELL_URL } from './env';

/** The seeded demo accounts (README), password `demo-password-1`. */
export const DEMO = {
  customer: { phone: '79990000001', name: 'Анна Смирнова' },
  executor: { phone: '79990000002', name: 'Иван Петров' },
  password: 'demo-password-1',
} as const;

/** A phone no other run or spec uses: 79 + 9 digits from the clock and chance. */
export function freshPhone(): string {
  const tail = `${Date.now() % 1e6}`.padStart(6, '0') + `${Math.floor(Math.random() * 1e3)}`.padStart(3, '0');
  return `79${tail}`;
}

/** The newest code the development SMS inbox holds for the phone (ARCHITECTURE §3). */
export async function readSmsCode(request: APIRequestContext, phone: string, purpose: string): Promise<string> {
  return (await readSms(request, phone, purpose)).code;
}

/** The newest SMS of `purpose` in the development inbox: its whole text and its code. */
export async function readSms(request: APIRequestContext, phone: string, purpose: string): Promise<{ code: string; text: string }> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const res = await request.get(`${API_URL}/api/dev/sms?phone=${phone}`);
    const body = (await res.json()) as { data: { items: Array<{ code: string; text: string; purpose: string }> } };
    const item = body.data.items.find((i) => i.purpose === purpose);
    if (item) return item;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no ${purpose} code for ${phone} in the development inbox`);
}

/** Logs in through the real API and returns the token pair. */
export async function apiLogin(request: APIRequestContext, phone: string, password: string) {
  const res = await request.post(`${API_URL}/api/login`, { data: { phone, password } });
  if (!res.ok()) throw new Error(`login failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { data: { token: string; refresh_token: string } }).data;
}

export async function sessionCookies(context: BrowserContext) {
  const cookies = await context.cookies(SHELL_URL);
  return {
    token: cookies.find((c) => c.name === 'token')?.value,
    refresh: cookies.find((c) => c.name === 'refresh_token')?.value,
  };
}

/** Opens the app logged in as a demo account: the session cookies of a real API login. */
export async function logInWithCookies(context: BrowserContext, request: APIRequestContext, phone: string = DEMO.customer.phone) {
  const pair = await apiLogin(request, phone, DEMO.password);
  await context.addCookies([
    { name: 'token', value: pair.token, url: SHELL_URL },
    { name: 'refresh_token', value: pair.refresh_token, url: SHELL_URL },
  ]);
}
