export * from './checks';
export * from './messages';
export * from './schema';
