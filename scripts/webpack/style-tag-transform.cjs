// style-loader's `styleTagTransform` for the browser builds: puts a module's CSS into its <style>
// and the element into <head> (insert-style.cjs; style-loader's own `insert` only defers,
// defer-style.cjs), unless a server-rendered page already carries the same text in the blocks the
// shell's server inlined (`<style data-ssr data-keys="…">`, scripts/ssr-document.mjs). Then the
// element stays out of the document and the server's block, which stays in <head> for the page's
// life, is the one copy: the rules are parsed once, while the HTML is, rather than again in the
// long tasks that evaluate the bundles (on a phone, CPU ×4, about 50–75 ms of the main thread per
// load). A text the blocks do not hold (another build's, a module the server did not load) goes in
// as style-loader's own transform would put it.
const { cssKey } = require('./css-key.cjs');
const insertStyle = require('./insert-style.cjs');

let served = null;

function servedKeys() {
  if (served === null) {
    served = new Set();
    for (const block of document.querySelectorAll('style[data-ssr]')) {
      for (const key of (block.getAttribute('data-keys') || '').split(' ')) if (key) served.add(key);
    }
  }
  return served;
}

module.exports = function styleTagTransform(css, element) {
  const keys = servedKeys();
  if (keys.size && keys.has(cssKey(css))) {
    // A module's update (hot reload) to a text the blocks hold: its earlier rules go.
    if (element.isConnected) element.textContent = '';
    return;
  }
  element.textContent = css;
  if (!element.isConnected) insertStyle(element);
};

/** Tests: read the blocks again. */
module.exports.forget = () => {
  served = null;
};
