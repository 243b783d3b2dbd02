// Server builds (ARCHITECTURE §9): a CSS import registers its stylesheets' texts once, in import
// order, so the server can inline the styles of what it rendered in the first HTML. css-loader's
// list is kept item by item (an `@import`ed file is an item of its own), as the browser's
// style-loader injects it: the server lists each item's key with the block and the browser leaves
// the rules it already has out of its own <style> (style-tag-transform.cjs). `group` (base or page)
// comes from the build's CSS rule, the one the browser build's style-loader groups by.
module.exports = function noop(source) {
  return source;
};

module.exports.pitch = function pitch(remainingRequest) {
  const request = JSON.stringify(`-!${remainingRequest}`);
  const key = JSON.stringify(this.resourcePath.replace(/^.*?(?=[^/\\]+[/\\]src[/\\])/, ''));
  const group = JSON.stringify(this.getOptions().group === 'base' ? 'base' : 'page');
  return [
    `import css from ${request};`,
    'const registry = (globalThis.__SSR_STYLES__ ||= new Map());',
    // A redeployed remote's server build, loaded again, replaces its rules.
    `registry.set(${key}, { group: ${group}, texts: Array.from(css, (item) => String(item[1])) });`,
    'export default css;',
  ].join('\n');
};
