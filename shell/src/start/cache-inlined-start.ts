/**
 * A client-only page can come with the start's libraries inside its HTML (scripts/ssr-document.mjs,
 * `inlineScript`): a browser that had not been sent them gets them in the same response, rather than
 * one more round after it. Once the page has loaded, this fetches that file into the browser's HTTP
 * cache, at low priority, so that the next page (which the server's cookie now sends with the plain
 * hint) takes it from there. Nothing to do on a page whose scripts all came by URL.
 */
export function cacheInlinedStart(doc: Document = document): Promise<void> {
  const src = doc.querySelector<HTMLScriptElement>('script[data-start-inline]')?.dataset.startInline;
  if (!src || typeof fetch !== 'function') return Promise.resolve();
  const view = doc.defaultView;
  const loaded =
    doc.readyState === 'complete' || !view
      ? Promise.resolve()
      : new Promise<void>((resolve) => view.addEventListener('load', () => resolve(), { once: true }));
  return loaded
    .then(() => fetch(src, { priority: 'low', credentials: 'same-origin' } as RequestInit))
    // The body read to its end: a response left unread may not be kept.
    .then((response) => (response.ok ? response.arrayBuffer() : null))
    .then(() => undefined)
    .catch(() => undefined);
}
