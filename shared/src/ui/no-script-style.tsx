/**
 * CSS that only a browser running no scripts applies: what a script would have opened (a menu, a
 * panel behind a toggle) is shown open. A browser with scripts reads a <noscript> as text.
 */
export function NoScriptStyle({ css }: { css: string }) {
  return <noscript dangerouslySetInnerHTML={{ __html: `<style>${css}</style>` }} />;
}
