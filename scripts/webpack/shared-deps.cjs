// Singletons shared by the host and every remote (ARCHITECTURE §2). Versions come from the
// installed packages, because package.json holds `catalog:` / `workspace:*` specifiers.
const fs = require('node:fs');
const path = require('node:path');

const SINGLETONS = [
  'react',
  'react-dom',
  'react-router-dom',
  '@tanstack/react-query',
  'zustand',
  'socket.io-client',
  'react-toastify',
  'shared',
];

// Subpaths imported directly (JSX runtime, createRoot) must resolve to the same singleton.
// `shared/lk`, the cabinet's part of `shared` (shared/src/lk.ts), is a singleton of its own that no
// public page's start loads; its modules reach the rest of `shared` by the package's name.
const SUBPATHS = { 'react/jsx-runtime': 'react', 'react-dom/client': 'react-dom', 'shared/lk': 'shared' };

function installedVersion(dir, name) {
  const file = path.join(dir, 'node_modules', name, 'package.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')).version;
}

/**
 * The `shared` option of every build. Each singleton declares the version it was built with; with
 * `checkVersions` (development builds) also the range it accepts, which the federation runtime
 * tests when a build consumes the singleton and, as singletons are never strict here, answers with
 * a console warning. Production builds leave the range out (`requiredVersion: false`): the runtime
 * then takes the loaded singleton as it would anyway, without parsing semver ranges with freshly
 * built regular expressions on the main thread of every page's start (0.4–21 ms of an `/application`
 * load unthrottled on this machine, inside the tasks that consume the singletons).
 */
function sharedDeps(dir, { checkVersions = true } = {}) {
  const shared = {};
  const required = (range) => (checkVersions ? range : false);
  // Our own package is built with the app, so it accepts exactly its version; libraries their major.
  const range = (owner, version) => (owner === 'shared' ? version : `^${version}`);
  for (const name of SINGLETONS) {
    const version = installedVersion(dir, name);
    shared[name] = { singleton: true, requiredVersion: required(range(name, version)), version };
  }
  for (const [subpath, owner] of Object.entries(SUBPATHS)) {
    const version = installedVersion(dir, owner);
    shared[subpath] = { singleton: true, requiredVersion: required(range(owner, version)), version };
  }
  return shared;
}

module.exports = { sharedDeps, SINGLETONS, SUBPATHS };
