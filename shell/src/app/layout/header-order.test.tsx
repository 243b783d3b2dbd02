import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { readCss } from 'shared/testing';
import { bus, useSessionStore } from 'shared';
import { setTestRuntimeConfig } from '../../testing/fake-api';
import { Header, HEADER_ROW_QUERY } from './header';

/*
 * QA: (1) at 1280 px with the browser's type set larger (Chromium «Очень крупный», 20–24 px) the
 * header's row overflowed: its breakpoints were in px, its content in rem. (2) The row's order was CSS `order` read by `reading-flow`, which only Chromium
 * knows: in Firefox and Safari Tab went from the logo to «Войти» (or the bell), then back to the
 * links. The browser's result (Chromium at 1280 and 1440 px, 16/20/24 px type) is in the report.
 */

const css = [readCss(__dirname, 'layout.css'), readCss(__dirname, 'account/account.css')].join('\n');

test('the header’s breakpoints are in em, the one-row layout’s query the one the header reads', () => {
  const queries = [...css.matchAll(/@media([^{]*)\{/g)].map((m) => m[1]!.trim()).filter((q) => /width/.test(q));
  expect(queries.length).toBeGreaterThan(0);
  for (const query of queries) expect(query).not.toMatch(/\d(\.\d+)?px/);
  expect(queries).toContain(HEADER_ROW_QUERY);
  // Below the row's width, and from it, meet: nothing between them is neither.
  expect(queries).toContain('(max-width: 79.998em)');
  expect(HEADER_ROW_QUERY).toBe('(min-width: 80em)');
});

let rowMatches = false;
const listeners = new Set<() => void>();
const original = window.matchMedia;

beforeEach(() => {
  rowMatches = false;
  listeners.clear();
  window.matchMedia = jest.fn((query: string) => ({
    get matches() {
      return query === HEADER_ROW_QUERY && rowMatches;
    },
    media: query,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  })) as unknown as typeof window.matchMedia;
  setTestRuntimeConfig();
  bus.clear();
  useSessionStore.getState().clear();
});

afterEach(() => {
  window.matchMedia = original;
});

function setRow(matches: boolean) {
  rowMatches = matches;
  act(() => listeners.forEach((listener) => listener()));
}

const header = () => (
  <QueryClientProvider client={new QueryClient()}>
    <MemoryRouter initialEntries={['/']}>
      <Header />
    </MemoryRouter>
  </QueryClientProvider>
);

function renderHeader() {
  render(header());
}

/** The header's links and buttons in source order, the order Tab and screen readers follow. */
const sourceOrder = () => [...document.querySelectorAll('header a[href], header button')].map((el) => el.textContent?.trim());

const LINKS = ['Заявки', 'Исполнители', 'Услуги', 'О сервисе', 'Контакты', 'Личный кабинет'];

test('below the row’s width the source order is the order seen: logo, «Войти», «Меню», then the menu', () => {
  renderHeader();
  expect(sourceOrder()).toEqual(['Маркетплейс услуг', 'Войти', 'Меню', ...LINKS, 'Регистрация']);
});

test('in the row the source order is the order seen: logo, the links, «Регистрация», «Войти» — without `reading-flow`', () => {
  rowMatches = true;
  renderHeader();
  expect(sourceOrder()).toEqual(['Маркетплейс услуг', ...LINKS, 'Регистрация', 'Войти', 'Меню']);
});

test('crossing the breakpoint moves the parts without making them anew: the focus stays where it was', () => {
  renderHeader();
  const login = screen.getByRole('link', { name: 'Войти' });
  login.focus();
  setRow(true);
  expect(sourceOrder()).toEqual(['Маркетплейс услуг', ...LINKS, 'Регистрация', 'Войти', 'Меню']);
  expect(screen.getByRole('link', { name: 'Войти' })).toBe(login);
  expect(login).toHaveFocus();
  setRow(false);
  expect(sourceOrder()).toEqual(['Маркетплейс услуг', 'Войти', 'Меню', ...LINKS, 'Регистрация']);
  expect(login).toHaveFocus();
});

/*
 * CI: «Войти» clicked on the server-rendered home page at 1280 px opened nothing. The server sent the
 * narrow order and hydrating moved the quick links into the row's place; Chromium sends the click of
 * a press whose target was moved in between to the target's parent. Hydrating must move nothing a
 * visitor can press: nothing in the row, only the hidden menu in the narrow layout.
 */
async function hydrateServerHeader(rowAtClient: boolean) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(header());
  document.body.append(container);
  const login = container.querySelector('a.app-login');
  expect(login?.textContent).toBe('Войти');
  const moved: Element[] = [];
  const observer = new MutationObserver((records) => {
    for (const record of records) moved.push(...[...record.removedNodes].filter((node): node is Element => node instanceof Element));
  });
  observer.observe(container, { childList: true, subtree: true });
  rowMatches = rowAtClient;
  await act(async () => {
    hydrateRoot(container, header());
  });
  observer.disconnect();
  expect(container.querySelector('a.app-login')).toBe(login);
  return { moved, container };
}

test('hydrating the server’s header in the row moves none of its parts', async () => {
  const { moved, container } = await hydrateServerHeader(true);
  expect(moved).toEqual([]);
  expect([...container.querySelectorAll('header a[href], header button')].map((el) => el.textContent?.trim())).toEqual([
    'Маркетплейс услуг',
    ...LINKS,
    'Регистрация',
    'Войти',
    'Меню',
  ]);
  container.remove();
});

test('hydrating it below the row’s width moves only the menu, which is closed: «Войти» and «Меню» stay put', async () => {
  const { moved, container } = await hydrateServerHeader(false);
  expect(moved.map((el) => el.id)).toEqual(['main-menu']);
  expect(container.querySelector('#main-menu')?.getAttribute('data-open')).toBe('false');
  expect([...container.querySelectorAll('header a[href], header button')].map((el) => el.textContent?.trim())).toEqual([
    'Маркетплейс услуг',
    'Войти',
    'Меню',
    ...LINKS,
    'Регистрация',
  ]);
  container.remove();
});
