// Which remote owns which shell route: shell route = mount + relative path (PLAN.md).
// A test checks this table against each remote's `./routes`.
export const remoteNames = ['mf_catalog', 'mf_applications', 'mf_cabinet', 'mf_messaging'] as const;

export type RemoteName = (typeof remoteNames)[number];

export type RemoteRegistryEntry = {
  name: RemoteName;
  mount: string;
  paths: readonly string[];
};

export const remoteRegistry: readonly RemoteRegistryEntry[] = [
  {
    name: 'mf_catalog',
    mount: '/',
    paths: [
      '',
      'about',
      'application',
      'application/search',
      'application/:id',
      'executor',
      'executor/search',
      'executor/:id',
      'service',
      'service/:id',
      'facility/:id',
      'consultations',
      'guarantees',
      'contacts',
      'privacy-policy',
      'reference',
      'test',
    ],
  },
  { name: 'mf_applications', mount: '/lk/application', paths: ['', 'form', 'edit/:id', 'detail/:id'] },
  {
    name: 'mf_cabinet',
    mount: '/lk',
    paths: [
      '',
      'profile',
      'service',
      'facility',
      'facility/form',
      'facility/:id',
      'money',
      'organization',
      'organization/add',
      'employee',
    ],
  },
  { name: 'mf_messaging', mount: '/lk/message', paths: [''] },
];

export function joinMount(mount: string, relativePath: string): string {
  const base = mount.endsWith('/') ? mount.slice(0, -1) : mount;
  if (!relativePath) return base || '/';
  return `${base}/${relativePath}`;
}
