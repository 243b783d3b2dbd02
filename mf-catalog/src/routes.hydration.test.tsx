import { act, within } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { listAnswer, setTestRuntimeConfig } from 'shared/testing';
import { KAZAN_FIAS_ID, serveCatalogApi, type CatalogApiOptions } from './testing/catalog-api';
import { browserClientFrom, prefetchRoute, ServerPage } from './testing/server-route';

/*
 * The browser's first render of a server-rendered page must be the server's HTML (no mismatch, no
 * refetch): the page is rendered to a string with the server's cache, then hydrated with the cache
 * as the browser receives it. The real maps are in it, kept off screen so Leaflet never loads.
 */

class OffScreen {
  observe() {}
  disconnect() {}
}

let root: Root | null = null;

beforeEach(() => {
  setTestRuntimeConfig();
  (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = OffScreen;
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  delete (globalThis as { __FEDERATION__?: unknown }).__FEDERATION__;
});

async function hydrate(path: string, browserState?: unknown, answers?: CatalogApiOptions) {
  const api = serveCatalogApi(answers);
  const server = await prefetchRoute(path);
  const html = renderToString(<ServerPage route={server.route} Page={server.Page} client={server.context.queryClient} path={path} />);
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  // The DOM as the browser parsed the server's HTML, before React touches it.
  const parsed = container.innerHTML;
  const errors: unknown[] = [];
  const consoleError = jest.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
  api.mock.mockClear();
  await act(async () => {
    root = hydrateRoot(container, <ServerPage route={server.route} Page={server.Page} client={browserClientFrom(server.context.queryClient)} path={path} state={browserState} />, {
      onRecoverableError: (error) => errors.push(error),
    });
  });
  consoleError.mockRestore();
  return { html, parsed, container, errors, api };
}

const SERVER_RENDERED = [
  '/',
  '/application?services=3&address=93b3df57&addressName=Казань&min_price=1000&deadline=2026-12-31&page=2',
  '/application/search?query=кровля',
  '/executor/15',
  '/service?query=плитка',
  `/service?address=${KAZAN_FIAS_ID}&addressName=${encodeURIComponent('г Казань')}&attributeSort=name&typeSort=desc`,
  '/service/11',
  '/service/1',
  // The city a catalogue was filtered by, carried to a service and its group (service-details.tsx).
  `/service/11?address=${KAZAN_FIAS_ID}&addressName=${encodeURIComponent('г Казань')}`,
  `/service/1?address=${KAZAN_FIAS_ID}`,
  '/facility/4',
  '/about',
  '/contacts',
  '/reference',
  '/test',
];

test.each(SERVER_RENDERED)('%s hydrates without a mismatch', async (path) => {
  const { parsed, container, errors, api } = await hydrate(path);

  expect(errors).toEqual([]);
  // The status page checks again on mount (staleTime 0), so its DOM may change once that answers.
  if (path === '/test') return;
  // The callback form's button is disabled in the server's HTML and enabled once hydrated
  // (callback-form.tsx): that one attribute, and nothing else, changes.
  const hydratedHtml = path === '/contacts' ? parsed.replace('<button type="submit" class="ui-button ui-button--primary ui-button--md" disabled="">', '<button type="submit" class="ui-button ui-button--primary ui-button--md">') : parsed;
  if (path === '/contacts') expect(hydratedHtml).not.toBe(parsed);
  expect(container.innerHTML).toBe(hydratedHtml);
  expect(api.calls).toEqual([]);
});

/*
 * A missing entity's page is rendered by the server too (a 404): its «not found» state, drawn from
 * the API's 404 that goes with the data, is hydrated as it came, the API not asked again.
 */
test.each([
  ['/executor/999999', 'Исполнитель не найден'],
  ['/service/999999', 'Услуга не найдена'],
  ['/facility/999999', 'Объект не найден'],
  ['/executor/abc', 'Исполнитель не найден'],
])('%s: its «not found» state hydrates without a mismatch and without asking the API', async (path, heading) => {
  const { html, parsed, container, errors, api } = await hydrate(path);

  expect(html).toContain(`>${heading}</h1>`);
  expect(errors).toEqual([]);
  expect(container.innerHTML).toBe(parsed);
  expect(within(container).getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(api.calls).toEqual([]);
});

test('/test: a remote the browser has loaded shows after hydration, not in it', async () => {
  (globalThis as { __FEDERATION__?: unknown }).__FEDERATION__ = { __INSTANCES__: [{ name: 'mf_applications' }] };

  const { html, container, errors } = await hydrate('/test');

  const rowOf = (root: ParentNode) => [...root.querySelectorAll('li')].find((li) => li.textContent?.includes('mf_applications'));
  const server = document.createElement('div');
  server.innerHTML = html;
  expect(errors).toEqual([]);
  expect(rowOf(server)?.textContent).toContain('нет данных');
  expect(rowOf(server)?.textContent).not.toContain('загружен');
  expect(rowOf(container)?.textContent).toContain('загружен');
});

test('/executor/:id: the list view kept in the browser’s history is linked after hydration, not in it', async () => {
  const { html, container, errors } = await hydrate('/executor/15', { from: '/executor?page=2' });

  expect(errors).toEqual([]);
  expect(html).toContain('href="/executor"');
  expect(container.querySelector('.ui-back-link')?.getAttribute('href')).toBe('/executor?page=2');
});

/*
 * A page past a list's last one is a 404 the server renders too: its «Такой страницы нет» state,
 * from the list's answer that goes with the data, hydrates as it came.
 */
test.each([
  ['/application?query=кровля&page=99', 'Такой страницы нет: в списке 3 страницы', `/application?${new URLSearchParams({ query: 'кровля' })}`],
  ['/service?page=99', 'Такой страницы нет: в списке 3 страницы', '/service'],
])('%s: its «no such page» state hydrates without a mismatch and without asking the API', async (path, text, firstPage) => {
  const answers = { applications: listAnswer([], { total: 14, page: 99 }), services: listAnswer([], { total: 30, page: 99, limit: 12 }) };
  const { html, parsed, container, errors, api } = await hydrate(path, undefined, answers);

  expect(html).toContain(text);
  expect(errors).toEqual([]);
  expect(container.innerHTML).toBe(parsed);
  expect(within(container).getByRole('link', { name: 'К первой странице' })).toHaveAttribute('href', firstPage);
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(api.calls).toEqual([]);
});

test('/facility/:id: its way back to the owner is in the server’s HTML and hydrates as it came', async () => {
  const { html, container, errors } = await hydrate('/facility/4');

  expect(errors).toEqual([]);
  expect(html).toContain('Заявки владельца');
  expect(within(container).getByRole('link', { name: 'Заявки владельца' })).toHaveAttribute(
    'href',
    `/application/search?${new URLSearchParams({ customer: '9', customerName: 'ООО «Ромашка»' })}`,
  );
});
