export * from './query-client';
export * from './query-keys';
