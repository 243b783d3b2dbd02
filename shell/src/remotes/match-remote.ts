import { joinMount, remoteRegistry, type RemoteName } from './registry';

function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/**
 * The remote owning a URL path, without react-router (it runs before shared modules exist).
 * Static segments beat `:params`, as in react-router's ranking.
 */
export function matchRemote(pathname: string): RemoteName | null {
  return matchRemoteRoute(pathname)?.name ?? null;
}

export function matchRemoteRoute(pathname: string): { name: RemoteName; path: string } | null {
  const target = segments(pathname);
  let best: { name: RemoteName; path: string; score: number } | null = null;
  for (const entry of remoteRegistry) {
    for (const relative of entry.paths) {
      const pattern = segments(joinMount(entry.mount, relative));
      if (pattern.length !== target.length) continue;
      let score = 0;
      const matches = pattern.every((part, i) => {
        if (part.startsWith(':')) return true;
        score += 1;
        return part === target[i];
      });
      if (matches && (!best || score > best.score)) best = { name: entry.name, path: relative, score };
    }
  }
  return best ? { name: best.name, path: best.path } : null;
}
