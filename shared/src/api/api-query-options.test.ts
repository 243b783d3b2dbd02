import { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { defineCall } from '../contract/define';
import { parseRuntimeConfig, setRuntimeConfig } from '../config/runtime-config';
import { apiQueryOptions } from './api-query-options';

const thingGet = defineCall({
  method: 'GET',
  path: 'thing/get',
  auth: 'none',
  summary: 'test',
  query: z.object({ id: z.number() }),
  data: z.object({ id: z.number(), name: z.string() }),
});

it('fetches the call with its params under the given key and yields the payload', async () => {
  setRuntimeConfig(
    parseRuntimeConfig({
      apiUrl: 'http://api.test',
      version: 't',
      remotes: { mf_catalog: 'http://c.test', mf_applications: 'http://a.test', mf_cabinet: 'http://k.test', mf_messaging: 'http://m.test' },
    }),
  );
  const fetchMock = jest.fn(async () => ({
    ok: true,
    status: 200,
    headers: { get: () => null },
    text: async () => JSON.stringify({ data: { id: 3, name: 'Газон' } }),
  }));
  globalThis.fetch = fetchMock as unknown as typeof fetch;

  const options = apiQueryOptions(thingGet, { query: { id: 3 } }, ['thing', 'detail', 3]);
  const data = await new QueryClient().fetchQuery(options);

  expect(options.queryKey).toEqual(['thing', 'detail', 3]);
  expect(data).toEqual({ id: 3, name: 'Газон' });
  expect(fetchMock).toHaveBeenCalledWith('http://api.test/api/thing/get?id=3', expect.anything());
});
