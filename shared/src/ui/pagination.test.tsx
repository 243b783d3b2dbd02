import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Pagination } from './pagination';
import { openPaginationRange, paginationRange } from './pagination-range';

describe('Pagination', () => {
  it('is a navigation landmark named "Страницы" with the current page marked', () => {
    render(<Pagination page={3} total={60} limit={6} onPageChange={() => {}} />);
    const nav = screen.getByRole('navigation', { name: 'Страницы' });
    const current = within(nav).getByRole('button', { current: 'page' });
    expect(current).toHaveTextContent('3');
    expect(current).toHaveAccessibleName('Страница 3');
  });

  it('calls onPageChange with the chosen, previous and next page', () => {
    const onPageChange = jest.fn();
    render(<Pagination page={3} total={60} limit={6} onPageChange={onPageChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Страница 4' }));
    fireEvent.click(screen.getByRole('button', { name: 'Назад' }));
    fireEvent.click(screen.getByRole('button', { name: 'Вперёд' }));
    expect(onPageChange.mock.calls).toEqual([[4], [2], [4]]);
  });

  it('disables "Назад" on the first page and "Вперёд" on the last', () => {
    const { rerender } = render(<Pagination page={1} total={13} limit={6} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Назад' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Вперёд' })).toBeEnabled();
    rerender(<Pagination page={3} total={13} limit={6} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Вперёд' })).toBeDisabled();
  });

  it('renders nothing for a single page', () => {
    const { container } = render(<Pagination page={1} total={6} limit={6} onPageChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('renders links when given an href builder', () => {
    render(
      <MemoryRouter>
        <Pagination page={2} total={30} limit={6} hrefForPage={(p) => `/application?page=${p}`} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Страница 3' })).toHaveAttribute('href', '/application?page=3');
    expect(screen.getByRole('link', { current: 'page' })).toHaveAccessibleName('Страница 2');
    expect(screen.getByRole('link', { name: 'Назад' })).toHaveAttribute('href', '/application?page=1');
  });

  describe('over a total that is only the API’s cap (100 000 rows 6 a page: the count stops at 10 000, 1 667 pages)', () => {
    const capped = (page: number, hasNext: boolean) =>
      render(
        <MemoryRouter>
          <Pagination page={page} total={10_000} limit={6} totalExact={false} hasNext={hasNext} hrefForPage={(p) => `/application?page=${p}`} />
        </MemoryRouter>,
      );
    // The gaps too (hidden from screen readers, so not listitems to a role query).
    const shown = () => [...screen.getByRole('navigation', { name: 'Страницы' }).querySelectorAll('li')].map((item) => item.textContent);

    it('names no last page, and «Вперёд» leads on from the last page the count fills and from any full page past it', () => {
      const { unmount } = capped(1, true);
      expect(shown()).toEqual(['Назад', '1', '2', '…', 'Вперёд']);
      expect(screen.queryByRole('link', { name: 'Страница 1667' })).not.toBeInTheDocument();
      unmount();

      for (const page of [1_667, 3_000]) {
        const { unmount: unmountOne } = capped(page, true);
        expect(shown()).toEqual(['Назад', '1', '…', String(page - 1), String(page), String(page + 1), '…', 'Вперёд']);
        expect(screen.getByRole('link', { current: 'page' })).toHaveAccessibleName(`Страница ${page}`);
        expect(screen.getByRole('link', { name: 'Вперёд' })).toHaveAttribute('href', `/application?page=${page + 1}`);
        unmountOne();
      }
    });

    it('a page that is not full is the list’s end: «Вперёд» is no link there', () => {
      capped(5_023, false);
      expect(shown()).toEqual(['Назад', '1', '…', '5022', '5023', 'Вперёд']);
      expect(screen.getByRole('link', { current: 'page' })).toHaveAccessibleName('Страница 5023');
      expect(screen.queryByRole('link', { name: 'Вперёд' })).not.toBeInTheDocument();
      expect(screen.getByLabelText('Вперёд')).toHaveAttribute('aria-disabled', 'true');
    });
  });
});

describe('paginationRange', () => {
  it.each([
    [1, 1, [1]],
    [1, 5, [1, 2, 3, 4, 5]],
    [4, 7, [1, 2, 3, 4, 5, 6, 7]],
    [5, 10, [1, 'gap', 4, 5, 6, 'gap', 10]],
    [1, 10, [1, 2, 'gap', 10]],
    [3, 10, [1, 2, 3, 4, 'gap', 10]],
    [10, 10, [1, 'gap', 9, 10]],
  ])('page %p of %p → %p', (page, count, expected) => {
    expect(paginationRange(page, count)).toEqual(expected);
  });
});

describe('openPaginationRange (no last page known)', () => {
  it.each([
    [1, 1_667, [1, 2, 'gap']],
    [3, 1_667, [1, 2, 3, 4, 'gap']],
    [1_668, 1_669, [1, 'gap', 1_667, 1_668, 1_669, 'gap']],
    [5_023, 5_023, [1, 'gap', 5_022, 5_023]],
    [2, 2, [1, 2]],
  ])('page %p, %p pages known → %p', (page, known, expected) => {
    expect(openPaginationRange(page, known)).toEqual(expected);
  });
});
