import type { CallContract } from './define';
import * as applicationModule from './application';
import * as authModule from './auth';
import * as catalogModule from './catalog';
import * as healthModule from './health';
import * as mapModule from './map';
import * as serviceModule from './service';
import * as userModule from './user';

export * from './define';
export * from './common';
export * from './service';
export * from './application';
export * from './health';
export * from './auth';
export * from './user';
export * from './catalog';
export * from './map';

function isCall(value: unknown): value is CallContract {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<CallContract>;
  return typeof v.method === 'string' && typeof v.path === 'string' && v.data !== undefined;
}

/** Every call contract: the API registers routes and builds OpenAPI from this list. */
export const allCalls: readonly CallContract[] = [healthModule, serviceModule, applicationModule, authModule, userModule, catalogModule, mapModule]
  .flatMap((m) => Object.values(m))
  .filter(isCall);
