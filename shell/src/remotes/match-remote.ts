import type { RemoteMount } from './registry';

function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/** The mount owning a URL path: the longest prefix, on whole segments (`/lkx` is not under `/lk`). */
export function matchMount(mounts: readonly RemoteMount[], pathname: string): RemoteMount | null {
  const owns = (mount: string) => mount === '/' || pathname === mount || pathname.startsWith(`${mount}/`);
  return [...mounts].sort((a, b) => b.mount.length - a.mount.length).find((m) => owns(m.mount)) ?? null;
}

/** The part of a path below its mount, without slashes at the ends (`/lk/facility/5` under `/lk` → `facility/5`). */
export function pathBelowMount(mount: string, pathname: string): string {
  const rest = mount === '/' ? pathname : pathname.slice(mount.length);
  return segments(rest).join('/');
}

/**
 * The route path of a remote that a relative path matches, for the early start only: it runs
 * before react-router (a shared module) exists. Static segments beat `:params`, as in
 * react-router's ranking; a wrong guess only costs an unneeded preload, as the route loader
 * matches again with react-router.
 */
export function guessRoutePath(paths: readonly string[], relativePath: string): string | null {
  const target = segments(relativePath);
  let best: { path: string; score: number } | null = null;
  for (const path of paths) {
    const pattern = segments(path);
    if (pattern.length !== target.length) continue;
    let score = 0;
    const matches = pattern.every((part, i) => {
      if (part.startsWith(':')) return true;
      score += 1;
      return part === target[i];
    });
    if (matches && (!best || score > best.score)) best = { path, score };
  }
  return best?.path ?? null;
}
