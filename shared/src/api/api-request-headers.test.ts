import { z } from 'zod';
import { defineCall } from '../contract/define';
import { useSessionStore } from '../session/session-store';
import { ok, serveApi, setTestRuntimeConfig } from '../testing/fake-api';
import { apiRequest } from './api-request';

const payout = defineCall({
  method: 'POST',
  path: 'thing/pay',
  auth: 'required',
  summary: 'test',
  body: z.object({ amount: z.number() }),
  data: z.object({ id: z.number() }),
});

beforeEach(() => {
  setTestRuntimeConfig();
  useSessionStore.getState().setTokens('access-1', 'refresh-1');
});
afterEach(() => useSessionStore.getState().clear());

test("a call's own headers go along with the session's, which they cannot replace", async () => {
  const api = serveApi({ 'POST thing/pay': () => ok({ id: 1 }) });
  await apiRequest(payout, { body: { amount: 1 }, headers: { 'Idempotency-Key': 'k-1', Accept: 'text/html' } });
  const init = api.mock.mock.calls[0]![1] as RequestInit;
  expect(init.headers).toEqual({
    'Idempotency-Key': 'k-1',
    Accept: 'application/json',
    Authorization: 'Bearer access-1',
    'Content-Type': 'application/json',
  });
});
