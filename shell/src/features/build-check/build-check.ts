export const BUILD_CHECK_INTERVAL_MS = 3600000;
export const BUILD_MANIFEST_URL = '/build-manifest.json';

type Fetch = (input: string, init?: RequestInit) => Promise<Pick<Response, 'ok' | 'json'>>;

/** The deployed version, or null when the manifest cannot be read (a check is skipped, not failed). */
export async function fetchDeployedVersion(fetchImpl: Fetch = fetch): Promise<string | null> {
  try {
    const response = await fetchImpl(BUILD_MANIFEST_URL, { cache: 'no-store' });
    if (!response.ok) return null;
    const body = (await response.json()) as { version?: unknown };
    return typeof body.version === 'string' && body.version ? body.version : null;
  } catch {
    return null;
  }
}

export function isNewBuild(running: string, deployed: string | null): boolean {
  return deployed !== null && deployed !== running;
}

type Options = {
  running: string;
  onNewBuild: (version: string) => void;
  fetchImpl?: Fetch;
  interval?: number;
};

/** Polls the build manifest every hour; calls onNewBuild once when the version changes. */
export function startBuildCheck({ running, onNewBuild, fetchImpl = fetch, interval = BUILD_CHECK_INTERVAL_MS }: Options) {
  let notified = false;
  const timer = setInterval(() => {
    void fetchDeployedVersion(fetchImpl).then((deployed) => {
      if (!notified && isNewBuild(running, deployed)) {
        notified = true;
        onNewBuild(deployed as string);
      }
    });
  }, interval);
  return () => clearInterval(timer);
}
