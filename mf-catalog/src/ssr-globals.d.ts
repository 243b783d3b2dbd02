/** Defined by the webpack builds (scripts/webpack/create-config.cjs): true in the server render, false in the browser's; absent under Jest. */
declare const __SSR__: boolean | undefined;
