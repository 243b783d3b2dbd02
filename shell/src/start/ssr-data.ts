import type { DehydratedState } from '@tanstack/react-query';
import { reviveDehydratedErrors, type ZoneWindow } from 'shared';

/**
 * What the shell's server inlined with a server-rendered page (scripts/ssr-document.mjs): the
 * page's remote and route, the dehydrated cache, and the offset of the zones its moments are
 * written in (`setZoneWindows`).
 */
export type SsrData = { remote: string; routePath: string; state: DehydratedState; zones?: ZoneWindow[] };

export const SSR_DATA_ID = '__SSR_DATA__';

/** The inlined data, when the page came rendered from the server; null otherwise or when unreadable. */
export function readSsrData(doc: Document = document): SsrData | null {
  const element = doc.getElementById(SSR_DATA_ID);
  if (!element?.textContent) return null;
  try {
    const data = JSON.parse(element.textContent) as Partial<SsrData>;
    if (!data || typeof data !== 'object' || !data.state || !Array.isArray(data.state.queries)) return null;
    // A missing entity's 404 comes as its fields: the page reads it as the ApiError it was.
    return { ...data, state: reviveDehydratedErrors(data.state) } as SsrData;
  } catch {
    return null;
  }
}

/** Resolves once the router's first navigation (the remote's routes, guards, page chunk) is done. */
export function routerReady(router: { state: { initialized: boolean }; subscribe(fn: (state: { initialized: boolean }) => void): () => void }): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

let serverTitle: string | null = null;
let serverHead = false;

/** The server-rendered page's own title (from its `meta`), kept over the route's generic one once. */
export function keepServerTitle(title: string): void {
  serverTitle = title;
  serverHead = true;
}

const SERVER_HEAD = 'link[rel="canonical"], meta[name="description"], meta[property^="og:"], meta[name^="twitter:"], meta[name="robots"], script[type="application/ld+json"]';

/**
 * Whether the document came with the server's head for its page: a rendered page always, a
 * client-only one when its route has a head (`/application/:id`: the application's name).
 */
export function hasServerHead(doc: Document = document): boolean {
  return doc.head.querySelector(SERVER_HEAD) !== null;
}

/**
 * After the first client navigation away from a server-rendered page its head tags describe
 * another page: they go (the document keeps its generic title and description).
 */
export function dropServerHead(doc: Document = document): void {
  if (!serverHead) return;
  serverHead = false;
  for (const element of doc.head.querySelectorAll(SERVER_HEAD)) element.remove();
}

export function takeServerTitle(): string | null {
  const title = serverTitle;
  serverTitle = null;
  return title;
}
