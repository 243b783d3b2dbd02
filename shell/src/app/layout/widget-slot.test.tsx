import { act, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { WidgetSlot } from './widget-slot';

// The header's run-time widgets (the remote badge, the shell's account chunk): a failed load shows
// the fallback and is tried once more at each navigation; a loaded widget is loaded once.

function Widget() {
  return <p>Виджет</p>;
}

const slotAt = (load: () => Promise<ComponentType | null>, path: string) => (
  <WidgetSlot name="test" load={load} retryKey={path} placeholder={<p>Загрузка…</p>} fallback={<p>Виджет недоступен</p>} />
);

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

test('a failed load shows the fallback, and the next navigation loads it anew', async () => {
  const load = jest.fn<Promise<ComponentType | null>, []>().mockRejectedValueOnce(new Error('ChunkLoadError')).mockResolvedValue(Widget);
  const { rerender } = render(slotAt(load, '/a'));
  expect(screen.getByText('Загрузка…')).toBeInTheDocument();
  expect(await screen.findByText('Виджет недоступен')).toBeInTheDocument();
  // A render on the same path keeps the fallback, and loads nothing.
  rerender(slotAt(load, '/a'));
  expect(screen.getByText('Виджет недоступен')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(1);
  await act(async () => rerender(slotAt(load, '/b')));
  expect(await screen.findByText('Виджет')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(2);
});

test('while the code cannot load, each navigation tries it once, no more', async () => {
  const load = jest
    .fn<Promise<ComponentType | null>, []>()
    .mockRejectedValueOnce(new Error('ChunkLoadError'))
    .mockRejectedValueOnce(new Error('ChunkLoadError'))
    .mockResolvedValue(Widget);
  const { rerender } = render(slotAt(load, '/a'));
  expect(await screen.findByText('Виджет недоступен')).toBeInTheDocument();
  await act(async () => rerender(slotAt(load, '/b')));
  expect(await screen.findByText('Виджет недоступен')).toBeInTheDocument();
  await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
  expect(load).toHaveBeenCalledTimes(2);
  await act(async () => rerender(slotAt(load, '/c')));
  expect(await screen.findByText('Виджет')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(3);
});

test('a loaded widget is loaded once, whatever renders it; null keeps the placeholder', async () => {
  const load = jest.fn(() => Promise.resolve<ComponentType | null>(Widget));
  const { rerender } = render(slotAt(load, '/a'));
  expect(await screen.findByText('Виджет')).toBeInTheDocument();
  await act(async () => rerender(slotAt(load, '/b')));
  expect(screen.getByText('Виджет')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(1);

  const none = jest.fn(() => Promise.resolve<ComponentType | null>(null));
  render(slotAt(none, '/a'));
  await act(async () => undefined);
  expect(screen.getAllByText('Загрузка…')).toHaveLength(1);
});
