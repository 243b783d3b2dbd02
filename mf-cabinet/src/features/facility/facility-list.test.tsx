import { act, screen, within } from '@testing-library/react';
import { refreshOrganizations } from 'shared';
import { fail, listAnswer, ok, serveApi, setUpPageTests } from 'shared/testing';
import { lookupRoutes, makeDocument, makeFacility, renderFacilityPages, signIn } from './testing/fixtures';

jest.mock('react-leaflet', () => jest.requireActual('./testing/react-leaflet-mock'));

// Role queries over a page with a map are slow on two busy cores.
jest.setTimeout(20_000);
setUpPageTests(signIn);

test('lists the active profile’s facilities as cards with type, address and documents, and puts the placed ones on the map', async () => {
  const api = serveApi({
    ...lookupRoutes,
    'profile/facility/get-collection': () =>
      listAnswer(
        [
          makeFacility({ documents: [makeDocument(1, 'План.pdf', false), makeDocument(2, 'Фото.png', true)] }),
          makeFacility({ id: 6, name: 'Офис', type: { id: 2, name: 'Офис' }, address: { value: 'г Москва', cityFiasId: null, geoLat: null, geoLon: null } }),
        ],
        { limit: 12 },
      ),
  });
  renderFacilityPages('/lk/facility');

  const [first, second] = await screen.findAllByRole('article');
  expect(within(first!).getByRole('heading', { name: 'Квартира на Баумана' })).toBeInTheDocument();
  expect(within(first!).getByRole('link', { name: 'Квартира на Баумана' })).toHaveAttribute('href', '/lk/facility/5');
  expect(first).toHaveTextContent('Квартира');
  expect(first).toHaveTextContent('г Казань, ул Баумана, д 1');
  expect(first).toHaveTextContent('2 документа');
  expect(second).toHaveTextContent('Офис');
  expect(second).toHaveTextContent('Документов нет');
  expect(screen.getByRole('status')).toHaveTextContent('2 объекта');

  // Only the facility with coordinates is on the map; its marker's popup links to it.
  const onMap = screen.getByRole('list', { name: 'Объекты на карте' });
  expect(within(onMap).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/lk/facility/5']);
  expect(await screen.findByTitle('Квартира на Баумана')).toBeInTheDocument();
  expect(within(screen.getByTestId('leaflet-map')).getByRole('link', { name: 'Квартира на Баумана' })).toHaveAttribute('href', '/lk/facility/5');
  expect(api.callsTo('profile/facility/get-collection')[0]?.query.get('page')).toBe('1');
});

test('the map is said once as a landmark, «Карта объектов», not inside another one named «Объекты на карте» like its list of links', async () => {
  serveApi({ ...lookupRoutes, 'profile/facility/get-collection': () => listAnswer([makeFacility()], { limit: 12 }) });
  renderFacilityPages('/lk/facility');
  await screen.findAllByRole('article');

  expect(screen.getByRole('region', { name: 'Карта объектов' })).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Объекты на карте' })).not.toBeInTheDocument();
  expect(screen.getByRole('list', { name: 'Объекты на карте' })).toBeInTheDocument();
});

test('asks for the page in the address and offers the other pages', async () => {
  const api = serveApi({ ...lookupRoutes, 'profile/facility/get-collection': () => listAnswer([makeFacility({ id: 20 })], { total: 13, page: 2, limit: 12 }) });
  renderFacilityPages('/lk/facility?page=2');
  await screen.findAllByRole('article');
  expect(api.callsTo('profile/facility/get-collection')[0]?.query.get('page')).toBe('2');
  expect(screen.getByRole('navigation')).toBeInTheDocument();
});

test('without facilities it invites to add the first one', async () => {
  serveApi({ ...lookupRoutes, 'profile/facility/get-collection': () => listAnswer([], { limit: 12 }) });
  renderFacilityPages('/lk/facility');
  expect(await screen.findByText('Добавьте первый объект')).toBeInTheDocument();
  const add = screen.getAllByRole('link', { name: 'Добавить объект' });
  expect(add.map((a) => a.getAttribute('href'))).toEqual(['/lk/facility/form', '/lk/facility/form']);
  expect(screen.queryByTestId('leaflet-map')).not.toBeInTheDocument();
  // No map column beside it (two columns are the map's layout, facility.css): the empty state has the full width.
  expect(screen.getByText('Добавьте первый объект').closest('.facility-list-layout')).not.toHaveClass('facility-list-layout--with-map');
});

test('with facilities the list and the map share the wide screen as two columns', async () => {
  serveApi({ ...lookupRoutes, 'profile/facility/get-collection': () => listAnswer([makeFacility()], { limit: 12 }) });
  renderFacilityPages('/lk/facility');
  const [card] = await screen.findAllByRole('article');
  expect(card!.closest('.facility-list-layout')).toHaveClass('facility-list-layout--with-map');
});

test('a failed load shows the server’s message with a retry', async () => {
  serveApi({ ...lookupRoutes, 'profile/facility/get-collection': () => fail(500, 'Сервис объектов недоступен') });
  renderFacilityPages('/lk/facility');
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Сервис объектов недоступен');
  expect(within(alert).getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
});

test('the profile gone while the list is open (an employee removed from the organisation): «Профиль не выбран» with the way to choose one, not a list loading for ever, nor the old map', async () => {
  // As the shell hears it: the user and his profiles asked for again (refreshOrganizations); none is left.
  let removed = false;
  const api = serveApi({
    ...lookupRoutes,
    'profile/facility/get-collection': () => listAnswer([makeFacility()], { limit: 12 }),
    'user/profile/list': () => ok({ items: removed ? [] : [{ id: 11, type: 'customer', name: 'Иван Петров', active: true, description: null, address: null }] }),
    'user/get/token': () => ok({ id: 7, phone: '79991234567', name: 'Иван Петров', email: null, activeProfileId: removed ? null : 11 }),
  });
  const { queryClient } = renderFacilityPages('/lk/facility');
  await screen.findAllByRole('article');
  expect(await screen.findByTestId('leaflet-map')).toBeInTheDocument();

  removed = true;
  await act(async () => {
    await refreshOrganizations(queryClient);
  });

  expect(await screen.findByText('Профиль не выбран')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Выбрать профиль' })).toHaveAttribute('href', '/lk/profile');
  expect(screen.queryByText('Загружаем объекты…')).not.toBeInTheDocument();
  expect(screen.queryByRole('article')).not.toBeInTheDocument();
  expect(screen.queryByTestId('leaflet-map')).not.toBeInTheDocument();
  expect(screen.queryByRole('list', { name: 'Объекты на карте' })).not.toBeInTheDocument();
  // No profile to add a facility to.
  expect(screen.queryByRole('link', { name: 'Добавить объект' })).not.toBeInTheDocument();
  expect(api.callsTo('profile/facility/get-collection')).toHaveLength(1);
});
