// The shell's server render of public pages (ARCHITECTURE §9), built to dist/server/render.cjs and
// called by the shell's server (scripts/ssr-document.mjs). The page's remote is loaded from its
// URL (its server build, with this server's React and `shared`), the page's data is fetched with
// the route's `prefetch`, and the whole page — layout and remote page in one React tree, exactly
// as the browser renders it first — goes out with its head tags, styles, the route's scripts and
// the dehydrated cache for the browser to hydrate without a refetch.
import './app/zod-jitless';
import { QueryClient } from '@tanstack/react-query';
import { StrictMode, type ComponentType } from 'react';
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { ApiError, currentZoneWindows, isNotFoundOrHiddenStatus, dehydrateForBrowser, parseRuntimeConfig, PUBLIC_TIME_ZONE, renderHeadTags, setRuntimeConfig, type PageMeta, type RemoteRoute } from 'shared';
import 'shared/styles.css';
import './app/layout/layout.css';
import { Providers } from './app/providers';
import { createAppRoutes } from './app/router';
import { TITLE_SUFFIX } from './remotes/remote-page';
import { matchMount, pathBelowMount } from './remotes/match-remote';
import { findRoute } from './remotes/remote-route';
import { withBudget } from './remotes/budget';
import { remoteMounts } from './remotes/registry';
import { canSend, createNodeFetch } from './ssr/node-fetch';
import { createRevalidatingFetch, evaluateCommonJs, type Fetch } from './ssr/remote-server-module';
import type { SsrData } from './start/ssr-data';

/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS objects, as a remote's build requires them */
const PROVIDED: Record<string, unknown> = {
  react: require('react'),
  'react/jsx-runtime': require('react/jsx-runtime'),
  'react-dom': require('react-dom'),
  'react-router-dom': require('react-router-dom'),
  '@tanstack/react-query': require('@tanstack/react-query'),
  zustand: require('zustand'),
  'react-toastify': require('react-toastify'),
  shared: require('shared'),
  'shared/lk': require('shared/lk'),
};
/* eslint-enable @typescript-eslint/no-require-imports */

export type PageRequest = {
  /** The page's absolute URL at the app's public origin. */
  url: string;
  /** The browser's runtime configuration (`/runtime-config.json`). */
  config: unknown;
  /** Where the shell's server reaches each remote, when not at its public origin (containers). */
  serverOrigins?: Record<string, string>;
  /** Where the shell's server reaches the API, when not at the browser's `apiUrl` (containers). */
  serverApiUrl?: string;
  /** Time for loading the remote and the page's data. */
  budgetMs: number;
  /**
   * A signed-in visitor: his header is the account's, so the browser renders his page. Only a path
   * no route matches is told (404, as a guest is), without asking the API for anything.
   */
  signedIn?: boolean;
};

export type PageResult =
  /** Not rendered here (client-only, guarded, no server build): the client-rendered page. */
  | { kind: 'client'; reason: string }
  /**
   * No route matches the path, or the page's entity does not exist and its page could not be
   * rendered: then `notice` is what its page says of it (its «not found» state), for the HTML a
   * browser without JavaScript shows.
   */
  | { kind: 'not-found'; head: string; notice?: NotFoundNotice }
  /**
   * A rendered page. With `status` 404 a missing entity's: its «not found» state, rendered from the
   * API's 404 that goes with the data, so the browser hydrates it without asking again.
   */
  | ({ kind: 'page'; head: string; html: string; styles: ServedStyles; scripts: string[]; data: SsrData } & MissingEntity)
  /**
   * A client-only page (spec §2): not rendered here, but its data and scripts come with the HTML,
   * so the browser renders it without waiting for the API or for the remote's chunks one by one.
   * Its styles too: parsed with the HTML, while the scripts download, not when they run. With
   * `status` 404 a missing entity's, the API's 404 in its data.
   */
  | ({ kind: 'data'; head: string; styles: ServedStyles; scripts: string[]; data: SsrData } & MissingEntity);

/** A missing entity's page (its route's `meta` says 404): the status, and its notice for a browser without JavaScript. */
type MissingEntity = { status?: 404; notice?: NotFoundNotice };

export type NotFoundNotice = Pick<PageMeta, 'title' | 'description' | 'back'>;

/**
 * The stylesheets' texts the server's modules registered (scripts/webpack/ssr-style-loader.cjs), in
 * the browser build's two groups (the build's CSS rule gives each its group: shared's source and
 * libraries are the base, the rest pages), each text once.
 */
export type ServedStyles = { base: string[]; page: string[] };

type RegisteredStyles = { group: 'base' | 'page'; texts: string[] } | string;

export function servedStyles(registry = (globalThis as { __SSR_STYLES__?: Map<string, RegisteredStyles> }).__SSR_STYLES__): ServedStyles {
  const styles: ServedStyles = { base: [], page: [] };
  const seen = new Set<string>();
  for (const registered of registry?.values() ?? []) {
    // A remote's server build from before the groups registered one string per module.
    const { group, texts } = typeof registered === 'string' ? { group: 'page' as const, texts: [registered] } : registered;
    for (const text of texts) {
      if (seen.has(text)) continue;
      seen.add(text);
      styles[group].push(text);
    }
  }
  return styles;
}

/** A remote's server build; `buildVersion` is its build's (a footer of render.cjs), absent from older builds. */
type RemoteServerBuild = { routes?: RemoteRoute[]; default?: RemoteRoute[]; buildVersion?: string };
/** The browser files' page chunks (page-assets.json), with their build's version since NNN-1. */
type PageAssets = { buildVersion?: string; pages: Record<string, string[]> };
type Manifest = { metaData: { remoteEntry: { name: string } }; exposes: { path: string; assets: { js: { sync: string[] } } }[] };
type PageModule = { Component?: ComponentType | null; __pageId?: string };

// A shell deploy loads this module again into the same process (scripts/ssr-document.mjs): it wraps
// Node's own fetch, kept from the first load, not the previous module's override (which would keep
// every earlier module alive, a wrapper per deploy).
const processGlobals = globalThis as { __SSR_NODE_FETCH__?: typeof fetch };
const browserFetch = (processGlobals.__SSR_NODE_FETCH__ ??= globalThis.fetch).bind(globalThis);
const fetchFile = createRevalidatingFetch(browserFetch as Fetch);
let apiRewrite: { from: string; to: string } | null = null;

const serverFetch = createNodeFetch();

/**
 * The page's API calls (shared's client, with the browser's `apiUrl`) go to the server's own
 * address of the API when one is given: the rendered HTML keeps the browser's URLs. They go out
 * through node:http (`createNodeFetch`), lighter than Node's fetch.
 */
globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
  if (typeof input !== 'string' && !(input instanceof URL)) return browserFetch(input, init);
  const target = typeof input === 'string' ? input : input.href;
  const url = apiRewrite && target.startsWith(apiRewrite.from) ? apiRewrite.to + target.slice(apiRewrite.from.length) : target;
  return canSend(url, init) ? serverFetch(url, init) : browserFetch(url, init);
}) as typeof fetch;

function render(element: React.ReactElement, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    let failure: unknown = null;
    const stream = renderToPipeableStream(element, {
      onAllReady() {
        if (failure) reject(failure);
        else stream.pipe(sink);
      },
      onShellError: reject,
      onError(error) {
        failure = error;
      },
    });
    setTimeout(() => stream.abort(new Error('server render timed out')), timeoutMs).unref();
  });
}

function loadRemote(origin: string, signal: AbortSignal) {
  const base = origin.replace(/\/+$/, '');
  return Promise.all([
    fetchFile(`${base}/server/render.cjs`, (code) => evaluateCommonJs(code, `${base}/server/render.cjs`, PROVIDED) as RemoteServerBuild, signal),
    fetchFile(`${base}/mf-manifest.json`, (body) => JSON.parse(body) as Manifest, signal),
    fetchFile(`${base}/page-assets.json`, (body) => JSON.parse(body) as PageAssets, signal),
  ]);
}

/** A missing entity's 404, or the 403 of one not public to the visitor (QA OOO-3, QQQ-1): its page's «not found». */
const isNotFound = (error: unknown) => error instanceof ApiError && isNotFoundOrHiddenStatus(error);

function queryFailures(client: QueryClient) {
  const failed = client.getQueryCache().getAll().filter((query) => query.state.status === 'error');
  return { notFound: failed.some((query) => isNotFound(query.state.error)), other: failed.find((query) => !isNotFound(query.state.error)) };
}

export async function renderPage(request: PageRequest): Promise<PageResult> {
  const config = parseRuntimeConfig(request.config);
  setRuntimeConfig(config);
  apiRewrite = request.serverApiUrl ? { from: `${config.apiUrl}/`, to: `${request.serverApiUrl.replace(/\/+$/, '')}/` } : null;
  const url = new URL(request.url);
  const head = (meta: PageMeta) => renderHeadTags(meta, { origin: url.origin, siteName: TITLE_SUFFIX });
  const mounts = remoteMounts(config.mounts);
  const owner = matchMount(mounts, url.pathname);
  if (!owner) return { kind: 'not-found', head: head({ title: 'Страница не найдена', description: '' }) };
  const publicBase = config.remotes[owner.name];
  if (!publicBase) return { kind: 'client', reason: `${owner.name}: нет адреса в конфигурации` };
  const origin = request.serverOrigins?.[owner.name] ?? publicBase;
  const started = Date.now();
  const left = () => Math.max(1, request.budgetMs - (Date.now() - started));

  const [build, manifest, { buildVersion, pages }] = await loadRemote(origin, AbortSignal.timeout(request.budgetMs));
  const routes = build.routes ?? build.default;
  if (!Array.isArray(routes)) return { kind: 'client', reason: `${owner.name}: в серверной сборке нет маршрутов` };
  // A deploy caught halfway (the server build of one build, the browser's files of another) would
  // render HTML that the browser's code does not hydrate (React #418, the text flipping back): such
  // a page goes to the browser until both are of one build. Builds older than this check say nothing.
  if (build.buildVersion && buildVersion && build.buildVersion !== buildVersion) {
    return { kind: 'client', reason: `${owner.name}: серверная сборка ${build.buildVersion} не совпадает со сборкой для браузера ${buildVersion}` };
  }
  const match = findRoute(routes, pathBelowMount(owner.mount, url.pathname));
  if (!match) return { kind: 'not-found', head: head({ title: 'Страница не найдена', description: '' }) };
  if (request.signedIn) return { kind: 'client', reason: 'signed-in visitor' };
  const { route } = match;
  if (route.handle.guards?.length || typeof route.lazy !== 'function') return { kind: 'client', reason: 'guarded route' };

  // No retries here: the budget is short, and the browser retries on its own.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  const context = { queryClient, url, params: match.params };
  const [page] = await withBudget(
    Promise.all([route.lazy() as Promise<PageModule>, Promise.resolve(route.handle.prefetch?.(context))]),
    left(),
    'данные страницы',
  );
  const { notFound, other } = queryFailures(queryClient);
  if (other) return { kind: 'client', reason: `a query failed: ${(other.state.error as Error)?.message}` };
  const meta = route.handle.meta?.(context) ?? { title: route.handle.title, description: '' };
  // A missing entity's page (its meta says so) is rendered as any other, its 404 in the data: the
  // browser shows its «not found» state from it without asking again. Another query's 404 that
  // the page's head does not tell is left to the browser.
  const missing: Required<MissingEntity> | null = meta.status === 404 ? { status: 404, notice: { title: meta.title, description: meta.description, back: meta.back } } : null;
  if (notFound && !missing) return { kind: 'not-found', head: head(meta) };

  const remoteBase = publicBase.replace(/\/+$/, '');
  const routesExpose = manifest.exposes.find((expose) => expose.path === './routes');
  const scripts = [manifest.metaData.remoteEntry.name, ...(routesExpose?.assets.js.sync ?? []), ...((page.__pageId && pages[page.__pageId]) || [])].map(
    (file) => `${remoteBase}/${file}`,
  );
  const state = dehydrateForBrowser(queryClient);
  // The public zone's offset goes with the data: the browser writes its moments out without Intl.
  const data: SsrData = { remote: owner.name, routePath: route.path, state, zones: currentZoneWindows([PUBLIC_TIME_ZONE]) };
  if (route.handle.clientOnly) return { kind: 'data', head: route.handle.meta ? head(meta) : '', styles: servedStyles(), scripts, data, ...missing };

  // The same URL, remote build, configuration and data render the same HTML: a recent render is
  // reused (the data was fetched anew, so nothing stale is shown).
  const renderKey = `${request.url}\n${JSON.stringify(request.config)}\n${JSON.stringify(state.queries.map((query) => [query.queryHash, query.state.status, query.state.data]))}`;
  const reused = recentRenders.get(build, renderKey);
  const rendered = reused ?? (await renderRoute({ url, mounts, owner: owner.name, routes, queryClient, timeoutMs: left() }));
  if (!rendered) return missing ? { kind: 'not-found', head: head(meta), notice: missing.notice } : { kind: 'client', reason: 'the route did not load on the server' };
  if (!reused) recentRenders.set(build, renderKey, rendered);
  return { kind: 'page', head: head(meta), html: rendered.html, styles: rendered.styles, scripts, data, ...missing };
}

type Rendered = { html: string; styles: ServedStyles };

/** Layout and page in one tree, as the browser renders them first; null when the route did not load. */
async function renderRoute({ url, mounts, owner, routes, queryClient, timeoutMs }: {
  url: URL;
  mounts: ReturnType<typeof remoteMounts>;
  owner: string;
  routes: RemoteRoute[];
  queryClient: QueryClient;
  timeoutMs: number;
}): Promise<Rendered | null> {
  const appRoutes = createAppRoutes({
    mounts,
    loadRoutes: async (remote) => (remote === owner ? routes : []),
    readSession: () => ({ isAuthenticated: false, hasActiveProfile: undefined }),
    queryClient,
  });
  const handler = createStaticHandler(appRoutes);
  const routed = await handler.query(new Request(url));
  if (routed instanceof Response || routed.errors) return null;
  const router = createStaticRouter(handler.dataRoutes, routed);
  const html = await render(
    <StrictMode>
      <Providers client={queryClient}>
        <StaticRouterProvider router={router} context={routed} hydrate={false} />
      </Providers>
    </StrictMode>,
    timeoutMs,
  );
  return { html, styles: servedStyles() };
}

/** Renders of the last few seconds, per remote build (a redeployed remote starts afresh). */
export const RENDER_REUSE_MS = 10_000;
const MAX_RENDERS = 200;

function createRecentRenders(now = () => Date.now()) {
  const byBuild = new WeakMap<object, Map<string, { at: number; rendered: Rendered }>>();
  return {
    get(build: object, key: string): Rendered | null {
      const entry = byBuild.get(build)?.get(key);
      return entry && now() - entry.at < RENDER_REUSE_MS ? entry.rendered : null;
    },
    set(build: object, key: string, rendered: Rendered) {
      let renders = byBuild.get(build);
      if (!renders) byBuild.set(build, (renders = new Map()));
      renders.delete(key);
      renders.set(key, { at: now(), rendered });
      // The oldest first: a Map keeps the order of insertion.
      while (renders.size > MAX_RENDERS) renders.delete(renders.keys().next().value!);
    },
  };
}

const recentRenders = createRecentRenders();
