export type QueryFilter = Record<string, unknown>;

/** Unset filter values would split one request across several cache entries: drop them. */
export function compactFilter<F extends QueryFilter>(filter: F): Partial<F> {
  const out: Partial<F> = {};
  for (const key of Object.keys(filter).sort() as (keyof F)[]) {
    const value = filter[key];
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    out[key] = value;
  }
  return out;
}

/** TanStack key factory: `all` ⊃ `lists()` ⊃ `list(filter)`, `all` ⊃ `details()` ⊃ `detail(id)`. */
export function createQueryKeys<const D extends string>(domain: D) {
  const all = [domain] as const;
  return {
    all,
    lists: () => [...all, 'list'] as const,
    list: <F extends QueryFilter>(filter: F) => [...all, 'list', compactFilter(filter)] as const,
    details: () => [...all, 'detail'] as const,
    detail: (id: number | string) => [...all, 'detail', id] as const,
  };
}

const serviceRoot = createQueryKeys('service');
/** `options(filter)`: `service/get-collection/filter`, the pickers' list (one cache entry for every remote). */
export const serviceKeys = {
  ...serviceRoot,
  options: <F extends QueryFilter>(filter: F) => [...serviceRoot.all, 'options', compactFilter(filter)] as const,
};
/** `search(query, limit)`: `user/address/search` suggestions. */
export const addressKeys = {
  all: ['address'] as const,
  search: (query: string, limit: number) => ['address', 'search', { query, limit }] as const,
};
export const applicationKeys = createQueryKeys('application');
export const executorKeys = createQueryKeys('executor');
export const customerKeys = createQueryKeys('customer');
export const facilityKeys = createQueryKeys('facility');
const userRoot = createQueryKeys('user');
/** `current()`: the logged-in user (`user/get/token`); `profiles()`: `user/profile/list`. */
export const userKeys = {
  ...userRoot,
  current: () => [...userRoot.all, 'current'] as const,
  profiles: () => [...userRoot.all, 'profiles'] as const,
};

/** The balance belongs to the active profile, so the profile id is part of the key. */
export const balanceKeys = {
  all: ['balance'] as const,
  current: (profileId: number | null) => ['balance', 'current', profileId] as const,
};

const notificationRoot = createQueryKeys('notification');
/** `list(filter)`: `notification/get-collection`; `messages(filter)`: the messages badge. */
export const notificationKeys = {
  ...notificationRoot,
  messages: <F extends QueryFilter>(filter: F) => [...notificationRoot.all, 'messages', compactFilter(filter)] as const,
};
