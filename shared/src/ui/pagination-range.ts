export type PageItem = number | 'gap';

/** First, last, the current page and its neighbours; runs of skipped pages become one 'gap'. */
export function paginationRange(page: number, pageCount: number, siblings = 1): PageItem[] {
  // Few enough pages to show them all in the room the gaps would take.
  if (pageCount <= 2 * siblings + 5) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const wanted = new Set<number>([1, pageCount]);
  for (let p = page - siblings; p <= page + siblings; p++) if (p >= 1 && p <= pageCount) wanted.add(p);
  const pages = [...wanted].sort((a, b) => a - b);
  const items: PageItem[] = [];
  pages.forEach((p, i) => {
    const prev = pages[i - 1];
    if (prev !== undefined && p - prev === 2) items.push(prev + 1);
    else if (prev !== undefined && p - prev > 2) items.push('gap');
    items.push(p);
  });
  return items;
}

export function pageCountOf(total: number, limit: number): number {
  if (limit <= 0) return 0;
  return Math.ceil(Math.max(0, total) / limit);
}
