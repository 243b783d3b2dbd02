declare module '*.css';

/** `true` in server builds, `false` in browser builds (scripts/webpack/create-config.cjs); remotes read it too. */
declare const __SSR__: boolean | undefined;
