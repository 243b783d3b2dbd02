// As in the shell's browser build: `zod` is the on-demand stand-in (zod/on-demand.ts), not loaded
// when the first call is made. The call waits for it, then parses its answer. Its load is held
// here until the test lets it go, as a slow network would hold it.
let release: () => void = () => undefined;
const held = new Promise<void>((resolve) => {
  release = resolve;
});
jest.mock('zod', () => {
  const onDemand = jest.requireActual('../zod/on-demand');
  return { ...onDemand, loadZod: () => held.then(() => onDemand.loadZod()) };
});

import { parseRuntimeConfig, setRuntimeConfig } from '../config/runtime-config';
import { health } from '../contract/health';
import { zodLoaded } from '../zod/on-demand';
import { ApiError } from './api-error';
import { apiRequest } from './api-request';

const fetchMock = jest.fn();
beforeEach(() => {
  globalThis.fetch = fetchMock;
  setRuntimeConfig(parseRuntimeConfig({ apiUrl: 'http://api.test', version: '1', remotes: {} }));
});

const answer = (body: unknown) => ({ ok: true, status: 200, headers: new Headers(), text: async () => JSON.stringify(body) });

describe('a call made before zod is loaded', () => {
  it('waits for zod and parses its answer', async () => {
    expect(zodLoaded()).toBe(false);
    fetchMock.mockResolvedValueOnce(answer({ data: { status: 'ok', db: 'ok', version: '7', extra: 1 } }));
    let settled = false;
    const result = apiRequest(health).finally(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(settled).toBe(false);
    release();
    await expect(result).resolves.toEqual({ data: { status: 'ok', db: 'ok', version: '7' } });
    expect(zodLoaded()).toBe(true);
  });

  it('still refuses an answer of another shape', async () => {
    fetchMock.mockResolvedValueOnce(answer({ data: { status: 'down' } }));
    await expect(apiRequest(health)).rejects.toEqual(expect.any(ApiError));
  });
});
