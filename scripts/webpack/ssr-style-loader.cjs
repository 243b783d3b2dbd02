// Server builds (ARCHITECTURE §9): a CSS import becomes its text, registered once in import order,
// so the server can inline the styles of what it rendered in the first HTML (the browser's own
// bundle still injects the same rules with style-loader; identical rules change nothing).
module.exports = function noop(source) {
  return source;
};

module.exports.pitch = function pitch(remainingRequest) {
  const request = JSON.stringify(`-!${remainingRequest}`);
  const key = JSON.stringify(this.resourcePath.replace(/^.*?(?=[^/\\]+[/\\]src[/\\])/, ''));
  return [
    `import css from ${request};`,
    'const registry = (globalThis.__SSR_STYLES__ ||= new Map());',
    // A redeployed remote's server build, loaded again, replaces its rules.
    `registry.set(${key}, String(css));`,
    'export default css;',
  ].join('\n');
};
