// style-loader's `insert` for the browser builds. The cascade must be the same whatever order the
// bundles evaluate in:
// - base styles (`data-style="base"`: shared's design tokens and components, libraries' CSS) go
//   before every page style. A server-rendered page starts its route's remote chunk beside the
//   shell's bootstrap (early-start.ts), so the remote's styles were often injected before shared's
//   and a rule of equal specificity in shared (`.ui-card { display: block }`) overrode the page's
//   own (`.application-card { display: flex }`) once hydrated: the cards lost their gaps and
//   jumped.
// - page styles go at the end of <head>, in the order they come.
// A page the shell's server sent carries its styles as two blocks of the same groups
// (`<style data-ssr data-style="base|page">`, ARCHITECTURE §9, scripts/ssr-document.mjs), which
// stay: a base style goes before the page block, a page style after it. The bundles' elements for
// the rules those blocks hold stay empty (style-tag-transform.cjs).
module.exports = function insertStyle(element) {
  const head = document.head;
  const firstPage = element.getAttribute('data-style') === 'base' ? head.querySelector('style[data-style="page"]') : null;
  head.insertBefore(element, firstPage);
};
