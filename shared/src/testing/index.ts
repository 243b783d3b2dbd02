export * from './fake-api';
export * from './fake-xhr';
export * from './fixtures';
export * from './page-tests';
export * from './render-routes';
export * from './messaging-fixtures';
export * from './broadcast-channel';
export * from './busy-button';
