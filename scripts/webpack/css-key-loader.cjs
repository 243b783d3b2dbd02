// The first loader of every CSS rule (create-config.cjs `cssRule`): the file's key in front of its
// text (css-key.cjs `markCss`), for the browser to read rather than compute.
const { markCss } = require('./css-key.cjs');

module.exports = function cssKeyLoader(source) {
  return markCss(String(source));
};
