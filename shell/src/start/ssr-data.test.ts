import { dropServerHead, hasServerHead, keepServerTitle, readSsrData, routerReady, SSR_DATA_ID, takeServerTitle } from './ssr-data';

function inline(text: string) {
  document.body.innerHTML = `<div id="root"><main>…</main></div><script type="application/json" id="${SSR_DATA_ID}"></script>`;
  document.getElementById(SSR_DATA_ID)!.textContent = text;
}

describe('the data a server-rendered page inlines', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('is read with its dehydrated cache', () => {
    inline(JSON.stringify({ remote: 'mf_catalog', routePath: 'application', state: { mutations: [], queries: [{ queryKey: ['a'] }] } }));
    expect(readSsrData()).toEqual({ remote: 'mf_catalog', routePath: 'application', state: { mutations: [], queries: [{ queryKey: ['a'] }] } });
  });

  it('is null when absent, broken or not a cache', () => {
    expect(readSsrData()).toBeNull();
    inline('{not json');
    expect(readSsrData()).toBeNull();
    inline(JSON.stringify({ state: { queries: 'no' } }));
    expect(readSsrData()).toBeNull();
  });

  it('keeps the server’s own title for the first page only, and drops its head tags on the next', () => {
    document.head.innerHTML =
      '<meta charset="utf-8"><link rel="canonical" href="https://m.test/service/1"><meta name="description" content="Услуга">' +
      '<meta property="og:title" content="Услуга"><script type="application/ld+json">{}</script><link rel="preload" as="script" href="/a.js">';
    expect(hasServerHead()).toBe(true);
    dropServerHead();
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    keepServerTitle('Ремонт кровли — Маркетплейс услуг');
    expect(takeServerTitle()).toBe('Ремонт кровли — Маркетплейс услуг');
    expect(takeServerTitle()).toBeNull();
    dropServerHead();
    expect(document.head.innerHTML).toBe('<meta charset="utf-8"><link rel="preload" as="script" href="/a.js">');
    expect(hasServerHead()).toBe(false);
  });
});

describe('routerReady', () => {
  it('resolves at once for an initialised router, else when it initialises', async () => {
    await expect(routerReady({ state: { initialized: true }, subscribe: () => () => undefined })).resolves.toBeUndefined();
    let listener: (state: { initialized: boolean }) => void = () => undefined;
    const stop = jest.fn();
    let done = false;
    const ready = routerReady({ state: { initialized: false }, subscribe: (fn) => ((listener = fn), stop) }).then(() => {
      done = true;
    });
    listener({ initialized: false });
    await Promise.resolve();
    expect(done).toBe(false);
    listener({ initialized: true });
    await ready;
    expect(stop).toHaveBeenCalled();
  });
});
