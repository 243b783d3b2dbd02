import * as shared from 'shared';
import type { RemoteRoute } from '../routing/types';

/** What a remote's build found it takes from the `shared` singletons (scripts/webpack/shared-needs.cjs). */
export interface SharedNeeds {
  shared: readonly string[];
  lk: readonly string[];
}

/** The remote was built against a newer `shared` than the shell gives it: its section is not shown. */
export class SharedTooOld extends Error {
  override readonly name = 'SharedTooOld';
}

/** The names of `needs` that `given` (a `shared` module as loaded) lacks. */
export function lacking(given: object, needs: readonly string[]): string[] {
  return needs.filter((name) => !(name in given));
}

const loadBuiltNeeds = () => import('./shared-needs-list').then((list) => list.builtNeeds);
type LoadNeeds = () => Promise<SharedNeeds | undefined>;

/**
 * Refuses (SharedTooOld) where the shell's `shared`, and with `account` its `shared/lk`, lacks a
 * name this remote's build takes of it. For a public page's piece that brings the account's
 * contract with it (mf-catalog's reply dialog): its load fails as a chunk's would.
 */
export async function checkSharedNeeds(account: boolean, loadNeeds: LoadNeeds = loadBuiltNeeds): Promise<void> {
  const needs = await loadNeeds();
  if (!needs) return;
  const missing = [...lacking(shared, needs.shared), ...(account && needs.lk.length > 0 ? lacking(await import('shared/lk'), needs.lk) : [])];
  if (missing.length > 0) throw new SharedTooOld(`Раздел собран для более новой версии приложения: нет ${missing.join(', ')}`);
}

/**
 * A remote's routes whose pages load only where the shell's `shared` has what the remote takes of it
 * (ARCHITECTURE §2: remotes are released on their own; README: a remote using a name new in `shared`
 * ships after a shell that has it). Released before, its pages crashed where they reached a missing
 * name («… is not a function», shown as «Внутренняя ошибка сервера», QA BBB-1); now each page's load
 * fails, which every shell answers with the section's panel and «Повторить» (after one reload, which
 * may bring the newer shell). `shared/lk` is checked for the account's pages, which load it anyway;
 * a public page's start does not load it for the check. Bundled into each remote (not a singleton),
 * so the check is the remote's, whatever the shell's age; the list comes with the page's chunk.
 */
export function withSharedNeeds(routes: RemoteRoute[], loadNeeds: LoadNeeds = loadBuiltNeeds): RemoteRoute[] {
  return routes.map((route) => {
    const { lazy } = route;
    if (typeof lazy !== 'function') return route;
    const account = Boolean(route.handle.guards?.length);
    // Beside the page's chunk, not before it: no round trip more on a page's load.
    return { ...route, lazy: async () => (await Promise.all([lazy(), checkSharedNeeds(account, loadNeeds)]))[0] } as RemoteRoute;
  });
}
