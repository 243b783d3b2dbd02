// style-loader's `insert` for the browser builds. Two rules, so the cascade is the same whatever
// order the bundles evaluate in:
// - base styles (`data-style="base"`: shared's design tokens and components, libraries' CSS) go
//   before every page style. A server-rendered page starts its route's remote chunk beside the
//   shell's bootstrap (early-start.ts), so the remote's styles were often injected before shared's
//   and a rule of equal specificity in shared (`.ui-card { display: block }`) overrode the page's
//   own (`.application-card { display: flex }`) once hydrated: the cards lost their gaps and
//   jumped. The server inlines the base first (server.tsx imports shared/styles.css first).
// - every style goes before the styles a server-rendered page inlined (`<style data-ssr>`,
//   ARCHITECTURE §9), so while the page's modules load the inlined block keeps its order and
//   nothing shifts; the shell removes the block once the page has hydrated.
// Without either: the end of <head>.
module.exports = function insertStyle(element) {
  const head = document.head;
  const firstPage = element.getAttribute('data-style') === 'base' ? head.querySelector('style[data-style="page"]') : null;
  head.insertBefore(element, firstPage || head.querySelector('style[data-ssr]'));
};
