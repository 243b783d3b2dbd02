/** Shell route = mount + a remote's relative path: `joinPath('/lk', 'facility/:id')` → '/lk/facility/:id'. */
export function joinPath(mount: string, relative: string): string {
  const parts = [mount, relative]
    .flatMap((p) => p.split('/'))
    .filter((segment) => segment !== '');
  return `/${parts.join('/')}`;
}
