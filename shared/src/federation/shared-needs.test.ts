import type { RemoteRoute } from '../routing/types';
import { checkSharedNeeds, SharedTooOld, withSharedNeeds, type SharedNeeds } from './shared-needs';

// The check a remote's routes make of the `shared` the shell gives them (the names come from the
// remote's build: scripts/webpack/shared-needs.cjs, tested in shell/src/tooling/shared-needs.test.ts).

const Page = () => null;
const route = (guards?: RemoteRoute['handle']['guards']): RemoteRoute => ({
  path: 'page',
  lazy: () => Promise.resolve({ Component: Page }),
  handle: { title: 'Страница', ...(guards ? { guards } : {}) },
});
const needing = (needs: SharedNeeds) => () => Promise.resolve(needs);
const pageOf = (routes: RemoteRoute[]) => (routes[0]!.lazy as () => Promise<{ Component: unknown }>)();

test("a remote built for a newer shared is refused at its page's load, which the shell answers with the section's panel (QA BBB-1)", async () => {
  const routes = withSharedNeeds([route()], needing({ shared: ['Button', 'somethingNewer'], lk: [] }));
  await expect(pageOf(routes)).rejects.toThrow(SharedTooOld);
  await expect(pageOf(routes)).rejects.toThrow('Раздел собран для более новой версии приложения: нет somethingNewer');
});

test("an account page checks shared/lk as well; a public one does not load it for the check", async () => {
  const needs = { shared: ['Button'], lk: ['AddressField', 'newerWidget'] };
  await expect(pageOf(withSharedNeeds([route(['auth'])], needing(needs)))).rejects.toThrow('нет newerWidget');
  await expect(pageOf(withSharedNeeds([route()], needing(needs)))).resolves.toEqual({ Component: Page });
});

test('a remote whose needs the shell has loads its page as before; without a list (Jest, the shell) nothing is checked', async () => {
  await expect(pageOf(withSharedNeeds([route(['auth'])], needing({ shared: ['Button', 'bus'], lk: ['AddressField'] })))).resolves.toEqual({ Component: Page });
  await expect(pageOf(withSharedNeeds([route()], () => Promise.resolve(undefined)))).resolves.toEqual({ Component: Page });
  await expect(pageOf(withSharedNeeds([route()]))).resolves.toEqual({ Component: Page });
});

test("a public page's piece that brings the account's contract (the reply dialog) checks shared/lk where it loads (QA BBB-1)", async () => {
  await expect(checkSharedNeeds(true, needing({ shared: ['Button'], lk: ['FormDialog', 'newerWidget'] }))).rejects.toThrow('нет newerWidget');
  await expect(checkSharedNeeds(true, needing({ shared: ['Button'], lk: ['FormDialog'] }))).resolves.toBeUndefined();
  await expect(checkSharedNeeds(false, needing({ shared: ['Button'], lk: ['newerWidget'] }))).resolves.toBeUndefined();
});
