// Shared webpack 5 + Module Federation config for the shell (host) and the remotes of remotes.json.
const fs = require('node:fs');
const path = require('node:path');
const { createRequire } = require('node:module');
const { sharedDeps, SINGLETONS, SUBPATHS } = require('./shared-deps.cjs');
const { sharedNeeds } = require('./shared-needs.cjs');
const { remotes, runtimeConfigFromEnv } = require('./runtime-config.cjs');
const { CompileHintsPlugin, entryFiles } = require('./compile-hints.cjs');
const { SDK_ENV } = require('./federation-debug-loader.cjs');

/**
 * This build's version, one for all the configs of the process: a package's browser build and its
 * server build carry the same, so the shell's server can tell a server build from another build's
 * browser files (a deploy that is not atomic, QA NNN-1) and leave such a page to the browser.
 */
const BUILD_VERSION = process.env.BUILD_VERSION || Date.now().toString(36);

// Loaders and plugins live in each package's node_modules (pnpm, no hoisting to the root).
function packageRequire(dir) {
  return createRequire(path.join(dir, 'package.json'));
}

function swcRule(isProduction) {
  return {
    test: /\.[cm]?[jt]sx?$/,
    exclude: /node_modules/,
    use: {
      loader: 'swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic', development: !isProduction } },
          target: 'es2020',
        },
      },
    },
  };
}

// The shared package's source: webpack resolves the workspace link to this real path.
const sharedSourceDir = path.resolve(__dirname, '../../shared/src');

// Base styles (shared's, libraries') precede page styles in <head> (insert-style.cjs); the server
// build registers each stylesheet with the same group, for its two inlined blocks.
const baseStyleSources = [sharedSourceDir, /[\\/]node_modules[\\/]/];

/**
 * A CSS rule per group, base first: `use(group)` gives the loaders before css-loader (`cssLoader`:
 * its name or path). Each file's key goes in front of its text first (css-key-loader.cjs, which
 * compacts a production build's text before keying it), an `@import`ed file's too
 * (`importLoaders`), so the server and the browser read the same text and key.
 */
function cssRule(use, cssLoader = 'css-loader') {
  const keyed = (group) => [
    ...use(group),
    { loader: cssLoader, options: { importLoaders: 1 } },
    path.join(__dirname, 'css-key-loader.cjs'),
  ];
  return { test: /\.css$/, oneOf: [{ include: baseStyleSources, use: keyed('base') }, { use: keyed('page') }] };
}

function styleLoaders(group) {
  return [
    {
      loader: 'style-loader',
      options: {
        insert: path.join(__dirname, 'defer-style.cjs'),
        styleTagTransform: path.join(__dirname, 'style-tag-transform.cjs'),
        attributes: { 'data-style': group },
      },
    },
  ];
}

function minimizers(req) {
  const webpackDir = path.dirname(req.resolve('webpack/package.json'));
  try {
    // swc minifies several times faster than terser on 2 cores (build budget < 20 s).
    const Minimizer = require(require.resolve('minimizer-webpack-plugin', { paths: [webpackDir] }));
    if (typeof Minimizer.swcMinify !== 'function') return undefined;
    return [new Minimizer({ minify: Minimizer.swcMinify, terserOptions: { compress: true, mangle: true } })];
  } catch {
    return undefined;
  }
}

/**
 * Where react-router resolves. Its package exports point at the development build only (warnings,
 * extra checks): a production build, browser or server, takes the production files it ships beside
 * it. A browser build (`client`) takes `react-router-dom` from react-router-client.mjs, the client
 * API alone, resolving react-router by absolute path (pnpm installs it under the package, not here).
 */
function routerAlias(req, { production, client }) {
  try {
    const fromDom = createRequire(req.resolve('react-router-dom/package.json'));
    const dir = path.join(path.dirname(fromDom.resolve('react-router/package.json')), 'dist', production ? 'production' : 'development');
    return {
      'react-router$': path.join(dir, 'index.mjs'),
      'react-router/dom$': path.join(dir, 'dom-export.mjs'),
      ...(client ? { 'react-router-dom$': path.join(__dirname, 'react-router-client.mjs') } : {}),
    };
  } catch {
    return {};
  }
}

/**
 * One copy of the federation runtime in the host's main.js. `provideExternalRuntime` (the runtime
 * lent to the remotes) adds a runtime plugin that ModuleFederationPlugin resolves with
 * `require.resolve`, so the federation entry imports the plugin's CommonJS file, which requires the
 * CommonJS builds of runtime-core and the sdk, while the bundler runtime imports their ES builds:
 * both were bundled (two runtime-cores, two sdks, two semver parsers; main.js 178 kB minified).
 * The plugin's ES build imports the same ES runtime as the rest.
 */
function federationRuntimeAlias(req) {
  try {
    const enhanced = createRequire(req.resolve('@module-federation/enhanced'));
    const cjs = enhanced.resolve('@module-federation/inject-external-runtime-core-plugin');
    const esm = cjs.replace(/\.cjs$/, '.js');
    return cjs !== esm && fs.existsSync(esm) ? { [`${cjs}$`]: esm } : {};
  } catch {
    return {};
  }
}

/**
 * In the host's browser build the bare `zod` is shared/src/zod/on-demand.ts: `shared` (the host's
 * singleton, every remote's contract) then fetches zod as a chunk of its own when something first
 * parses, instead of carrying it in the start (~21 kB compressed before a client-only page's first
 * paint). The remotes' builds keep zod itself (their lk code builds schemas when evaluated).
 */
function zodOnDemandAlias() {
  return { zod$: path.join(sharedSourceDir, 'zod', 'on-demand.ts') };
}

function devServer({ port }) {
  return {
    port,
    hot: false,
    liveReload: true,
    historyApiFallback: true,
    headers: {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Headers': '*',
      'Timing-Allow-Origin': '*',
    },
    client: { overlay: { runtimeErrors: false } },
    setupMiddlewares(middlewares) {
      middlewares.unshift({
        name: 'runtime-config',
        path: '/runtime-config.json',
        middleware: (_req, res) => {
          res.setHeader('Content-Type', 'application/json; charset=utf-8');
          res.setHeader('Cache-Control', 'no-cache');
          res.end(JSON.stringify(runtimeConfigFromEnv(process.env, 'dev')));
        },
      });
      return middlewares;
    },
  };
}

class BuildManifestPlugin {
  constructor(version) {
    this.version = version;
  }

  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('BuildManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'BuildManifestPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const body = JSON.stringify({ version: this.version, builtAt: new Date().toISOString() });
          compilation.emitAsset('build-manifest.json', new RawSource(body));
        },
      );
    });
  }
}

/**
 * Files the host needs before its first render: the `bootstrap` chunk group and, for each shared
 * module it consumes, the chunks of the module the host provides under that key (under
 * `loaded-first` that copy is the one used, not the consumer's fallback), followed transitively.
 */
function startFiles(compilation) {
  const { chunkGraph } = compilation;
  const provided = new Map();
  for (const module of compilation.modules) {
    if (module.type === 'provide-module' && module._name) provided.set(module._name, module);
  }
  const files = new Set();
  const seen = new Set();
  const visitBlocks = (module) => {
    for (const block of module.blocks) visit(chunkGraph.getBlockChunkGroup(block));
  };
  const visit = (group) => {
    if (!group || seen.has(group)) return;
    seen.add(group);
    for (const chunk of group.chunks) {
      for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
      for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
        if (module.type !== 'consume-shared-module') continue;
        const provider = provided.get(module.options?.shareKey);
        visitBlocks(provider ?? module);
      }
    }
  };
  visit(compilation.namedChunkGroups.get('bootstrap'));
  return [...files].sort();
}

/** The files of a named chunk group (a `webpackChunkName` of an `import()`). */
function groupFiles(compilation, name) {
  const group = compilation.namedChunkGroups.get(name);
  return group ? group.chunks.flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith('.js'))) : [];
}

/** A remote's pages (`import('./pages/<id>')`) → the JavaScript files each page's chunk group loads. */
function pageFiles(compilation) {
  const pages = {};
  for (const group of compilation.chunkGroups) {
    for (const origin of group.origins) {
      const match = /^\.\/pages\/([\w-]+)$/.exec(origin.request || '');
      if (!match) continue;
      const files = new Set(pages[match[1]] || []);
      for (const chunk of group.chunks) for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
      pages[match[1]] = [...files].sort();
    }
  }
  return pages;
}

/** The files of a remote's exposed modules (`__federation_expose_*` chunk groups). */
function exposeFiles(compilation) {
  return [...compilation.namedChunkGroups.keys()].filter((name) => name.startsWith('__federation_expose_')).flatMap((name) => groupFiles(compilation, name));
}

/**
 * The host's start files for the static server's preload hints (`start-assets.json`). Which
 * remote a path needs, the server learns from the runtime configuration's mounts, as the shell does.
 */
class StartAssetsPlugin {
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('StartAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'StartAssetsPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          // `libraries`: the start's libraries (react-dom, the router, the query client), which the
          // server inlines into a client-only page for a browser that does not have them yet.
          const libraries = [...(compilation.namedChunks.get('start-libs')?.files ?? [])].find((file) => file.endsWith('.js')) ?? null;
          compilation.emitAsset('start-assets.json', new RawSource(JSON.stringify({ files: startFiles(compilation), libraries })));
        },
      );
    });
  }
}

/**
 * For a remote's server render (ARCHITECTURE §9): which client files each lazily loaded page
 * module needs (`page-assets.json`, keyed by the module's file name without extension), so the
 * server hints exactly the route's chunks in the HTML it renders.
 */
class PageAssetsPlugin {
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('PageAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PageAssetsPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          compilation.emitAsset('page-assets.json', new RawSource(JSON.stringify({ buildVersion: BUILD_VERSION, pages: pageFiles(compilation) })));
        },
      );
    });
  }
}

/**
 * The server build of a package (ARCHITECTURE §9): one CommonJS file for Node (`dist/server/`),
 * CSS as registered text (ssr-style-loader), page modules tagged with `__pageId` (their file name,
 * the key of `page-assets.json`). The shell's bundles everything; a remote's (`isHost: false`)
 * leaves the shared singletons to the shell's server, which loads it from the remote's URL and
 * hands them over (shell/src/ssr/remote-server-module.ts), as the browser's federation runtime does.
 * `routesOnly`: a remote whose pages all render in the browser (the lk's) ships its route table
 * alone — its pages' `import('./pages/…')` are left out and never run on the server — so the
 * shell's server answers 404 for a path none of its routes matches.
 */
function createServerConfig({ name, dir, entry, isHost, routesOnly = false }) {
  return (_env, argv = {}) => {
    const mode = argv.mode || process.env.NODE_ENV || 'production';
    const req = packageRequire(dir);
    const webpack = req('webpack');
    const cssLoader = req.resolve('css-loader');
    return {
      name: `${name}-server`,
      mode,
      context: dir,
      target: 'node20',
      entry: { render: entry },
      devtool: false,
      // The real file locations: the render reads the client build's manifests beside it.
      node: { __dirname: false, __filename: false },
      output: {
        path: path.join(dir, 'dist', 'server'),
        filename: '[name].cjs',
        library: { type: 'commonjs2' },
        clean: true,
      },
      resolve: {
        extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        // The Node builds of React and the router (`exports` conditions), not the browser's.
        conditionNames: ['node', 'import', 'require', 'default'],
        ...(mode === 'production' && isHost ? { alias: routerAlias(req, { production: true, client: false }) } : {}),
      },
      module: {
        rules: [
          swcRule(true),
          {
            test: /[\\/]src[\\/]pages[\\/][\w-]+\.tsx$/,
            use: [{ loader: path.join(__dirname, 'page-id-loader.cjs') }],
          },
          cssRule((group) => [{ loader: path.join(__dirname, 'ssr-style-loader.cjs'), options: { group } }], cssLoader),
          { test: /\.(png|jpe?g|gif|svg|webp|woff2?)$/, type: 'asset/resource', generator: { emit: false } },
        ],
      },
      externals: isHost ? [] : [...SINGLETONS, ...Object.keys(SUBPATHS)].map((dep) => ({ [dep]: `commonjs ${dep}` })),
      optimization: { minimize: false, moduleIds: 'named', splitChunks: false },
      performance: { hints: false },
      cache: false,
      stats: 'errors-warnings',
      // The router's own dynamic `import(…)` of route modules, unused here.
      ignoreWarnings: [/Critical dependency: the request of a dependency is an expression/],
      plugins: [
        // One file, so a redeploy replaces the whole render at once.
        new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
        // Its build's version, for the shell's server to compare with the browser files' (page-assets.json).
        new webpack.BannerPlugin({ banner: `module.exports.buildVersion = ${JSON.stringify(BUILD_VERSION)};`, raw: true, footer: true, entryOnly: true }),
        new webpack.DefinePlugin({
          __SSR__: 'true',
          __BUILD_VERSION__: JSON.stringify(BUILD_VERSION),
          ...(isHost ? {} : { __SHARED_NEEDS__: JSON.stringify(sharedNeeds(dir)) }),
        }),
        ...(routesOnly ? [new webpack.IgnorePlugin({ resourceRegExp: /^\.\/pages\//, contextRegExp: /[\\/]src$/ })] : []),
      ],
    };
  };
}

/** The libraries the shell's start evaluates on every page (its shared singletons; zod comes later, zodOnDemandAlias). */
const START_LIBRARIES =
  /[\\/](node_modules[\\/](react|react-dom|scheduler|zustand|use-sync-external-store|@tanstack[\\/](react-query|query-core)|react-router)[\\/]|react-router-client\.mjs$)/;

/** The shell's federation name, whose copy of each singleton every build takes (host-singletons.mjs). */
const HOST_NAME = 'shell';

/**
 * @param {{ name: string, dir: string, port?: number, exposes?: Record<string, string>, isHost: boolean }} options
 * A remote's port and federation name come from remotes.json unless given.
 */
function createConfig({ name, dir, port, exposes, isHost }) {
  const listed = remotes.find((r) => r.package === name);
  if (!isHost && !listed) throw new Error(`${name} is not in remotes.json`);
  return (_env, argv = {}) => {
    const mode = argv.mode || process.env.NODE_ENV || 'production';
    const isProduction = mode === 'production';
    const req = packageRequire(dir);
    const webpack = req('webpack');
    const HtmlWebpackPlugin = req('html-webpack-plugin');
    const { ModuleFederationPlugin } = req('@module-federation/enhanced/webpack');
    const buildVersion = BUILD_VERSION;
    const template = path.join(__dirname, 'index.html');
    const mfName = isHost ? HOST_NAME : listed.federationName;

    // Production remotes borrow the shell's federation runtime, so their standalone page could
    // not run: it is emitted only where it works (dev, or MF_EXTERNAL_RUNTIME=0).
    const externalRuntime = !isHost && isProduction && process.env.MF_EXTERNAL_RUNTIME !== '0';
    const plugins = [
      new ModuleFederationPlugin({
        name: mfName,
        ...(isHost ? { remotes: {} } : { filename: 'remoteEntry.js', exposes: exposes || { './routes': './src/routes.tsx' } }),
        manifest: true,
        dts: false,
        shareStrategy: 'loaded-first',
        // Ranges are tested by the runtime in development only (see shared-deps.cjs).
        shared: sharedDeps(dir, { checkVersions: !isProduction }),
        // A singleton loaded after the start is the shell's too, not the newest a remote registered.
        runtimePlugins: [[path.join(__dirname, 'host-singletons.mjs'), { host: HOST_NAME }]],
        // One federation runtime per page: the shell provides it and production remotes reuse
        // it (~16 kB compressed less per remote).
        experiments: {
          ...(isHost ? { provideExternalRuntime: true } : externalRuntime ? { externalRuntime: true } : {}),
          // Browser-only builds: the runtime drops its Node.js loading paths.
          optimization: { target: 'web' },
        },
      }),
      new webpack.DefinePlugin({
        __BUILD_VERSION__: JSON.stringify(buildVersion),
        __SSR__: 'false',
        // What this remote takes of the `shared` singletons, checked against the shell's (shared-needs.cjs).
        ...(isHost ? {} : { __SHARED_NEEDS__: JSON.stringify(sharedNeeds(dir)) }),
        // A production build reads no localStorage for the runtime's debug mode
        // (federation-debug-loader.cjs): `FEDERATION_DEBUG=1 pnpm build` turns it on.
        ...(isProduction && process.env.FEDERATION_DEBUG ? { FEDERATION_DEBUG: 'true' } : {}),
      }),
    ];
    if (!externalRuntime) {
      plugins.push(
        new HtmlWebpackPlugin({
          template,
          chunks: ['main'],
          scriptLoading: 'defer',
          // Absolute, so deep links (/lk/profile) load /main.js rather than /lk/main.js.
          publicPath: '/',
          title: 'Маркетплейс услуг',
          // The shell's page says «Загрузка…» until the app's first render replaces it
          // (shell/src/start/app-loading.tsx); a server-rendered page comes without it (ssr-document.mjs).
          appLoading: isHost,
          minify: isProduction,
        }),
      );
    }
    if (isHost) {
      plugins.push(new BuildManifestPlugin(buildVersion));
      plugins.push(new StartAssetsPlugin());
    } else {
      plugins.push(new PageAssetsPlugin());
    }
    // Every page's start runs the host's entry (the federation runtime), its start files and each
    // remote's container: compiled eagerly, off the main thread (compile-hints.cjs). So are a
    // remote's exposed modules and its pages' chunks, which run when the page renders: on the
    // client-only /application/:id (Slow 4G, CPU ×4, 9 loads each) LCP median 2960 → 2852 ms, the
    // remote's first calls had compiled its functions one by one on the main thread. What a page
    // loads later (the map, its library) is left to compile as it runs.
    if (isProduction) {
      // zod (zodOnDemandAlias) is evaluated on every page too, just after its first paint.
      plugins.push(
        new CompileHintsPlugin((compilation) =>
          isHost
            ? [...entryFiles(compilation, 'main'), ...startFiles(compilation), ...groupFiles(compilation, 'zod')]
            : [...entryFiles(compilation, mfName), ...exposeFiles(compilation), ...Object.values(pageFiles(compilation)).flat()],
        ),
      );
    }

    return {
      name,
      mode,
      context: dir,
      entry: { main: './src/index.ts' },
      devtool: isProduction ? false : 'eval-cheap-module-source-map',
      target: 'web',
      output: {
        path: path.join(dir, 'dist'),
        publicPath: 'auto',
        // Entry chunks carry the federation runtime, which cannot embed its own hash: they stay
        // unhashed and revalidate (ETag); every other chunk is content-hashed and immutable.
        filename: '[name].js',
        chunkFilename: isProduction ? '[name].[contenthash:10].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        uniqueName: mfName,
        // dist/server is the server build's (createServerConfig), built beside this one.
        clean: { keep: /^server[\\/]/ },
      },
      resolve: {
        extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
        // `shared` is a workspace package shipped as TypeScript source.
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        alias: {
          ...routerAlias(req, { production: isProduction, client: true }),
          ...(isHost ? { ...federationRuntimeAlias(req), ...zodOnDemandAlias() } : {}),
        },
      },
      module: {
        rules: [
          swcRule(isProduction),
          ...(isProduction ? [{ test: SDK_ENV, use: [path.join(__dirname, 'federation-debug-loader.cjs')] }] : []),
          cssRule(styleLoaders),
          { test: /\.(png|jpe?g|gif|svg|webp|woff2?)$/, type: 'asset/resource' },
        ],
      },
      optimization: {
        minimize: isProduction,
        ...(isProduction && minimizers(req) ? { minimizer: minimizers(req) } : {}),
        moduleIds: isProduction ? 'deterministic' : 'named',
        chunkIds: isProduction ? 'deterministic' : 'named',
        // The shared `react-router-dom` (react-router-client.mjs) and the router code it re-exports
        // travel as one chunk, not the list in one and node_modules' part in another.
        // The shell's start libraries travel as one chunk too: every page needs all of them, and
        // over HTTP/1.1 (6 connections an origin) eleven small files cost a phone a second wave
        // of requests, a round trip more (~0.56 s on Slow 4G) before the page can render.
        splitChunks: {
          cacheGroups: {
            router: { test: /[\\/](react-router[\\/]|react-router-client\.mjs$)/, priority: 20, reuseExistingChunk: true },
            ...(isHost && isProduction ? { start: { test: START_LIBRARIES, name: 'start-libs', priority: 30, enforce: true } } : {}),
          },
        },
      },
      performance: { hints: false },
      cache: isProduction ? false : { type: 'memory' },
      stats: 'errors-warnings',
      plugins,
      devServer: devServer({ port: port ?? listed.port }),
    };
  };
}

module.exports = { createConfig, createServerConfig };
