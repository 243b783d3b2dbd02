/**
 * The lk page of one application (spec §2: /lk/application/detail/{id}), mf-applications' route,
 * which the other remotes link to by URL (the catalogue's application page, a conversation, the
 * cabinet's overview and balance history).
 */
export const lkApplicationDetailPath = (id: number): string => `/lk/application/detail/${id}`;
