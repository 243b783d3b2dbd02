import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Pagination } from './pagination';
import { paginationRange } from './pagination-range';

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
