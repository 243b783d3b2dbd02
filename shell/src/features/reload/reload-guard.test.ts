import { RELOAD_KEY, reloadOnce } from './reload-guard';

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

describe('reloadOnce', () => {
  it('reloads the first time and records when', () => {
    const storage = memoryStorage();
    const reload = jest.fn();
    expect(reloadOnce(reload, storage, 1_000_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storage.getItem(RELOAD_KEY)).toBe('1000000');
  });

  it('does not reload again within 10000 ms', () => {
    const storage = memoryStorage();
    const reload = jest.fn();
    reloadOnce(reload, storage, 1_000_000);
    expect(reloadOnce(reload, storage, 1_009_999)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads again once 10000 ms have passed', () => {
    const storage = memoryStorage();
    const reload = jest.fn();
    reloadOnce(reload, storage, 1_000_000);
    expect(reloadOnce(reload, storage, 1_010_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload while the browser is offline: the reload could only bring the browser\'s «no internet» page (QA O-1)', () => {
    const storage = memoryStorage();
    const reload = jest.fn();
    const onLine = jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      expect(reloadOnce(reload, storage, 1_000_000)).toBe(false);
      expect(reload).not.toHaveBeenCalled();
      expect(storage.getItem(RELOAD_KEY)).toBeNull();
    } finally {
      onLine.mockRestore();
    }
    expect(reloadOnce(reload, storage, 1_000_000)).toBe(true);
  });
});
