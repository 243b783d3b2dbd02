import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { applyProfileUpdate, QUERY_STALE_TIME_MS } from 'shared';
import { FACILITY_MESSAGES } from 'shared/lk';
import { createTestQueryClient, fail, ok, renderRoutes, serveApi, setUpPageTests, type FakeAnswer } from 'shared/testing';
import { Component as ListPage } from '../../pages/facility-list-page';
import { Component as DetailPage } from '../../pages/facility-page';
import { FACILITY_ALREADY_DELETED } from './components/delete-facility';
import { lookupRoutes, makeDocument, makeFacility, renderFacilityPages, signIn } from './testing/fixtures';

jest.mock('react-leaflet', () => jest.requireActual('./testing/react-leaflet-mock'));
jest.setTimeout(20_000);

const toasts = setUpPageTests(signIn);
const withDocuments = () => makeFacility({ documents: [makeDocument(31, 'План.pdf', false), makeDocument(32, 'Фото.png', true)] });

test('shows the facility: name, type, description, address with a map, documents with their visibility, edit and delete', async () => {
  const api = serveApi({ ...lookupRoutes, 'profile/facility/get': () => ok(withDocuments()) });
  renderFacilityPages('/lk/facility/5');

  expect(await screen.findByRole('heading', { level: 1, name: 'Квартира на Баумана' })).toBeInTheDocument();
  // The tab names it too, not «Объект».
  expect(document.title).toMatch(/^Квартира на Баумана — /);
  expect(api.callsTo('profile/facility/get')[0]?.query.get('id')).toBe('5');
  expect(screen.getByText('Третий этаж, без лифта')).toBeInTheDocument();
  expect(screen.getByText('г Казань, ул Баумана, д 1')).toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Карта: г Казань, ул Баумана, д 1' })).toBeInTheDocument();
  const documents = screen.getAllByRole('listitem');
  expect(documents[0]).toHaveTextContent('План.pdf');
  expect(documents[0]).toHaveTextContent('Только для вас');
  expect(documents[1]).toHaveTextContent('Виден всем');
  expect(screen.getByRole('button', { name: 'Скачать «План.pdf»' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Изменить' })).toHaveAttribute('href', '/lk/facility/form?id=5');
  expect(screen.getByRole('button', { name: 'Удалить объект' })).toBeInTheDocument();
});

test('deleting a facility whose name has its own quotes names it without quoting it twice', async () => {
  serveApi({ ...lookupRoutes, 'profile/facility/get': () => ok(makeFacility({ name: 'ЖК «Северный»' })) });
  renderFacilityPages('/lk/facility/5');
  await userEvent.click(await screen.findByRole('button', { name: 'Удалить объект' }));
  expect(screen.getByRole('dialog', { name: 'Удалить объект?' })).toHaveTextContent('ЖК «Северный» и его документы будут удалены без возможности восстановления.');
});

const PublicPage = () => <h1>Публичная страница объекта</h1>;
function StartPage() {
  return <Link to="/lk/facility/5">Объект заказчика</Link>;
}
/** The cabinet's facility page, the catalogue's public one (a stand-in), and a page linking to the first. */
const renderWithPublicPage = (entry: string) =>
  renderRoutes(
    [
      { path: '/start', Component: StartPage },
      { path: '/lk/facility', Component: ListPage },
      { path: '/lk/facility/:id', Component: DetailPage },
      { path: '/facility/:id', Component: PublicPage },
    ],
    entry,
  );

test('someone else’s facility is not shown as one of «my objects»: its public page takes the cabinet page’s place, with no edit, delete or document delete', async () => {
  serveApi({ ...lookupRoutes, 'profile/facility/get': () => ok(makeFacility({ editable: false, documents: [makeDocument(32, 'Фото.png', true)] })) });
  const { location, go } = renderWithPublicPage('/start');
  await userEvent.click(screen.getByRole('link', { name: 'Объект заказчика' }));

  expect(await screen.findByRole('heading', { level: 1, name: 'Публичная страница объекта' })).toBeInTheDocument();
  expect(location().pathname).toBe('/facility/5');
  expect(screen.queryByRole('heading', { name: 'Квартира на Баумана' })).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'К моим объектам' })).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Изменить' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Удалить объект' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Удалить «Фото.png»' })).not.toBeInTheDocument();
  expect(screen.queryByRole('checkbox', { name: 'Виден всем: «Фото.png»' })).not.toBeInTheDocument();
  // Replaced, not pushed: Back does not land on the cabinet's address, only to be sent on again.
  await go(-1);
  expect(location().pathname).toBe('/start');
});

test('a profile switched on the page turns the facility into someone else’s: the public page opens in its place', async () => {
  let owner = true;
  serveApi({ ...lookupRoutes, 'profile/facility/get': () => ok(makeFacility({ editable: owner })) });
  const { location, queryClient } = renderWithPublicPage('/lk/facility/5');
  expect(await screen.findByRole('heading', { level: 1, name: 'Квартира на Баумана' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Изменить' })).toBeInTheDocument();

  // As the shell's profile switcher does (user/profile/update), now as an executor: he does not own it.
  owner = false;
  act(() =>
    applyProfileUpdate(queryClient, {
      data: {
        profile: { id: 12, type: 'executor', name: 'Иван Петров', active: true, description: null, address: null },
        user: { id: 7, phone: '79991234567', name: 'Иван Петров', email: null, activeProfileId: 12 },
      },
    }),
  );

  expect(await screen.findByRole('heading', { level: 1, name: 'Публичная страница объекта' })).toBeInTheDocument();
  expect(location().pathname).toBe('/facility/5');
});

test(`a delete refused with 409 says «${FACILITY_MESSAGES.linked}» and stays on the page`, async () => {
  const api = serveApi({ ...lookupRoutes, 'profile/facility/get': () => ok(makeFacility()), 'DELETE profile/facility/delete': () => fail(409, FACILITY_MESSAGES.linked) });
  const { location } = renderFacilityPages('/lk/facility/5');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Удалить объект' }));
  const dialog = screen.getByRole('dialog', { name: 'Удалить объект?' });
  await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));

  await waitFor(() => expect(toasts).toContainEqual({ type: 'error', message: FACILITY_MESSAGES.linked }));
  expect(api.callsTo('DELETE profile/facility/delete')[0]?.query.get('id')).toBe('5');
  expect(location().pathname).toBe('/lk/facility/5');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('a 409 without a message still names the links; a confirmed delete opens the list', async () => {
  let answer = { status: 409, body: { code: 'conflict', message: '' } };
  serveApi({ ...lookupRoutes, 'profile/facility/get': () => ok(makeFacility()), 'DELETE profile/facility/delete': () => answer, 'profile/facility/get-collection': () => ok({ items: [], total: 0, page: 1, limit: 12 }) });
  const { location } = renderFacilityPages('/lk/facility/5');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Удалить объект' }));
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Удалить' }));
  await waitFor(() => expect(toasts).toContainEqual({ type: 'error', message: FACILITY_MESSAGES.linked }));

  answer = { status: 200, body: { data: { id: 5 }, message: FACILITY_MESSAGES.deleted } as never };
  await user.click(screen.getByRole('button', { name: 'Удалить объект' }));
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Удалить' }));
  await waitFor(() => expect(location().pathname).toBe('/lk/facility'));
  expect(toasts).toContainEqual({ type: 'success', message: FACILITY_MESSAGES.deleted });
});

test('Back after a delete goes to the page before the facility’s, not to «Объект не найден» of the facility just deleted', async () => {
  let items = [makeFacility()];
  serveApi({
    ...lookupRoutes,
    'profile/facility/get': () => (items.length > 0 ? ok(makeFacility()) : fail(404, FACILITY_MESSAGES.notFound)),
    'DELETE profile/facility/delete': () => {
      items = [];
      return ok({ id: 5 }, FACILITY_MESSAGES.deleted);
    },
    'profile/facility/get-collection': () => ok({ items, total: items.length, page: 1, limit: 12 }),
  });
  const { location, go } = renderFacilityPages('/lk/facility');
  const user = userEvent.setup();
  await user.click((await screen.findAllByRole('link', { name: 'Квартира на Баумана' }))[0]!);
  await user.click(await screen.findByRole('button', { name: 'Удалить объект' }));
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Удалить' }));
  await waitFor(() => expect(location().pathname).toBe('/lk/facility'));

  await go(-1);
  expect(location().pathname).toBe('/lk/facility');
  expect(screen.queryByRole('heading', { name: 'Объект не найден' })).not.toBeInTheDocument();
});

test('the list a delete goes back to reads again: the deleted facility is not shown from the cache, with the app’s stale time (QA Z-8)', async () => {
  let items = [makeFacility(), makeFacility({ id: 6, name: 'Дом на Пушкина' })];
  const api = serveApi({
    ...lookupRoutes,
    'profile/facility/get': () => ok(makeFacility()),
    'DELETE profile/facility/delete': () => {
      items = items.filter((item) => item.id !== 5);
      return ok({ id: 5 }, FACILITY_MESSAGES.deleted);
    },
    'profile/facility/get-collection': () => ok({ items, total: items.length, page: 1, limit: 12 }),
  });
  const { location, queryClient } = renderFacilityPages('/lk/facility');
  // The app's own defaults (shared createQueryClient): a list read a moment ago is fresh, and only
  // an invalidation has it asked for again when its page comes back.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, staleTime: QUERY_STALE_TIME_MS } });
  const user = userEvent.setup();
  await user.click((await screen.findAllByRole('link', { name: 'Квартира на Баумана' }))[0]!);
  await user.click(await screen.findByRole('button', { name: 'Удалить объект' }));
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Удалить' }));

  await waitFor(() => expect(location().pathname).toBe('/lk/facility'));
  await waitFor(() => expect(api.callsTo('profile/facility/get-collection')).toHaveLength(2));
  expect((await screen.findAllByRole('link', { name: 'Дом на Пушкина' })).length).toBeGreaterThan(0);
  expect(screen.queryByRole('link', { name: 'Квартира на Баумана' })).not.toBeInTheDocument();
});

test('a facility deleted meanwhile (another tab) is not left standing: a 404 on delete leads to the list without it', async () => {
  let items = [makeFacility()];
  serveApi({
    ...lookupRoutes,
    'profile/facility/get': () => ok(makeFacility()),
    'DELETE profile/facility/delete': () => {
      items = [];
      return fail(404, FACILITY_MESSAGES.notFound);
    },
    'profile/facility/get-collection': () => ok({ items, total: items.length, page: 1, limit: 12 }),
  });
  const { location } = renderFacilityPages('/lk/facility/5');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Удалить объект' }));
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Удалить' }));

  await waitFor(() => expect(location().pathname).toBe('/lk/facility'));
  expect(toasts).toContainEqual({ type: 'info', message: FACILITY_ALREADY_DELETED });
  expect(toasts.filter((toast) => toast.type === 'error')).toEqual([]);
  expect(await screen.findByText('Объектов пока нет')).toBeInTheDocument();
  expect(screen.queryByText('Квартира на Баумана')).not.toBeInTheDocument();
});

test('the owner deletes one document; the facility is asked for again', async () => {
  let facility = withDocuments();
  const api = serveApi({
    ...lookupRoutes,
    'profile/facility/get': () => ok(facility),
    'POST profile/facility/document/delete': () => {
      facility = makeFacility({ documents: [makeDocument(32, 'Фото.png', true)] });
      return ok({ id: 31 }, FACILITY_MESSAGES.documentDeleted);
    },
  });
  renderFacilityPages('/lk/facility/5');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Удалить «План.pdf»' }));
  // Asked first, with «Отмена» in the focus; nothing is deleted until confirmed.
  const dialog = screen.getByRole('dialog', { name: 'Удалить документ?' });
  expect(dialog).toHaveTextContent('«План.pdf» будет удалён из объекта');
  expect(within(dialog).getByRole('button', { name: 'Отмена' })).toHaveFocus();
  expect(api.callsTo('POST profile/facility/document/delete')).toHaveLength(0);
  await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));

  await waitFor(() => expect(screen.queryByText('План.pdf')).not.toBeInTheDocument());
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(api.callsTo('POST profile/facility/document/delete')[0]?.body).toEqual({ id: 31 });
  expect(toasts).toContainEqual({ type: 'success', message: FACILITY_MESSAGES.documentDeleted });
});

test('once a deleted document’s row is gone, the focus goes to the next one’s «Удалить», else the one before, else to «Документов нет»; not to the page’s start', async () => {
  let documents = [makeDocument(31, 'План.pdf', false), makeDocument(32, 'Фото.png', true), makeDocument(33, 'Смета.pdf', false)];
  serveApi({
    ...lookupRoutes,
    'profile/facility/get': () => ok(makeFacility({ documents })),
    'POST profile/facility/document/delete': (_url, init) => {
      const { id } = JSON.parse(String(init?.body)) as { id: number };
      documents = documents.filter((document) => document.id !== id);
      return ok({ id }, FACILITY_MESSAGES.documentDeleted);
    },
  });
  // In the app's layout: the page's start (the dialog's own fallback) is its heading inside <main>.
  renderRoutes([{ path: '/lk/facility/:id', Component: () => <main><DetailPage /></main> }], '/lk/facility/5');
  const user = userEvent.setup();
  const remove = async (name: string) => {
    await user.click(screen.getByRole('button', { name: `Удалить «${name}»` }));
    await user.click(within(screen.getByRole('dialog', { name: 'Удалить документ?' })).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(screen.queryByText(name)).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  };
  await screen.findByRole('button', { name: 'Удалить «Фото.png»' });

  await remove('Фото.png');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Удалить «Смета.pdf»' })).toHaveFocus());
  await remove('Смета.pdf');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Удалить «План.pdf»' })).toHaveFocus());
  await remove('План.pdf');
  await waitFor(() => expect(screen.getByText(/^Документов нет/)).toHaveFocus());
});

test('the owner makes a stored document public, then private again; the box waits for the answer', async () => {
  let facility = withDocuments();
  let answer: (value: FakeAnswer) => void = () => undefined;
  const api = serveApi({
    ...lookupRoutes,
    'profile/facility/get': () => ok(facility),
    'PUT profile/facility/document/update': (_url, init) =>
      new Promise<FakeAnswer>((resolve) => {
        answer = resolve;
      }).then((result) => {
        const { public: isPublic } = JSON.parse(String(init?.body)) as { public: boolean };
        facility = makeFacility({ documents: [makeDocument(31, 'План.pdf', isPublic), makeDocument(32, 'Фото.png', true)] });
        return result;
      }),
  });
  renderFacilityPages('/lk/facility/5');
  const user = userEvent.setup();
  const box = await screen.findByRole('checkbox', { name: 'Виден всем: «План.pdf»' });
  expect(box).not.toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'Виден всем: «Фото.png»' })).toBeChecked();

  await user.click(box);
  expect(box).toBeChecked();
  // Busy, but focusable still (a disabled box would drop the focus to the body): a press meanwhile changes nothing.
  expect(box).toHaveAttribute('aria-disabled', 'true');
  expect(box).toHaveFocus();
  await user.keyboard(' ');
  expect(box).toBeChecked();
  expect(api.callsTo('PUT profile/facility/document/update')).toHaveLength(1);
  expect(api.callsTo('PUT profile/facility/document/update')[0]?.body).toEqual({ id: 31, public: true });
  answer(ok(makeDocument(31, 'План.pdf', true), FACILITY_MESSAGES.documentPublic));
  await waitFor(() => expect(box).not.toHaveAttribute('aria-disabled'));
  expect(box).toHaveFocus();
  expect(box).toBeChecked();
  expect(box.closest('li')).not.toHaveTextContent('Только для вас');
  expect(toasts).toContainEqual({ type: 'success', message: 'Документ виден всем' });

  await user.click(box);
  expect(api.callsTo('PUT profile/facility/document/update')[1]?.body).toEqual({ id: 31, public: false });
  answer(ok(makeDocument(31, 'План.pdf', false), FACILITY_MESSAGES.documentPrivate));
  await waitFor(() => expect(toasts).toContainEqual({ type: 'success', message: 'Документ виден только вам' }));
  expect(box).not.toBeChecked();
  expect(box).not.toHaveAttribute('aria-disabled');
  expect(box.closest('li')).toHaveTextContent('Только для вас');
});

test('a refused visibility change puts the box back and shows the server’s message', async () => {
  serveApi({
    ...lookupRoutes,
    'profile/facility/get': () => ok(withDocuments()),
    'PUT profile/facility/document/update': () => fail(404, FACILITY_MESSAGES.documentNotFound),
  });
  renderFacilityPages('/lk/facility/5');
  const user = userEvent.setup();
  const box = await screen.findByRole('checkbox', { name: 'Виден всем: «План.pdf»' });
  await user.click(box);

  await waitFor(() => expect(toasts).toContainEqual({ type: 'error', message: 'Документ не найден' }));
  expect(box).not.toBeChecked();
  expect(box).toBeEnabled();
  expect(toasts.filter((toast) => toast.type === 'success')).toEqual([]);
});

test('an unknown facility shows «Объект не найден» with the way back', async () => {
  serveApi({ ...lookupRoutes, 'profile/facility/get': () => fail(404, FACILITY_MESSAGES.notFound) });
  renderFacilityPages('/lk/facility/99');
  expect(await screen.findByRole('heading', { level: 1, name: 'Объект не найден' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'К моим объектам' })).toHaveAttribute('href', '/lk/facility');
});

test('a confirmed delete does not ask for the deleted facility again (a 404) while the next page loads, and leaves the focus on its heading', async () => {
  const api = serveApi({
    ...lookupRoutes,
    'profile/facility/get': () => ok(makeFacility()),
    'DELETE profile/facility/delete': () => ok({ id: 5 }, FACILITY_MESSAGES.deleted),
    'profile/facility/get-collection': () => ok({ items: [], total: 0, page: 1, limit: 12 }),
  });
  // As in the shell: the pages inside <main>, the list a lazy route (the detail page is drawn again while it loads).
  const router = createMemoryRouter(
    [
      {
        Component: () => (
          <main>
            <Outlet />
          </main>
        ),
        children: [
          { path: '/lk/facility', lazy: () => new Promise((resolve) => setTimeout(() => resolve({ Component: ListPage }), 50)) },
          { path: '/lk/facility/:id', Component: DetailPage },
        ],
      },
    ],
    { initialEntries: ['/lk/facility/5'] },
  );
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Удалить объект' }));
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Удалить' }));

  expect(await screen.findByText('Объектов пока нет')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/lk/facility');
  expect(api.callsTo('profile/facility/get')).toHaveLength(1);
  expect(screen.getByRole('heading', { level: 1, name: 'Мои объекты' })).toHaveFocus();
});
