import { screen } from '@testing-library/react';
import { Component as ApplicationListPage } from '../pages/application-list-page';
import { Component as ExecutorListPage } from '../pages/executor-list-page';
import { Component as HomePage } from '../pages/home-page';
import { Component as ServiceListPage } from '../pages/service-list-page';
import { listAnswer, renderRoutes, setTestRuntimeConfig, stubFetch } from '../testing/render-route';

jest.mock('../features/map', () => jest.requireActual('../testing/map-mock'));

const routes = [
  { path: '/', Component: HomePage },
  { path: '/application', Component: ApplicationListPage },
  { path: '/executor', Component: ExecutorListPage },
  { path: '/service', Component: ServiceListPage },
];

/**
 * The narrowest of these fields leaves about 170 px for its text: the filter panel's at 1280 px
 * (196 px), a toolbar's search at 360 px (204 px), the home page's search at 360 px (172 px).
 * At the body's 16 px that is about 19 Cyrillic letters; a longer hint is cut off mid-word
 * («Начните вводить назва», «Например, монтаж кро»).
 */
const MAX_HINT_LETTERS = 19;
const HOME_SEARCH_LETTERS = 16;

beforeEach(() => {
  setTestRuntimeConfig();
  stubFetch(() => listAnswer([]));
});

test.each(['/', '/application', '/executor', '/service'])('the hints in the fields of %s are read whole, not cut off', (path) => {
  const { container } = renderRoutes(routes, path);
  const hints = [...container.querySelectorAll<HTMLInputElement>('input[placeholder]')].map((input) => input.placeholder);
  expect(hints.length).toBeGreaterThan(0);
  for (const hint of hints) expect([hint, hint.length <= MAX_HINT_LETTERS]).toEqual([hint, true]);
  if (path === '/') expect(screen.getByRole('searchbox', { name: 'Найти заявку' }).getAttribute('placeholder')!.length).toBeLessThanOrEqual(HOME_SEARCH_LETTERS);
});
