/**
 * @jest-environment node
 */
// The federation `shared` option of every build (scripts/webpack/shared-deps.cjs): the singletons
// of ARCHITECTURE §2 with their installed versions; the accepted ranges only in development builds.
import fs from 'node:fs';
import path from 'node:path';

type ShareConfig = { singleton: boolean; requiredVersion: string | false; version: string };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { sharedDeps, SINGLETONS, SUBPATHS } = require('../../../scripts/webpack/shared-deps.cjs') as {
  sharedDeps: (dir: string, options?: { checkVersions?: boolean }) => Record<string, ShareConfig>;
  SINGLETONS: string[];
  SUBPATHS: Record<string, string>;
};

const shellDir = path.resolve(__dirname, '../..');
const installed = (name: string) => (JSON.parse(fs.readFileSync(path.join(shellDir, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

describe('sharedDeps', () => {
  it('shares every singleton and subpath of the architecture, with the installed version', () => {
    const shared = sharedDeps(shellDir);
    expect(Object.keys(shared).sort()).toEqual([...SINGLETONS, ...Object.keys(SUBPATHS)].sort());
    for (const name of ['react', 'react-dom', 'react-router-dom', '@tanstack/react-query', 'zustand', 'socket.io-client', 'react-toastify', 'shared']) {
      expect(shared[name]).toMatchObject({ singleton: true, version: installed(name) });
    }
    expect(shared['react/jsx-runtime']).toMatchObject({ singleton: true, version: installed('react') });
    expect(shared['react-dom/client']).toMatchObject({ singleton: true, version: installed('react-dom') });
    // The cabinet's part of `shared`, a singleton of its own that a public page's start never loads.
    expect(shared['shared/lk']).toMatchObject({ singleton: true, version: installed('shared') });
  });

  it('declares the accepted ranges by default (development): a caret range, `shared` its exact version', () => {
    const shared = sharedDeps(shellDir);
    expect(shared.react!.requiredVersion).toBe(`^${installed('react')}`);
    expect(shared['react-dom/client']!.requiredVersion).toBe(`^${installed('react-dom')}`);
    expect(shared.shared!.requiredVersion).toBe(installed('shared'));
    expect(shared['shared/lk']!.requiredVersion).toBe(installed('shared'));
  });

  it('leaves the ranges out of production builds, so the browser runtime parses none', () => {
    const shared = sharedDeps(shellDir, { checkVersions: false });
    for (const [name, config] of Object.entries(shared)) {
      expect([name, config.requiredVersion]).toEqual([name, false]);
      expect(config.singleton).toBe(true);
      expect(config.version).toMatch(/^\d+\.\d+\.\d+/);
    }
  });
});
