'use strict';

/**
 * The federation runtime's debug switch, in production browser builds. `@module-federation/sdk`'s
 * `isDebugMode()` ends by reading `localStorage.FEDERATION_DEBUG`, and the runtime calls it while
 * its module loads (`setGlobalFederationConstructor`), inside the task that evaluates the shell's
 * `main.js`. Nothing else of a page's start touches localStorage, and the first touch opens the
 * origin's storage with a synchronous call to the browser process: 1–11 ms of that task here
 * unthrottled, more on a phone whose storage is on flash.
 *
 * This loader drops that read from `sdk/dist/env.js`, so a production build decides debug mode at
 * build time: `FEDERATION_DEBUG=1 pnpm build` defines `FEDERATION_DEBUG`, which the same function
 * reads before localStorage (create-config.cjs). Development builds keep the localStorage switch.
 * If the sdk's text changes, the build fails here rather than silently keeping the read.
 */
const READ = /if \(isBrowserEnv\(\) && window\.localStorage\) return Boolean\(localStorage\.getItem\(BROWSER_LOG_KEY\)\);/;

/** Matches the sdk's env module (pnpm's real path or a hoisted one). */
const SDK_ENV = /[\\/]@module-federation[\\/]sdk[\\/]dist[\\/]env\.js$/;

function federationDebugLoader(source) {
  if (!READ.test(source)) {
    this.emitError(new Error(`${this.resourcePath}: the localStorage read of isBrowserDebug() was not found (federation-debug-loader.cjs needs updating for this @module-federation/sdk)`));
    return source;
  }
  return source.replace(READ, '/* a production build: debug mode is FEDERATION_DEBUG at build time (scripts/webpack/federation-debug-loader.cjs) */');
}

module.exports = federationDebugLoader;
module.exports.SDK_ENV = SDK_ENV;
