const mockLoadRemote = jest.fn();
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: (...args: unknown[]) => mockLoadRemote(...args),
  registerRemotes: jest.fn(),
}));

import { loadRemoteModule, loadRemoteRoutes, REMOTE_LOAD_TIMEOUT_MS } from './federation';
import { RemoteLoadError } from './remote-load-error';

const routes = [{ path: 'application' }];

beforeEach(() => {
  jest.useFakeTimers();
  mockLoadRemote.mockReset();
});
afterEach(() => jest.useRealTimers());

describe('a remote whose server accepts and never answers', () => {
  it('fails its routes after the time budget, as a refused one does, and the retry loads it again', async () => {
    mockLoadRemote.mockReturnValueOnce(new Promise(() => {}));
    const first = loadRemoteRoutes('mf_applications');
    const settled = jest.fn();
    first.catch(settled);
    await jest.advanceTimersByTimeAsync(REMOTE_LOAD_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(settled).toHaveBeenCalledWith(expect.any(RemoteLoadError));

    // The hung load is not kept: «Повторить» (or the next visit) asks the remote again.
    mockLoadRemote.mockResolvedValueOnce({ routes });
    await expect(loadRemoteRoutes('mf_applications')).resolves.toBe(routes);
    expect(mockLoadRemote).toHaveBeenCalledTimes(2);
  });

  it('fails a widget module the same way', async () => {
    mockLoadRemote.mockReturnValueOnce(new Promise(() => {}));
    const widget = loadRemoteModule('mf_messaging', 'unread-badge');
    const settled = jest.fn();
    widget.catch(settled);
    await jest.advanceTimersByTimeAsync(REMOTE_LOAD_TIMEOUT_MS);
    expect(settled).toHaveBeenCalledWith(expect.any(RemoteLoadError));
  });

  it('a slow answer within the budget is taken', async () => {
    mockLoadRemote.mockReturnValueOnce(new Promise((resolve) => setTimeout(() => resolve({ routes }), REMOTE_LOAD_TIMEOUT_MS - 100)));
    const load = loadRemoteRoutes('mf_catalog');
    await jest.advanceTimersByTimeAsync(REMOTE_LOAD_TIMEOUT_MS);
    await expect(load).resolves.toBe(routes);
  });
});
