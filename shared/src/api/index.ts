export * from './api-error';
export * from './api-request';
export * from './transfer';
export * from './api-query-options';
export { renewSession, expireSession } from './renew-session';
export { toQueryString } from './query-string';
export { buildUrl } from './send';
export * from './request-key';
