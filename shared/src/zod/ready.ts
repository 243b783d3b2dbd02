import * as zod from 'zod';
import { networkError } from '../api/api-error';

// In the shell's browser build `zod` is zod/on-demand.ts, which has `loadZod`; zod itself (Node,
// Jest, a remote's own build) has not, and is ready as soon as it is imported. The key is read
// through a variable so that a build of zod itself does not warn about a missing export.
const LOAD = 'loadZod';
const load = (zod as unknown as Record<string, unknown>)[LOAD] as (() => Promise<void>) | undefined;

/**
 * Resolves once schemas can be built and parsed. Every path that parses outside a page's first
 * render waits for it: on a public page zod arrives after the first paint (zod/on-demand.ts). A
 * load that fails (the chunk did not arrive) rejects as a call that reached no server would.
 */
export function zodReady(): Promise<void> {
  if (typeof load !== 'function') return Promise.resolve();
  return load().catch(() => {
    throw networkError();
  });
}

/**
 * An async function made on first call, after zod is ready: a form's resolver
 * (`whenZodReady(() => zodResolver(schema))`), which reads its schema when created.
 */
export function whenZodReady<A extends unknown[], R>(make: () => (...args: A) => R | Promise<R>): (...args: A) => Promise<R> {
  let made: ((...args: A) => R | Promise<R>) | undefined;
  return async (...args: A) => {
    await zodReady();
    made ??= make();
    return made(...args);
  };
}
