import { screen, within } from '@testing-library/react';
import { listAnswer, serveApi, setUpPageTests } from 'shared/testing';
import { lookupRoutes, makeFacility, renderFacilityPages, signIn } from '../testing/fixtures';

jest.mock('react-leaflet', () => jest.requireActual('../testing/react-leaflet-mock'));

// Role queries over a page with a map are slow on two busy cores.
jest.setTimeout(20_000);
setUpPageTests(signIn);

/*
 * QA (/lk/facility): the address gazetteer puts every street address at its city's centre, so a
 * user's facilities in one city stood exactly on top of each other, one plain marker each, and only
 * the top one could be clicked. The map clusters them as the catalogue's does: one badge, whose
 * popup lists every facility there.
 */
test('facilities at one point are one badge whose popup links to each of them', async () => {
  serveApi({
    ...lookupRoutes,
    'profile/facility/get-collection': () =>
      listAnswer([makeFacility(), makeFacility({ id: 6, name: 'Гараж на Баумана' }), makeFacility({ id: 7, name: 'Склад на Баумана' })], { limit: 12 }),
  });
  renderFacilityPages('/lk/facility');

  const badge = await screen.findByTitle('3 объекта по одному адресу');
  expect(screen.queryByTitle('Квартира на Баумана')).not.toBeInTheDocument();
  const map = screen.getByTestId('leaflet-map');
  const popup = within(map).getAllByRole('dialog').find((d) => within(d).queryByRole('list'))!;
  expect(badge.parentElement).toContainElement(popup);
  expect(within(popup).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/lk/facility/5', '/lk/facility/6', '/lk/facility/7']);
});
