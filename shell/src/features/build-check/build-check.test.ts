import { BUILD_CHECK_INTERVAL_MS, fetchDeployedVersion, isNewBuild, startBuildCheck } from './build-check';

const answer = (version: unknown, ok = true) => jest.fn(async () => ({ ok, json: async () => ({ version }) }));

describe('build check', () => {
  it('compares the running version with the deployed one', () => {
    expect(isNewBuild('a1', 'b2')).toBe(true);
    expect(isNewBuild('a1', 'a1')).toBe(false);
    expect(isNewBuild('a1', null)).toBe(false);
  });

  it('fetches the build manifest without the HTTP cache', async () => {
    const fetchImpl = answer('v2');
    await expect(fetchDeployedVersion(fetchImpl)).resolves.toBe('v2');
    expect(fetchImpl).toHaveBeenCalledWith('/build-manifest.json', { cache: 'no-store' });
  });

  it('treats an unreadable manifest as no news', async () => {
    await expect(fetchDeployedVersion(answer('v2', false))).resolves.toBeNull();
    await expect(fetchDeployedVersion(jest.fn(async () => Promise.reject(new Error('offline'))))).resolves.toBeNull();
  });

  it('checks every 3600000 ms and reports a new version once', async () => {
    jest.useFakeTimers();
    const fetchImpl = answer('v2');
    const onNewBuild = jest.fn();
    const stop = startBuildCheck({ running: 'v1', onNewBuild, fetchImpl });
    await jest.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS - 1);
    expect(fetchImpl).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(onNewBuild).toHaveBeenCalledWith('v2');
    await jest.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS);
    expect(onNewBuild).toHaveBeenCalledTimes(1);
    stop();
    jest.useRealTimers();
  });
});
