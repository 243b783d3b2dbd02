import { cacheInlinedStart } from './cache-inlined-start';

describe('cacheInlinedStart', () => {
  const fetchMock = jest.fn();
  const originalFetch = global.fetch;

  beforeEach(() => {
    fetchMock.mockReset();
    global.fetch = fetchMock as unknown as typeof fetch;
    document.body.innerHTML = '';
  });

  afterAll(() => {
    global.fetch = originalFetch;
  });

  it('fetches the inlined file once the page has loaded, at low priority, and reads it to its end', async () => {
    const arrayBuffer = jest.fn().mockResolvedValue(new ArrayBuffer(8));
    fetchMock.mockResolvedValue({ ok: true, arrayBuffer });
    document.body.innerHTML = '<script data-start-inline="/start-libs.0123456789.js"></script>';
    await cacheInlinedStart(document);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/start-libs.0123456789.js', expect.objectContaining({ priority: 'low', credentials: 'same-origin' }));
    expect(arrayBuffer).toHaveBeenCalled();
  });

  it('waits for the load event when the page is still loading', async () => {
    fetchMock.mockResolvedValue({ ok: true, arrayBuffer: () => Promise.resolve(new ArrayBuffer(0)) });
    document.body.innerHTML = '<script data-start-inline="/start-libs.0123456789.js"></script>';
    const state = jest.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    try {
      const done = cacheInlinedStart(document);
      await Promise.resolve();
      expect(fetchMock).not.toHaveBeenCalled();
      window.dispatchEvent(new Event('load'));
      await done;
      expect(fetchMock).toHaveBeenCalledTimes(1);
    } finally {
      state.mockRestore();
    }
  });

  it('does nothing on a page whose scripts all came by URL', async () => {
    document.body.innerHTML = '<script src="/main.js"></script>';
    await cacheInlinedStart(document);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('never fails the page: a network error or an error status is let go', async () => {
    document.body.innerHTML = '<script data-start-inline="/start-libs.0123456789.js"></script>';
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(cacheInlinedStart(document)).resolves.toBeUndefined();
    fetchMock.mockResolvedValueOnce({ ok: false, arrayBuffer: jest.fn() });
    await expect(cacheInlinedStart(document)).resolves.toBeUndefined();
  });
});
