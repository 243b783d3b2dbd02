import { groupDigits, LIST_TOTAL_CAP, pageCountOf, pluralize, type PagedList, type PluralForms, type ResultsTexts } from 'shared';

/** False only when the answer says its total is the cap, not a count (answers without the flag are exact). */
export function isTotalExact(data: { totalExact?: boolean } | undefined): boolean {
  return data?.totalExact !== false;
}

/** «больше 10 000 заявок» (digits grouped with U+00A0, the same on the server and in the browser). */
export function moreThanCapText(forms: PluralForms): string {
  return `больше ${groupDigits(String(LIST_TOTAL_CAP))} ${pluralize(LIST_TOTAL_CAP, forms)}`;
}

/** What a list's answer says of its pages. */
type ListPages = Pick<PagedList<unknown>, 'items' | 'total' | 'page' | 'limit' | 'totalExact'>;

/**
 * The answer is for a page past the list's last one (`?page=99`): nothing on it, while the filters
 * still match something (the list's «nothing found» is a total of 0, on any page).
 */
export function isPastLastPage(data: ListPages | undefined): data is ListPages {
  return data !== undefined && data.items.length === 0 && data.total > 0;
}

const PAGE_FORMS: PluralForms = ['страница', 'страницы', 'страниц'];
/** After «меньше»: «меньше 21 страницы», «меньше 5 024 страниц». */
const FEWER_PAGES_FORMS: PluralForms = ['страницы', 'страниц', 'страниц'];

/**
 * How many pages the list has: 3 for 14 applications 6 a page; null when its total is only the
 * cap (`totalExact: false`): the pages go on past those it fills, to an end no answer tells.
 */
export function lastPageOf(data: Pick<ListPages, 'total' | 'limit' | 'totalExact'>): number | null {
  return isTotalExact(data) ? Math.max(1, pageCountOf(data.total, data.limit)) : null;
}

/**
 * «Такой страницы нет: в списке 3 страницы»: what a page past the last one says, in its results
 * and in its head. Under a total that is only the cap the count is not known, only that this page
 * is past it: «в списке меньше 5 024 страниц».
 */
export function pastLastPageText(data: ListPages): string {
  const pages = lastPageOf(data);
  const count =
    pages === null
      ? `меньше ${groupDigits(String(data.page))} ${pluralize(data.page, FEWER_PAGES_FORMS)}`
      : `${groupDigits(String(pages))} ${pluralize(pages, PAGE_FORMS)}`;
  return `Такой страницы нет: в списке ${count}`;
}

/** The title of a page past the list's last one: the server's head and the browser's tab say the same. */
export const PAST_LAST_PAGE_TITLE = 'Такой страницы нет';

/** The tab's title of a list view: its own, or that the page asked for is past the last one. */
export function listTabTitle(title: string, data: ListPages | undefined): string {
  return isPastLastPage(data) ? PAST_LAST_PAGE_TITLE : title;
}

/** A catalogue's words for its results, the page past the last one counting the list's pages. */
export function textsWithPages(texts: ResultsTexts, data: ListPages | undefined): ResultsTexts {
  return isPastLastPage(data) ? { ...texts, emptyPage: pastLastPageText(data) } : texts;
}
