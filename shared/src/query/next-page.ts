/** An infinite list's next page after `last` (the §3 list envelope), or none when it was the last. */
export const nextPageOf = (last: { total: number; page: number; limit: number }) => (last.page * last.limit < last.total ? last.page + 1 : undefined);
