import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { RemoteRoute, RoutePrefetch } from 'shared';
import { createAppRoutes } from '../app/router';
import type { RemoteName } from './registry';

const guest = { isAuthenticated: false, hasActiveProfile: undefined };

function setup(path: string, prefetch: RoutePrefetch, page: () => Promise<{ Component: ComponentType }>) {
  const queryClient = new QueryClient();
  const routes: RemoteRoute[] = [{ path: 'application', lazy: page, handle: { title: 'Заявки', prefetch } }];
  const loadRoutes = async (remote: RemoteName) => (remote === 'mf_catalog' ? routes : []);
  const router = createMemoryRouter(createAppRoutes({ mounts: [{ name: 'mf_catalog', mount: '/' }], loadRoutes, readSession: () => guest, queryClient }), { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return queryClient;
}

describe('route prefetch', () => {
  it("starts the page's data load with the query client and the URL before the page chunk has arrived", async () => {
    let releasePage: () => void = () => undefined;
    const pageArrived = new Promise<void>((resolve) => (releasePage = resolve));
    const prefetch = jest.fn<ReturnType<RoutePrefetch>, Parameters<RoutePrefetch>>();
    const queryClient = setup('/application?address=abc&page=2', prefetch, async () => {
      await pageArrived;
      return { Component: () => <h1>Заявки</h1> };
    });
    await screen.findByRole('banner');
    // The page chunk is still on its way, the prefetch is already running.
    await waitFor(() => expect(prefetch).toHaveBeenCalledTimes(1));
    const [{ queryClient: given, url }] = prefetch.mock.calls[0]!;
    expect(given).toBe(queryClient);
    expect(url.pathname).toBe('/application');
    expect(url.searchParams.get('address')).toBe('abc');
    releasePage();
    expect(await screen.findByRole('heading', { name: 'Заявки' })).toBeInTheDocument();
  });

  it('starts it after the next frame, not inside the keystroke or click that navigated (INP)', async () => {
    const frames: FrameRequestCallback[] = [];
    const frame = jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    // The hidden tab's fallback (afterNextPaint's 100 ms timer) is held back too: on a loaded
    // machine 100 ms can pass between two lines below, and the prefetch would then start
    // without a frame, which is not what this test is about.
    const realSetTimeout = globalThis.setTimeout;
    const timer = jest.spyOn(globalThis, 'setTimeout').mockImplementation(((callback: () => void, ms?: number, ...rest: unknown[]) =>
      ms === 100 ? 0 : realSetTimeout(callback, ms, ...rest)) as typeof setTimeout);
    try {
      const prefetch = jest.fn<ReturnType<RoutePrefetch>, Parameters<RoutePrefetch>>();
      const routes: RemoteRoute[] = [{ path: 'application', lazy: async () => ({ Component: () => <h1>Заявки</h1> }), handle: { title: 'Заявки', prefetch } }];
      const router = createMemoryRouter(
        createAppRoutes({ mounts: [{ name: 'mf_catalog', mount: '/' }], loadRoutes: async () => routes, readSession: () => guest, queryClient: new QueryClient() }),
        { initialEntries: ['/application'] },
      );
      render(<RouterProvider router={router} />);
      expect(await screen.findByRole('heading', { name: 'Заявки' })).toBeInTheDocument();
      // The loader has run and the page is on screen; no frame has been drawn yet.
      expect(prefetch).not.toHaveBeenCalled();
      for (const draw of frames.splice(0)) draw(0);
      await waitFor(() => expect(prefetch).toHaveBeenCalledTimes(1));
      // A filter change: its navigation's loader has run, the prefetch waits for the next frame.
      await act(() => router.navigate('/application?page=2'));
      expect(frames.length).toBeGreaterThan(0);
      expect(prefetch).toHaveBeenCalledTimes(1);
      for (const draw of frames.splice(0)) draw(0);
      await waitFor(() => expect(prefetch).toHaveBeenCalledTimes(2));
      expect(prefetch.mock.calls[1]![0].url.searchParams.get('page')).toBe('2');
    } finally {
      frame.mockRestore();
      timer.mockRestore();
    }
  });

  it("gives the prefetch the params of the remote's route, matched below the mount", async () => {
    const queryClient = new QueryClient();
    const prefetch = jest.fn<ReturnType<RoutePrefetch>, Parameters<RoutePrefetch>>();
    const routes: RemoteRoute[] = [{ path: 'facility/:id', lazy: async () => ({ Component: () => <h1>Объект</h1> }), handle: { title: 'Объект', prefetch } }];
    const router = createMemoryRouter(
      createAppRoutes({ mounts: [{ name: 'mf_cabinet', mount: '/lk' }], loadRoutes: async () => routes, readSession: () => guest, queryClient }),
      { initialEntries: ['/lk/facility/17'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Объект' })).toBeInTheDocument();
    await waitFor(() => expect(prefetch).toHaveBeenCalled());
    expect(prefetch.mock.calls[0]![0].params).toEqual({ id: '17' });
  });

  it('a prefetch that throws or rejects does not stop the page', async () => {
    const page = async () => ({ Component: () => <h1>Заявки</h1> });
    setup('/application', () => {
      throw new Error('boom');
    }, page);
    expect(await screen.findByRole('heading', { name: 'Заявки' })).toBeInTheDocument();
  });

  it('a rejected prefetch is not an unhandled rejection', async () => {
    const page = async () => ({ Component: () => <h1>Заявки</h1> });
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    setup('/application', () => Promise.reject(new Error('offline')), page);
    expect(await screen.findByRole('heading', { name: 'Заявки' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
