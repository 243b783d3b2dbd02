// The first loader of every CSS rule (create-config.cjs `cssRule`): the file's key in front of its
// text (css-key.cjs `markCss`), for the browser to read rather than compute. A production build
// compacts the text first (`compactCss`, as the server's blocks are), the server's build and the
// browser's alike, so both still agree on the text and its key.
const { markCss, compactCss } = require('./css-key.cjs');

module.exports = function cssKeyLoader(source) {
  const text = String(source);
  return markCss(this?.mode === 'production' ? compactCss(text) : text);
};
