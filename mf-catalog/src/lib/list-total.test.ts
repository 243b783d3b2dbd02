import type { ResultsTexts } from 'shared';
import { isPastLastPage, lastPageOf, listTabTitle, pastLastPageText, textsWithPages } from './list-total';

const list = (items: number, total: number, limit = 6, totalExact?: boolean, page = 99) => ({
  items: Array.from({ length: items }, (_, i) => i),
  total,
  page,
  limit,
  totalExact,
});

describe('a page past the list’s last one', () => {
  it('is a page with nothing on it while the list has something; a list with nothing at all, or not loaded, is not', () => {
    expect(isPastLastPage(list(0, 14))).toBe(true);
    expect(isPastLastPage(list(2, 14))).toBe(false);
    expect(isPastLastPage(list(0, 0))).toBe(false);
    expect(isPastLastPage(undefined)).toBe(false);
  });

  it('says how many pages the list has, in the right form', () => {
    expect(lastPageOf(list(0, 14))).toBe(3);
    expect(lastPageOf(list(0, 12))).toBe(2);
    expect(pastLastPageText(list(0, 5))).toBe('Такой страницы нет: в списке 1 страница');
    expect(pastLastPageText(list(0, 14))).toBe('Такой страницы нет: в списке 3 страницы');
    expect(pastLastPageText(list(0, 30))).toBe('Такой страницы нет: в списке 5 страниц');
    expect(pastLastPageText(list(0, 126, 6))).toBe('Такой страницы нет: в списке 21 страница');
    expect(pastLastPageText(list(0, 70, 1))).toBe('Такой страницы нет: в списке 70 страниц');
  });

  it('a total that is only the API’s cap names no last page: past the end the page says the list has fewer pages than its number', () => {
    // 100 000 rows 6 a page: the count stops at 10 000, while the list runs to page 5 023.
    expect(lastPageOf(list(0, 10_000, 6, false, 5_024))).toBeNull();
    expect(pastLastPageText(list(0, 10_000, 6, false, 5_024))).toBe('Такой страницы нет: в списке меньше 5\u00a0024 страниц');
    expect(pastLastPageText(list(0, 10_000, 6, false, 2_001))).toBe('Такой страницы нет: в списке меньше 2\u00a0001 страницы');
    expect(pastLastPageText(list(0, 10_000, 6, false, 1_673))).toBe('Такой страницы нет: в списке меньше 1\u00a0673 страниц');
  });

  it('takes the place of the catalogue’s «empty page» words and of the tab’s title; other answers leave them', () => {
    const texts = { emptyPage: 'На этой странице заявок нет', none: 'Заявок не найдено' } as ResultsTexts;

    expect(textsWithPages(texts, list(0, 14))).toEqual({ ...texts, emptyPage: 'Такой страницы нет: в списке 3 страницы' });
    expect(textsWithPages(texts, list(0, 0))).toBe(texts);
    expect(textsWithPages(texts, undefined)).toBe(texts);
    expect(listTabTitle('Заявки на услуги, страница 99', list(0, 14))).toBe('Такой страницы нет');
    expect(listTabTitle('Заявки на услуги, страница 2', list(3, 14))).toBe('Заявки на услуги, страница 2');
  });
});
