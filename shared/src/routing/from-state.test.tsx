import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { useFromList, useFromState } from './from-state';

function Shown({ list }: { list: string }) {
  return <p>{useFromList(list) ?? 'none'}</p>;
}

const fromListAt = (state: unknown, list = '/lk/application') => {
  const { unmount } = render(
    <MemoryRouter initialEntries={[{ pathname: '/lk/application/detail/7', state }]}>
      <Shown list={list} />
    </MemoryRouter>,
  );
  const text = screen.getByRole('paragraph').textContent;
  unmount();
  return text;
};

test('useFromState is the current view: its path and query', () => {
  function Probe() {
    return <p>{JSON.stringify(useFromState())}</p>;
  }
  render(
    <MemoryRouter initialEntries={['/lk/application?status=published&page=2']}>
      <Probe />
    </MemoryRouter>,
  );
  expect(screen.getByRole('paragraph')).toHaveTextContent('{"from":"/lk/application?status=published&page=2"}');
});

test('useFromList gives the view a detail page was opened from only when it is a view of that list', () => {
  expect(fromListAt({ from: '/lk/application?status=published&page=2' })).toBe('/lk/application?status=published&page=2');
  expect(fromListAt({ from: '/lk/application' })).toBe('/lk/application');
  // Another list, one that only starts with the same letters, or no state at all: the caller's own link.
  expect(fromListAt({ from: '/lk/facility?page=2' })).toBe('none');
  expect(fromListAt({ from: '/lk/applications' })).toBe('none');
  expect(fromListAt({ from: 42 })).toBe('none');
  expect(fromListAt(null)).toBe('none');
});
