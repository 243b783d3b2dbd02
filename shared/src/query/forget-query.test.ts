import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { forgetQuery } from './forget-query';

const key = ['application', 'detail', 7];

test('a record nobody shows is dropped at once; one still shown is dropped when its last observer goes, not refetched meanwhile', async () => {
  const client = new QueryClient();
  let calls = 0;
  const queryFn = () => Promise.resolve(++calls);
  await client.fetchQuery({ queryKey: ['other'], queryFn });
  forgetQuery(client, ['other']);
  expect(client.getQueryCache().find({ queryKey: ['other'] })).toBeUndefined();

  const observer = new QueryObserver(client, { queryKey: key, queryFn });
  const stop = observer.subscribe(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 0));
  const before = calls;
  forgetQuery(client, key);
  // Still there for the page drawn once more while the next one loads: nothing is asked again.
  observer.setOptions({ queryKey: key, queryFn });
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(calls).toBe(before);
  expect(client.getQueryCache().find({ queryKey: key })).toBeDefined();
  stop();
  expect(client.getQueryCache().find({ queryKey: key })).toBeUndefined();
});

test('a fetch of it under way is cancelled', async () => {
  const client = new QueryClient();
  const observer = new QueryObserver(client, { queryKey: key, queryFn: () => new Promise<number>(() => undefined) });
  const stop = observer.subscribe(() => undefined);
  expect(client.getQueryState(key)?.fetchStatus).toBe('fetching');
  forgetQuery(client, key);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(client.getQueryState(key)?.fetchStatus).toBe('idle');
  stop();
});
