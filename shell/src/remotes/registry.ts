import registryData from './registry.json';
// Which remote owns which shell route: shell route = mount + relative path.
// A test checks this table against each remote's `./routes`.
export const remoteNames = ['mf_catalog', 'mf_applications', 'mf_cabinet', 'mf_messaging'] as const;

export type RemoteName = (typeof remoteNames)[number];

export type RemoteRegistryEntry = {
  name: RemoteName;
  mount: string;
  paths: readonly string[];
};

// The table is JSON so the shell's static server can read the mounts too (preload hints).
export const remoteRegistry = registryData as readonly RemoteRegistryEntry[];

export function joinMount(mount: string, relativePath: string): string {
  const base = mount.endsWith('/') ? mount.slice(0, -1) : mount;
  if (!relativePath) return base || '/';
  return `${base}/${relativePath}`;
}
