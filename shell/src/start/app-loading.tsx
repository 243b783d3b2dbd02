import { useLayoutEffect, type ReactNode } from 'react';

/**
 * A page the browser renders (client-only, a signed-in visitor's, SSR off) comes with a «Загрузка…»
 * line before `#root` (scripts/webpack/index.html), so a phone shows something while the scripts
 * download; a server-rendered page comes without it (scripts/ssr-document.mjs).
 */
export function removeAppLoading(doc: Document = document): void {
  doc.getElementById('app-loading')?.remove();
}

/** Removes the line in the app's first commit, before that frame is painted: no frame shows both. */
export function WithoutAppLoading({ children }: { children: ReactNode }) {
  useLayoutEffect(() => removeAppLoading(), []);
  return children;
}
