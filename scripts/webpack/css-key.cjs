'use strict';

/**
 * The key of one stylesheet's text (a css-loader item): its length and a 32-bit FNV-1a hash of its
 * UTF-16 code units, both base 36. The shell's server lists the keys of the styles it inlines
 * (scripts/ssr-document.mjs) and the browser's style-loader compares a module's text with them
 * (style-tag-transform.cjs), so the same rules are parsed once, not again when a bundle injects
 * them. Same function both sides: a mismatch only costs the parse it would have saved.
 */
function cssKey(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${text.length.toString(36)}-${(hash >>> 0).toString(36)}`;
}

module.exports = { cssKey };
