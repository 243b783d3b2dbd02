import type { RemoteRoute } from 'shared';

// The early start reads the mounts from the raw /runtime-config.json: the first route's remote
// and, for an unguarded page, its chunk start before the shell's shared chunks have arrived.
const loadRemoteRoutes = jest.fn<Promise<RemoteRoute[]>, [string]>();
const registerRemoteOrigins = jest.fn();
jest.mock('../remotes/federation', () => ({ loadRemoteRoutes, registerRemoteOrigins }));

const config = {
  remotes: { mf_catalog: 'http://c.test', mf_cabinet: 'http://k.test' },
  mounts: { mf_catalog: '/', mf_cabinet: '/lk' },
};

async function preload(pathname: string, routes: RemoteRoute[]) {
  global.fetch = jest.fn(async () => ({ ok: true, json: async () => config })) as unknown as typeof fetch;
  loadRemoteRoutes.mockResolvedValue(routes);
  let preloadFirstRoute: (path: string) => void = () => undefined;
  jest.isolateModules(() => {
    ({ preloadFirstRoute } = jest.requireActual<typeof import('./early-start')>('./early-start'));
  });
  preloadFirstRoute(pathname);
  await new Promise((resolve) => setTimeout(resolve, 0));
}

beforeEach(() => jest.clearAllMocks());

it("loads the routes of the path's remote by its mount, and the chunk of an unguarded page", async () => {
  const facility = jest.fn(async () => ({ Component: () => null }));
  const other = jest.fn(async () => ({ Component: () => null }));
  await preload('/lk/facility/5', [
    { path: 'facility/form', lazy: other, handle: { title: 'Новый объект' } },
    { path: 'facility/:id', lazy: facility, handle: { title: 'Объект' } },
  ]);
  expect(registerRemoteOrigins).toHaveBeenCalledWith(config.remotes);
  expect(loadRemoteRoutes).toHaveBeenCalledWith('mf_cabinet');
  expect(facility).toHaveBeenCalledTimes(1);
  expect(other).not.toHaveBeenCalled();
});

it('does not load the chunk of a guarded page (the guard may send the visitor elsewhere)', async () => {
  const money = jest.fn(async () => ({ Component: () => null }));
  await preload('/lk/money', [{ path: 'money', lazy: money, handle: { title: 'Баланс', guards: ['auth'] } }]);
  expect(loadRemoteRoutes).toHaveBeenCalledWith('mf_cabinet');
  expect(money).not.toHaveBeenCalled();
});

it('falls back to the root mount for any other path', async () => {
  await preload('/application/3', []);
  expect(loadRemoteRoutes).toHaveBeenCalledWith('mf_catalog');
});

it('requests the runtime configuration right after the entry script has run, not inside it', async () => {
  const fetchMock = jest.fn(async () => ({ ok: true, json: async () => config }));
  global.fetch = fetchMock as unknown as typeof fetch;
  let rawConfigPromise: Promise<unknown> = Promise.resolve();
  jest.isolateModules(() => {
    ({ rawConfigPromise } = jest.requireActual<typeof import('./early-start')>('./early-start'));
  });
  // With DevTools attached, a request made while the entry script is on the stack costs a reparse
  // of the whole script for source positions: the request waits for the next microtask.
  expect(fetchMock).not.toHaveBeenCalled();
  await Promise.resolve();
  expect(fetchMock).toHaveBeenCalledWith('/runtime-config.json', { headers: { Accept: 'application/json' } });
  await expect(rawConfigPromise).resolves.toEqual(config);
});

describe('afterFirstPaint: a server-rendered page paints before its hydration code runs', () => {
  let afterFirstPaint: typeof import('./early-start').afterFirstPaint;
  beforeEach(() => {
    global.fetch = jest.fn(async () => ({ ok: true, json: async () => config })) as unknown as typeof fetch;
    jest.isolateModules(() => {
      ({ afterFirstPaint } = jest.requireActual<typeof import('./early-start')>('./early-start'));
    });
  });
  afterEach(() => jest.useRealTimers());

  const documentWith = (rootHtml: string) => {
    const doc = document.implementation.createHTMLDocument('');
    doc.body.innerHTML = `<div id="root">${rootHtml}</div>`;
    return doc;
  };

  it('starts at once on a client-rendered page (nothing to paint)', async () => {
    const frame = jest.spyOn(window, 'requestAnimationFrame');
    await afterFirstPaint(documentWith(''));
    expect(frame).not.toHaveBeenCalled();
    frame.mockRestore();
  });

  it('waits for the next frame and the task after it on a server-rendered page', async () => {
    jest.useFakeTimers();
    let drawFrame: FrameRequestCallback = () => undefined;
    const frame = jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      drawFrame = callback;
      return 1;
    });
    let started = false;
    void afterFirstPaint(documentWith('<main>Заявки</main>'), 100).then(() => (started = true));
    await Promise.resolve();
    expect(started).toBe(false);
    drawFrame(0);
    await jest.advanceTimersByTimeAsync(0);
    expect(started).toBe(true);
    frame.mockRestore();
  });

  it('starts after the fallback delay in a hidden tab, where no frame is drawn', async () => {
    jest.useFakeTimers();
    const frame = jest.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 1);
    let started = false;
    void afterFirstPaint(documentWith('<main>Заявки</main>'), 100).then(() => (started = true));
    await jest.advanceTimersByTimeAsync(99);
    expect(started).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(started).toBe(true);
    frame.mockRestore();
  });
});
