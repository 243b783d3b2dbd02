export type PageItem = number | 'gap';

/** The given pages in order, each run of skipped pages one 'gap' (a single skipped page is named). */
function withGaps(wanted: Set<number>): PageItem[] {
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

/** The current page and its neighbours within 1…pageCount, with the first page. */
function aroundPage(page: number, pageCount: number, siblings: number): Set<number> {
  const wanted = new Set<number>([1]);
  for (let p = page - siblings; p <= page + siblings; p++) if (p >= 1 && p <= pageCount) wanted.add(p);
  return wanted;
}

/** First, last, the current page and its neighbours; runs of skipped pages become one 'gap'. */
export function paginationRange(page: number, pageCount: number, siblings = 1): PageItem[] {
  // Few enough pages to show them all in the room the gaps would take.
  if (pageCount <= 2 * siblings + 5) return Array.from({ length: pageCount }, (_, i) => i + 1);
  return withGaps(aroundPage(page, pageCount, siblings).add(pageCount));
}

/**
 * The pages of a list whose end is not known (its total is only the API's cap): the first, the
 * current page and its neighbours up to the last page known to exist, and a closing 'gap' while
 * pages follow the current one. No last page is named: the count it would come from is not one.
 */
export function openPaginationRange(page: number, knownPages: number, siblings = 1): PageItem[] {
  const items = withGaps(aroundPage(page, knownPages, siblings));
  return knownPages > page ? [...items, 'gap'] : items;
}

export function pageCountOf(total: number, limit: number): number {
  if (limit <= 0) return 0;
  return Math.ceil(Math.max(0, total) / limit);
}
