import { act, render, screen } from '@testing-library/react';
import { LoadingBar } from './loading-bar';

describe('LoadingBar', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('stays hidden for the first 200 ms of loading', () => {
    render(<LoadingBar active />);
    act(() => jest.advanceTimersByTime(199));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('appears after 200 ms with its accessible name', () => {
    render(<LoadingBar active />);
    act(() => jest.advanceTimersByTime(200));
    expect(screen.getByRole('progressbar', { name: 'Загрузка страницы' })).toBeInTheDocument();
  });

  it('never appears when loading ends before 200 ms, and hides at once when it ends', () => {
    const { rerender } = render(<LoadingBar active />);
    act(() => jest.advanceTimersByTime(150));
    rerender(<LoadingBar active={false} />);
    act(() => jest.advanceTimersByTime(500));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    rerender(<LoadingBar active />);
    act(() => jest.advanceTimersByTime(250));
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    rerender(<LoadingBar active={false} />);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
