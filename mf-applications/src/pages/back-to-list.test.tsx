import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { listAnswer, ok, setUpPageTests, stubApi } from 'shared/testing';
import { Component as DetailPage } from './application-detail-page';
import { Component as EditPage } from './application-edit-page';
import { Component as ListPage } from './application-list-page';
import { makeApplication, renderRoutes, signInAs } from '../testing/render-page';
import { COMPLETE_VIEW, lkView, lookupRoutes } from '../features/form/testing/form-fixtures';

jest.setTimeout(20_000);
setUpPageTests(() => signInAs('customer'));

const VIEW = '/lk/application?status=published&page=2';
const backLink = () => screen.getByRole('link', { name: /Мои заявки/ });

function renderCabinet() {
  stubApi({
    ...lookupRoutes,
    'user/application/get-collection': () =>
      listAnswer([makeApplication({ id: 41, name: 'Ремонт крыши', status: 'published' }), makeApplication({ id: 42, name: 'Черновик ремонта', status: 'draft' })], { total: 8, page: 2 }),
    'application/get': (url) =>
      String(url).includes('id=42')
        ? ok(lkView({ ...COMPLETE_VIEW, id: 42, name: 'Черновик ремонта', status: 'draft' }))
        : ok(lkView({ ...COMPLETE_VIEW, status: 'published', allowedActions: ['application/update', 'application/delete'] })),
  });
  return renderRoutes(
    [
      { path: '/lk/application', Component: ListPage },
      { path: '/lk/application/detail/:id', Component: DetailPage },
      { path: '/lk/application/edit/:id', Component: EditPage },
    ],
    VIEW,
  );
}

test('«Мои заявки» on a detail opened from a tab and page of the list leads back to that tab and page, and so from its form', async () => {
  const { location } = renderCabinet();
  const user = userEvent.setup();

  await user.click(await screen.findByRole('link', { name: 'Ремонт крыши' }));
  await waitFor(() => expect(location().pathname).toBe('/lk/application/detail/41'));
  await screen.findByRole('heading', { level: 1, name: 'Ремонт крыши' });
  expect(backLink()).toHaveAttribute('href', VIEW);

  // On to the form from the detail: its «Мои заявки» still leads to the same view.
  await user.click(screen.getByRole('link', { name: 'Редактировать' }));
  await waitFor(() => expect(location().pathname).toBe('/lk/application/edit/41'));
  expect(await screen.findByLabelText('Название')).toHaveValue('Ремонт крыши');
  expect(backLink()).toHaveAttribute('href', VIEW);
});

test('«Мои заявки» on a draft opened in its form from a page of the list leads back to that page', async () => {
  const { location } = renderCabinet();
  const user = userEvent.setup();

  await user.click(await screen.findByRole('link', { name: 'Черновик ремонта' }));
  await waitFor(() => expect(location().pathname).toBe('/lk/application/edit/42'));
  expect(await screen.findByLabelText('Название')).toHaveValue('Черновик ремонта');
  expect(backLink()).toHaveAttribute('href', VIEW);
});

test('a detail opened without a list view behind it (a link, a reload) leads to the list itself', async () => {
  stubApi({ ...lookupRoutes, 'application/get': () => ok(lkView({ ...COMPLETE_VIEW, status: 'published', allowedActions: ['application/update'] })) });
  renderRoutes([{ path: '/lk/application/detail/:id', Component: DetailPage }], '/lk/application/detail/41');
  await screen.findByRole('heading', { level: 1, name: 'Ремонт крыши' });
  expect(backLink()).toHaveAttribute('href', '/lk/application');
});
