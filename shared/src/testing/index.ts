export * from './fake-api';
export * from './fake-xhr';
