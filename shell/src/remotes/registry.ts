import type { RuntimeConfig } from 'shared';

// Which remote owns which part of the shell comes from the runtime configuration, read at start
// (`mounts`: federation name → path prefix); the exact pages from the remote's own `./routes`.
// Nothing here lists remotes, so a remote ships a page, or a new remote ships, without a shell build.

/** A federation name such as `mf_catalog` (remotes.json at the repository root lists them). */
export type RemoteName = string;

/** A remote and the path prefix of the shell it owns. */
export type RemoteMount = { name: RemoteName; mount: string };

/**
 * The mounts, longest prefix first (so `/lk/message` is tried before `/lk`). The raw file is
 * accepted too: the early start reads it before `shared` (and its schema) has loaded.
 */
export function remoteMounts(mounts: RuntimeConfig['mounts'] | unknown): RemoteMount[] {
  if (!mounts || typeof mounts !== 'object') return [];
  return Object.entries(mounts as Record<string, unknown>)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].startsWith('/'))
    .map(([name, mount]) => ({ name, mount: mount.length > 1 ? mount.replace(/\/+$/, '') : mount }))
    .sort((a, b) => b.mount.length - a.mount.length);
}

export function joinMount(mount: string, relativePath: string): string {
  const base = mount.endsWith('/') ? mount.slice(0, -1) : mount;
  if (!relativePath) return base || '/';
  return `${base}/${relativePath}`;
}

/**
 * A widget that a remote exposes beside `./routes` for the shell's layout. The remote is the one
 * owning `path` in the runtime configuration's mounts (the section the widget belongs to), so the
 * shell names no remote here either.
 */
export type RemoteWidget = { path: string; exposed: string };

/** The header's unread-messages badge: `./unread-badge` of the remote owning `/lk/message`. */
export const UNREAD_BADGE_WIDGET: RemoteWidget = { path: '/lk/message', exposed: 'unread-badge' };
