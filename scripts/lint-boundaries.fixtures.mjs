// The linter's self-test (`node scripts/lint-boundaries.mjs --self-test`): what each rule must
// refuse and let through.

// Fixtures: [file, source, expected number of violations, what it checks].
export const FIXTURES = [
  ['mf-catalog/src/pages/a.tsx', "import { bus } from 'shared';\nimport React from 'react';", 0, 'remote imports shared and react'],
  ['mf-catalog/src/pages/a.tsx', "import { x } from 'mf-cabinet/src/routes';", 1, 'remote imports another remote by name'],
  ['mf-catalog/src/pages/a.tsx', "import x from '../../../mf-cabinet/src/pages/x';", 1, 'remote imports another remote by relative path'],
  ['mf-catalog/src/pages/a.tsx', "const m = await import('mf_cabinet/routes');", 1, 'remote loads another remote through federation'],
  ['mf-catalog/src/pages/a.tsx', "import { Layout } from 'shell/src/app/layout';", 1, 'remote imports the shell'],
  ['mf-catalog/src/pages/a.tsx', "const s = require('../../../shell/src/x');", 1, 'remote requires the shell by relative path'],
  ['mf-catalog/src/pages/a.tsx', "import { Button } from '../../../shared/src/ui';", 1, 'remote reaches into shared by relative path'],
  ['mf-catalog/webpack.config.js', "const base = require('../scripts/webpack/remote.cjs');", 0, 'config file reaches root tooling'],
  ['mf-catalog/src/pages/a.tsx', "// import x from 'mf-cabinet';\n/* import('shell') */ const s = 'mf-cabinet';", 0, 'comments and plain strings are ignored'],
  ['shared/src/bus/index.ts', "import mitt from './mitt';\nimport { z } from 'zod';", 0, 'shared imports itself and externals'],
  ['shared/src/bus/index.ts', "import { routes } from 'shell';", 1, 'shared imports the shell'],
  ['shared/src/bus/index.ts', "export * from 'mf-catalog/src/routes';", 1, 'shared re-exports a remote'],
  ['shared/src/bus/index.ts', "import { cfg } from '../../../scripts/config';", 1, 'shared imports a relative path outside shared'],
  ['shared/src/bus/index.ts', "import type { App } from 'api/src/app';", 1, 'shared imports api types'],
  ['api/src/app.ts', "import { allCalls } from 'shared/contract';\nimport type { X } from 'shared/contract/application';", 0, 'api imports the contract'],
  ['api/src/app.ts', "import { bus } from 'shared';", 1, 'api imports the shared root'],
  ['api/src/app.ts', "import { renderToString } from 'react-dom/server';", 1, 'api imports React'],
  ['api/src/app.ts', "import x from '../../shared/src/contract/index';", 1, 'api reaches the contract by relative path'],
  ['shell/src/remotes/registry.ts', "const load = () => import('mf_catalog/routes');", 0, 'shell loads a remote through federation'],
  ['shell/src/remotes/registry.ts', "import { routes } from 'mf-catalog/src/routes';", 1, 'shell imports remote source by name'],
  ['shell/src/remotes/registry.ts', "import { routes } from '../../../mf-catalog/src/routes';", 1, 'shell imports remote source by relative path'],
  ['shell/src/remotes/registry.test.ts', "import { routes } from '../../../mf-catalog/src/routes';", 0, 'shell test imports a remote routes.tsx'],
  ['shell/src/remotes/registry.test.ts', "import { Page } from '../../../mf-catalog/src/pages/home-page';", 1, 'shell test imports a remote page'],
  ['shell/src/app.tsx', "import { x } from 'api';", 1, 'shell imports the api'],
  ['e2e/home.spec.ts', "import x from '../shell/src/x';", 0, 'e2e is not checked'],
  ['mf-catalog/src/features/a/hooks/x.ts', "import { y } from '../../b/lib/y';", 1, 'a feature imports another feature'],
  ['mf-catalog/src/features/a/x.test.tsx', "import { renderB } from '../b/testing/render-b';", 1, "a feature's test imports another feature's harness"],
  ['mf-catalog/src/features/a/hooks/x.ts', "import { y } from '../lib/y';\nimport { z } from '../../../lib/z';", 0, 'a feature imports itself and src/lib'],
  ['mf-catalog/src/pages/p.tsx', "import { A } from '../features/a/a';\nimport { B } from '../features/b/b';", 0, 'a page composes features'],
  ['mf-catalog/src/features/a/x.ts', "import { b } from 'shared';", 0, 'a feature imports shared'],
  ['shell/src/features/a/x.ts', "import { b } from '../b/y';", 1, 'the feature rule holds in every package'],
  ['mf-catalog/src/features/a/x.test.tsx', "jest.mock('../map', () => ({}));", 0, "a test may replace another feature's module"],
  ['mf-catalog/src/features/a/x.test.tsx', "jest.mock('../map', () => jest.requireActual('../b/testing/map-mock'));", 1, "but not borrow another feature's code"],
  ['mf-catalog/src/features/a/x.ts', "import { Map } from '../map';", 1, "a feature imports another feature's index"],
  ['mf-catalog/src/pages/a.tsx', "import { Link, useNavigate as go, type RouteObject } from 'react-router-dom';", 0, "browser code uses the browser's router API"],
  ['mf-catalog/src/pages/a.tsx', "import { Link, HydratedRouter } from 'react-router-dom';", 1, "browser code imports a router name the browser's copy lacks"],
  ['shared/src/routing/a.ts', "export { ServerRouter } from 'react-router-dom';", 1, 'shared re-exports a router name the browser lacks'],
  ['mf-catalog/src/pages/a.test.tsx', "import { createRoutesStub } from 'react-router-dom';", 0, 'a test may use the whole router'],
  ['shell/src/server.tsx', "import { StaticRouterProvider } from 'react-router-dom';", 0, "the shell's server entry uses the whole router"],
];

// Cycle fixtures: [files → source, expected number of cycles, what it checks].
export const CYCLE_FIXTURES = [
  [{ 'mf-catalog/src/lib/a.ts': "import { b } from './b';", 'mf-catalog/src/lib/b.ts': "import { a } from './a';" }, 1, 'two modules import each other'],
  [
    {
      'shell/src/a.ts': "export { b } from './b';",
      'shell/src/b.tsx': "import { c } from './c/index.js';",
      'shell/src/c/index.ts': "import { a } from '../a';",
    },
    1,
    'a cycle through a re-export, an index file and a .js specifier',
  ],
  [{ 'shared/src/a.ts': "import { a } from './a';" }, 1, 'a module importing itself'],
  [{ 'shared/src/a.ts': "import type { B } from './b';", 'shared/src/b.ts': "import { a } from './a';" }, 0, 'a type-only import makes no cycle'],
  [{ 'shell/src/a.ts': "const b = () => import('./b');", 'shell/src/b.ts': "import { a } from './a';" }, 0, 'a dynamic import makes no cycle'],
  [{ 'mf-catalog/src/a.ts': "import x from '../../mf-cabinet/src/a';", 'mf-cabinet/src/a.ts': "import y from '../../mf-catalog/src/a';" }, 0, 'cycles are per package'],
  [{ 'e2e/a.ts': "import { b } from './b';", 'e2e/b.ts': "import { a } from './a';" }, 0, 'e2e is not checked'],
];
