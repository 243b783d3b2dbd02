import type { AddressBound } from '../contract/address';

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
/** `search(query, limit, bound)`: `user/address/search` suggestions; a city field's (bound 'city') are its own. */
export const addressKeys = {
  all: ['address'] as const,
  search: (query: string, limit: number, bound?: AddressBound) => ['address', 'search', compactFilter({ query, limit, bound })] as const,
};
export const applicationKeys = createQueryKeys('application');
export const executorKeys = createQueryKeys('executor');
export const customerKeys = createQueryKeys('customer');
const facilityRoot = createQueryKeys('facility');
/**
 * `types()`: `profile/facility/get/type`; `own()` ⊃ `ownList(profileId, filter)`: the cabinet's
 * `profile/facility/get-collection` (the active profile's, so its id is in the key).
 */
export const facilityKeys = {
  ...facilityRoot,
  types: () => [...facilityRoot.all, 'types'] as const,
  own: () => [...facilityRoot.all, 'own'] as const,
  ownList: <F extends QueryFilter>(profileId: number | null, filter: F) => [...facilityRoot.all, 'own', profileId, compactFilter(filter)] as const,
};
/** `tileConfig()`: `tiles/config`, the map's tile source (one entry for every remote). */
export const mapKeys = { tileConfig: () => ['map', 'tile-config'] as const };
const organizationRoot = createQueryKeys('organization');
/**
 * `profile(profileId)`: `organization/get/profile` (the active organisation, so its id is in the
 * key); `dadata(inn)`: the lookup by INN.
 */
export const organizationKeys = {
  ...organizationRoot,
  profile: (profileId: number | null) => [...organizationRoot.all, 'profile', profileId] as const,
  dadata: (inn: string) => [...organizationRoot.all, 'dadata', inn] as const,
};
const employeeRoot = createQueryKeys('employee');
/**
 * `list({profileId, query, page})`: `organization/employee/get-collection` of the active
 * organisation; `invites(filter)`: its `organization/invite/get-collection`.
 */
export const employeeKeys = {
  ...employeeRoot,
  invites: <F extends QueryFilter>(filter: F) => [...employeeRoot.all, 'invites', compactFilter(filter)] as const,
};
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
  /** `balance/history/get-collection` of the profile: under `all`, so a withdrawal refreshes both. */
  history: <F extends QueryFilter>(profileId: number, filter: F) => ['balance', 'history', profileId, compactFilter(filter)] as const,
};

/** `list(profileId)`: `profile/service/get-collection`, the services of the active profile. */
export const profileServiceKeys = {
  all: ['profile-service'] as const,
  list: (profileId: number) => ['profile-service', 'list', profileId] as const,
};

/**
 * `list(profileId)`: `bank-requisite/get-collection` of the active profile; `currencies()`: the
 * currency list; `bank(bic)`: the bank directory's answer for one BIC.
 */
export const bankRequisiteKeys = {
  all: ['bank-requisite'] as const,
  list: (profileId: number) => ['bank-requisite', 'list', profileId] as const,
  currencies: () => ['bank-requisite', 'currencies'] as const,
  bank: (bic: string) => ['bank-requisite', 'bank', bic] as const,
};

const notificationRoot = createQueryKeys('notification');
/** `list(filter)`: `notification/get-collection`; `messages(filter)`: the messages badge. */
export const notificationKeys = {
  ...notificationRoot,
  messages: <F extends QueryFilter>(filter: F) => [...notificationRoot.all, 'messages', compactFilter(filter)] as const,
};

/**
 * Messaging (ARCHITECTURE §8). The API answers as the active profile, so its id is in the
 * conversation keys. `list(profileId, filter)`: `messaging/get-collection` pages (the page's list,
 * and the "write to" lookup by `applicationId`); `detail(profileId, messagingId)`: one
 * conversation, `messaging/get-collection?id=` (an open thread's heading the list has not loaded);
 * `unread(profileId)`: the header badge's total; `thread(messagingId, filter)`:
 * `message/get-collection` pages of one conversation.
 */
export const messagingKeys = {
  all: ['messaging'] as const,
  lists: () => ['messaging', 'list'] as const,
  list: <F extends QueryFilter>(profileId: number | null, filter: F) => ['messaging', 'list', profileId, compactFilter(filter)] as const,
  /** Every list of one profile's conversations (the prefix of `list`). */
  profileLists: (profileId: number | null) => ['messaging', 'list', profileId] as const,
  details: () => ['messaging', 'detail'] as const,
  detail: (profileId: number | null, messagingId: number) => ['messaging', 'detail', profileId, messagingId] as const,
  unread: (profileId: number | null) => ['messaging', 'unread', profileId] as const,
  threads: () => ['messaging', 'thread'] as const,
  /**
   * A conversation's messages as a profile reads them: after a switch of the active profile the
   * other profile's thread is not shown while this one's is asked for. Every profile's copies of a
   * conversation share the prefix `[...threads(), messagingId]` (a new message goes into each).
   */
  thread: <F extends QueryFilter>(profileId: number | null, messagingId: number, filter: F) =>
    ['messaging', 'thread', messagingId, profileId, compactFilter(filter)] as const,
};
