/** Runs `callback` when the browser is idle; answers a function that cancels it. */
export type IdleScheduler = (callback: () => void) => () => void;

/** `requestIdleCallback` (at most 2 s late), or a short timeout where the browser has none (Safari). */
export const browserIdle: IdleScheduler = (callback) => {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => callback(), { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, 50);
  return () => window.clearTimeout(handle);
};

/**
 * Marks the elements `data-rendered`, one per idle period, in order: their CSS keeps them
 * `content-visibility: auto` until then (the home page's blocks below the first screen). The first
 * paint lays out the first screen alone; the rest is styled and laid out a block per frame while
 * the page is idle, rather than all in the first layout, and is then rendered like the rest of the
 * page (a skipped block has a placeholder height, which tools that measure it take for real).
 * Answers a function that stops what is not done yet.
 */
export function renderWhenIdle(elements: readonly Element[], idle: IdleScheduler = browserIdle): () => void {
  let index = 0;
  let cancel: () => void = () => undefined;
  const next = () => {
    if (index >= elements.length) return;
    cancel = idle(() => {
      elements[index]!.setAttribute('data-rendered', '');
      index += 1;
      next();
    });
  };
  next();
  return () => cancel();
}
