import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FACILITY_MESSAGES } from 'shared/lk';
import { fail, ok, renderRoutes, serveApi, setUpPageTests } from 'shared/testing';
import { Component as DetailPage } from '../../pages/facility-page';
import { lookupRoutes, makeDocument, makeFacility, signIn } from './testing/fixtures';

jest.mock('react-leaflet', () => jest.requireActual('./testing/react-leaflet-mock'));
jest.setTimeout(20_000);

const toasts = setUpPageTests(signIn);

test('a document deleted meanwhile (another tab) goes from the list, said as already deleted; the focus goes to the next one’s «Удалить»', async () => {
  let documents = [makeDocument(31, 'План.pdf', false), makeDocument(32, 'Фото.png', true)];
  const api = serveApi({
    ...lookupRoutes,
    'profile/facility/get': () => ok(makeFacility({ documents })),
    'POST profile/facility/document/delete': () => {
      documents = documents.filter((document) => document.id !== 31);
      return fail(404, FACILITY_MESSAGES.documentNotFound);
    },
  });
  renderRoutes([{ path: '/lk/facility/:id', Component: () => <main><DetailPage /></main> }], '/lk/facility/5');
  const user = userEvent.setup();

  const remove = await screen.findByRole('button', { name: 'Удалить «План.pdf»' });
  expect(remove).toHaveAttribute('aria-haspopup', 'dialog');
  await user.click(remove);
  const dialog = screen.getByRole('dialog', { name: 'Удалить документ?' });
  await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));

  await waitFor(() => expect(screen.queryByText('План.pdf')).not.toBeInTheDocument());
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(api.callsTo('POST profile/facility/document/delete')[0]?.body).toEqual({ id: 31 });
  expect(toasts).toContainEqual({ type: 'info', message: 'Документ уже удалён' });
  expect(toasts.filter((toast) => toast.type === 'error')).toEqual([]);
  await waitFor(() => expect(screen.getByRole('button', { name: 'Удалить «Фото.png»' })).toHaveFocus());
});

// QA AAC-6: just after midnight in Moscow, the cabinet dated an upload by the browser's zone
// (6 December in UTC) while its public page said 7 December.
test('a document is dated by the product’s calendar (Moscow’s), as its public page dates it, whatever the browser’s zone', async () => {
  const uploaded = { ...makeDocument(31, 'План.pdf', false), createdAt: '2026-12-06T21:30:00Z' };
  serveApi({ ...lookupRoutes, 'profile/facility/get': () => ok(makeFacility({ documents: [uploaded] })) });
  renderRoutes([{ path: '/lk/facility/:id', Component: () => <main><DetailPage /></main> }], '/lk/facility/5');

  expect(await screen.findByText(/7 декабря 2026/)).toHaveTextContent('2 КБ · 7 декабря 2026');
});
