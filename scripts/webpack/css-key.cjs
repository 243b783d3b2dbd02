'use strict';

const MARK = '/*css-key:';

/** A 32-bit FNV-1a hash of a text's UTF-16 code units with its length, both base 36. */
function hashKey(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${text.length.toString(36)}-${(hash >>> 0).toString(36)}`;
}

/**
 * The key of one stylesheet's text (a css-loader item). The shell's server lists the keys of the
 * styles it inlines (scripts/ssr-document.mjs) and the browser's style-loader compares a module's
 * text with them (style-tag-transform.cjs), so the same rules are parsed once, not again when a
 * bundle injects them. Same function both sides: a mismatch only costs the parse it would have
 * saved.
 *
 * A stylesheet of the builds begins with its key, written when it was built (`markCss`, the first
 * loader of every CSS rule, server and browser alike: the same file gives both the same key), so
 * the browser reads it instead of hashing each text on the main thread at the start (5–30 ms a
 * load at CPU ×4). Any other text is hashed. Such a key names the file's source, not css-loader's
 * text of it: both builds compile it through the one rule (create-config.cjs `cssRule`, the same
 * css-loader options), so the texts agree; a `url()` resolved differently by the two builds would
 * be the server's in the page (none of the inlined stylesheets has one).
 */
function cssKey(text) {
  if (text.startsWith(MARK)) {
    const end = text.indexOf('*/', MARK.length);
    if (end > MARK.length) return text.slice(MARK.length, end);
  }
  return hashKey(text);
}

/** A CSS file's source with its key in front, as a comment (the server's inlined blocks drop comments). */
function markCss(source) {
  return `${MARK}${hashKey(source)}*/\n${source}`;
}

/**
 * Comments and runs of white space out of CSS: the server's inlined blocks (ssr-document.mjs), and
 * every CSS file of a production build before it is keyed (css-key-loader.cjs), as the bundles
 * carry each text in a string: the comments and indentation of shared's and the shell's styles had
 * been ~1.8 kB compressed of the JavaScript a client-only page waits for.
 */
function compactCss(css) {
  return css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\s+/g, ' ').replace(/\s*([{};,>])\s*/g, '$1').trim();
}

module.exports = { cssKey, markCss, compactCss };
