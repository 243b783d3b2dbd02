import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { WidgetBoundary } from '../widget-boundary';
import { retryingLazy } from './lazy-account';

function Widget({ text }: { text: string }) {
  return <p>{text}</p>;
}

function renderAt(Lazy: React.ComponentType<{ text: string; retryKey?: string }>, path: string) {
  return (
    <WidgetBoundary name="test" resetKey={path} fallback={<p>Виджет недоступен</p>}>
      <Suspense fallback={<p>Загрузка…</p>}>
        <Lazy text="Виджет" retryKey={path} />
      </Suspense>
    </WidgetBoundary>
  );
}

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

test('a failed load shows the fallback, and the next reset loads it anew', async () => {
  const load = jest
    .fn<Promise<React.ComponentType<{ text: string }>>, []>()
    .mockRejectedValueOnce(new Error('ChunkLoadError'))
    .mockResolvedValue(Widget);
  const Lazy = retryingLazy(load);
  const { rerender } = render(renderAt(Lazy, '/a'));
  expect(screen.getByText('Загрузка…')).toBeInTheDocument();
  expect(await screen.findByText('Виджет недоступен')).toBeInTheDocument();
  // A render that does not reset the boundary keeps the fallback, and loads nothing.
  rerender(renderAt(Lazy, '/a'));
  expect(screen.getByText('Виджет недоступен')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(1);
  // A navigation resets the boundary: the widget is loaded again, and shows.
  await act(async () => rerender(renderAt(Lazy, '/b')));
  expect(await screen.findByText('Виджет')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(2);
});

test('a loaded widget is loaded once, whatever renders it', async () => {
  const load = jest.fn(() => Promise.resolve(Widget));
  const Lazy = retryingLazy(load);
  const { rerender } = render(renderAt(Lazy, '/a'));
  expect(await screen.findByText('Виджет')).toBeInTheDocument();
  await act(async () => rerender(renderAt(Lazy, '/b')));
  expect(screen.getByText('Виджет')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(1);
});

test('while the chunk cannot load, each navigation tries it once, no more', async () => {
  const load = jest
    .fn<Promise<React.ComponentType<{ text: string }>>, []>()
    .mockRejectedValueOnce(new Error('ChunkLoadError'))
    .mockRejectedValueOnce(new Error('ChunkLoadError'))
    .mockResolvedValue(Widget);
  const Lazy = retryingLazy(load);
  const { rerender } = render(renderAt(Lazy, '/a'));
  expect(await screen.findByText('Виджет недоступен')).toBeInTheDocument();
  await act(async () => rerender(renderAt(Lazy, '/b')));
  expect(await screen.findByText('Виджет недоступен')).toBeInTheDocument();
  await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
  expect(load).toHaveBeenCalledTimes(2);
  await act(async () => rerender(renderAt(Lazy, '/c')));
  expect(await screen.findByText('Виджет')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(3);
});
