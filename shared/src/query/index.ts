export * from './query-client';
export * from './query-keys';
export * from './one-at-a-time';
export * from './next-page';
export * from './forget-query';
export * from './ssr-state';
export * from './use-live-applications';
