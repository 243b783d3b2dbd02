import { QueryClient, type DehydratedState } from '@tanstack/react-query';
import { ApiError } from '../api/api-error';
import { dehydrateForBrowser, reviveDehydratedErrors } from './ssr-state';

async function settle(client: QueryClient, key: string, answer: () => Promise<unknown>) {
  await client.prefetchQuery({ queryKey: [key], queryFn: answer, retry: false });
}

test('the answers and the API’s 404s go to the browser through JSON, a 404 coming back as the ApiError it was; other failures stay behind', async () => {
  const client = new QueryClient();
  await settle(client, 'service', async () => ({ id: 7 }));
  await settle(client, 'missing', () => Promise.reject(new ApiError({ status: 404, code: 'not_found', message: 'Услуга не найдена' })));
  await settle(client, 'broken', () => Promise.reject(new ApiError({ status: 500, code: 'internal', message: 'Ошибка сервера' })));

  const sent = JSON.parse(JSON.stringify(dehydrateForBrowser(client))) as DehydratedState;
  expect(sent.queries.map((query) => query.queryKey)).toEqual([['service'], ['missing']]);

  const [answer, missing] = reviveDehydratedErrors(sent).queries;
  expect(answer!.state.data).toEqual({ id: 7 });
  expect(missing!.state.error).toBeInstanceOf(ApiError);
  expect(missing!.state.error).toMatchObject({ status: 404, code: 'not_found', message: 'Услуга не найдена' });
});
