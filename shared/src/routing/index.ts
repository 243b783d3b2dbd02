export * from './types';
export * from './join-path';
