import type { SharedNeeds } from './shared-needs';

declare const __SHARED_NEEDS__: SharedNeeds | undefined;

/**
 * What this remote's build found it takes from the `shared` singletons (create-config.cjs defines
 * it for remotes; none in the shell's build nor in Jest). A module of its own, loaded with a page's
 * chunk: the list (~1 kB compressed) stays out of `./routes`, which every page's start loads.
 */
export const builtNeeds: SharedNeeds | undefined = typeof __SHARED_NEEDS__ === 'undefined' ? undefined : __SHARED_NEEDS__;
