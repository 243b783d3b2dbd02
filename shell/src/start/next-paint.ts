/**
 * Resolves once the browser has drawn its next frame, in the task after it: work that can wait a
 * frame (a page's hydration, a navigation's data prefetch) runs after what is already on screen
 * or what the visitor's input changes has been painted, not before it (a phone's INP, its first
 * paint). A hidden tab, where no frame is drawn, resolves after `fallbackMs`; the server, which
 * draws none, at once.
 */
export function afterNextPaint(fallbackMs = 100): Promise<void> {
  if (typeof requestAnimationFrame !== 'function') return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, fallbackMs);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}
