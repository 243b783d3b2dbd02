import { QueryClient } from '@tanstack/react-query';
import { parseRuntimeConfig, setRuntimeConfig } from '../config/runtime-config';
import { userKeys } from '../query/query-keys';
import { getCurrentUserQueryOptions } from './api/get-current-user';
import { getProfilesQueryOptions } from './api/get-profiles';
import { applyProfileUpdate } from './api/update-profile';
import { applyAuthData } from './session-sync';
import { useSessionStore } from './session-store';

const user = { id: 7, phone: '79991234567', name: 'Иван', email: null, activeProfileId: 12 };
const customer = { id: 12, type: 'customer' as const, name: 'Иван', active: true, description: null, address: null };
const executor = { id: 13, type: 'executor' as const, name: 'Иван', active: false, description: null, address: null };

function answer(data: unknown) {
  return { ok: true, status: 200, headers: { get: () => null }, text: async () => JSON.stringify({ data }) };
}

beforeEach(() => {
  setRuntimeConfig(
    parseRuntimeConfig({
      apiUrl: 'http://api.test',
      version: 't',
      remotes: { mf_catalog: 'http://c.test', mf_applications: 'http://a.test', mf_cabinet: 'http://k.test', mf_messaging: 'http://m.test' },
    }),
  );
  useSessionStore.getState().clear();
  useSessionStore.getState().setTokens('access', 'refresh');
});

describe('session queries', () => {
  it('keep the session store in step with the user and the profiles they load', async () => {
    globalThis.fetch = jest.fn(async (url: string) =>
      answer(String(url).endsWith('user/get/token') ? user : { items: [customer, executor] }),
    ) as unknown as typeof fetch;
    const client = new QueryClient();
    await client.fetchQuery(getCurrentUserQueryOptions());
    await client.fetchQuery(getProfilesQueryOptions());
    expect(useSessionStore.getState().user).toEqual(user);
    expect(useSessionStore.getState().activeProfile?.id).toBe(12);
    expect(client.getQueryData(userKeys.current())).toEqual(user);
  });

  it('do not bring a user back into the store after a logout during the request', async () => {
    globalThis.fetch = jest.fn(async () => {
      useSessionStore.getState().clear();
      return answer(user);
    }) as unknown as typeof fetch;
    await new QueryClient().fetchQuery(getCurrentUserQueryOptions()).catch(() => undefined);
    expect(useSessionStore.getState().user).toBeNull();
  });
});

describe('applyProfileUpdate and applyAuthData', () => {
  it('make the updated profile the active one in the cache and the store', () => {
    const client = new QueryClient();
    client.setQueryData(userKeys.profiles(), { items: [customer, executor] });
    applyProfileUpdate(client, { data: { profile: { ...executor, active: true }, user: { ...user, activeProfileId: 13 } } });
    const items = client.getQueryData<{ items: { id: number; active: boolean }[] }>(userKeys.profiles())?.items;
    expect(items?.map((p) => [p.id, p.active])).toEqual([
      [12, false],
      [13, true],
    ]);
    expect(useSessionStore.getState().activeProfile?.id).toBe(13);
  });

  it('adds a newly created profile', () => {
    const client = new QueryClient();
    client.setQueryData(userKeys.profiles(), { items: [] });
    applyProfileUpdate(client, { data: { profile: customer, user } });
    expect(useSessionStore.getState().profiles.map((p) => p.id)).toEqual([12]);
  });

  it('store a fresh token pair with the user', () => {
    const client = new QueryClient();
    applyAuthData(client, { token: 'access-2', refresh_token: 'refresh-2', user });
    expect(useSessionStore.getState()).toMatchObject({ token: 'access-2', refreshToken: 'refresh-2', user });
    expect(client.getQueryData(userKeys.current())).toEqual(user);
  });
});
