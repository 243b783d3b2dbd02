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
const SUBPATHS = { 'react/jsx-runtime': 'react', 'react-dom/client': 'react-dom' };

function installedVersion(dir, name) {
  const file = path.join(dir, 'node_modules', name, 'package.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')).version;
}

function sharedDeps(dir) {
  const shared = {};
  for (const name of SINGLETONS) {
    const version = installedVersion(dir, name);
    shared[name] = { singleton: true, requiredVersion: name === 'shared' ? version : `^${version}`, version };
  }
  for (const [subpath, owner] of Object.entries(SUBPATHS)) {
    const version = installedVersion(dir, owner);
    shared[subpath] = { singleton: true, requiredVersion: `^${version}`, version };
  }
  return shared;
}

module.exports = { sharedDeps, SINGLETONS, SUBPATHS };
