// In the shell's browser build zod is fetched after the first paint (shared/src/zod/on-demand.ts):
// a public page's chunk loads without waiting for it, an account page's only once `zodReady()`
// resolved. Here `zodReady` is held until the test lets it go.
let release: () => void = () => undefined;
const zodReady = jest.fn(
  () =>
    new Promise<void>((resolve) => {
      release = resolve;
    }),
);
jest.mock('shared', () => ({ ...jest.requireActual('shared'), zodReady: () => zodReady() }));

import type { RemoteRoute } from 'shared';
import type { GuardSession } from '../guards/guards';
import { remoteLoader } from './remote-route';

const session: GuardSession = { isAuthenticated: true, hasActiveProfile: true };
const publicPage = jest.fn(async () => ({ Component: () => null }));
const accountPage = jest.fn(async () => ({ Component: () => null }));
const routes: RemoteRoute[] = [
  { path: 'application/:id', lazy: publicPage, handle: { title: 'Заявка' } },
  { path: 'profile', lazy: accountPage, handle: { title: 'Профиль', guards: ['auth'] } },
];

function load(below: string) {
  const loader = remoteLoader({ name: 'mf_test', mount: '/' }, { loadRoutes: async () => routes, readSession: async () => session, queryClient: undefined });
  return loader({ request: new Request(`http://shell.test/${below}`), params: { '*': below }, context: undefined } as never);
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('a remote page and zod', () => {
  it('loads a public page without waiting for zod', async () => {
    await load('application/17');
    expect(publicPage).toHaveBeenCalledTimes(1);
    expect(zodReady).not.toHaveBeenCalled();
  });

  it("loads an account page's modules once zod is there: they build schemas as they are evaluated", async () => {
    const loaded = load('profile');
    await settle();
    expect(zodReady).toHaveBeenCalledTimes(1);
    expect(accountPage).not.toHaveBeenCalled();
    release();
    await loaded;
    expect(accountPage).toHaveBeenCalledTimes(1);
  });
});
