export * from './types';
export * from './join-path';
export * from './redirect';
export * from './cabinet-sections';
