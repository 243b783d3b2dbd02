/**
 * A federation runtime plugin of every browser build (create-config.cjs `runtimePlugins`): a
 * singleton resolves to the copy the host registered. The runtime's `loaded-first` choice keeps the
 * host's copy of what the start loads (React, `shared`), but a singleton loaded later (`shared/lk`)
 * would go to the highest version any remote on the page registered: a remote built with a newer
 * `shared` would lend its `shared/lk`, running against the host's `shared`, to the host and every
 * remote. A copy already loaded (or loading) stays the one, so a singleton never runs twice; with
 * none, and the host's registered, the host's wins. Entries carry `from`, the registering build's
 * federation name (runtime-core's getRegisteredShare builds the arguments). The server builds have
 * no federation runtime: a remote's server render gets the shell's server's own singletons. An ES
 * module, as the federation entry imports it: a CommonJS one costs a wrapper in every entry.
 */
export default function hostSingletons({ host }) {
  return {
    name: 'host-singletons',
    resolveShare(args) {
      const versions = args.shareScopeMap[args.scope][args.pkgName];
      const chosen = versions[args.version];
      const inUse = chosen && (chosen.loaded || chosen.loading || typeof chosen.lib === 'function');
      if (!args.shareInfo.shareConfig?.singleton || inUse || chosen?.from === host) return args;
      const version = Object.keys(versions).find((key) => versions[key].from === host);
      if (version !== undefined) args.resolver = () => ({ shared: versions[version], useTreesShaking: false });
      return args;
    },
  };
}
