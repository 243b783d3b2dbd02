// style-loader's `styleTagTransform` for the browser builds: puts a module's CSS into its <style>,
// unless a server-rendered page already carries the same text in the blocks the shell's server
// inlined (`<style data-ssr data-keys="…">`, scripts/ssr-document.mjs). Then the element stays
// empty (`data-served`) and the server's block, which stays in <head> for the page's life, is the
// one copy: the rules are parsed once, while the HTML is, rather than again in the long tasks that
// evaluate the bundles (on a phone, CPU ×4, about 50–75 ms of the main thread per load).
// A text the blocks do not hold (another build's, a module the server did not load) goes in as
// style-loader's own transform would put it.
const { cssKey } = require('./css-key.cjs');

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
    element.setAttribute('data-served', '');
    return;
  }
  element.textContent = css;
};

/** Tests: read the blocks again. */
module.exports.forget = () => {
  served = null;
};
