import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApplicationView, DocumentInfo } from 'shared';
import { callsTo, fail, fakeFile, installFakeXhr, ok, setUpPageTests, stubApi, type FakeAnswer } from 'shared/testing';
import { renderRoutes, signInAs } from '../../testing/render-page';
import { useApplication } from './api/get-application';
import { DocumentsField } from './components/documents-field';
import { lkView } from './testing/form-fixtures';

const PHOTO: DocumentInfo = { id: 31, name: 'photo.png', mimeType: 'image/png', sizeBytes: 2048, public: false, createdAt: '2026-11-20T10:00:00.000Z' };
const ESTIMATE: DocumentInfo = { id: 32, name: 'Смета.pdf', mimeType: 'application/pdf', sizeBytes: 4096, public: true, createdAt: '2026-11-20T11:00:00.000Z' };

const toasts = setUpPageTests(() => signInAs('customer'));

/** The field as the edit page feeds it: documents and status from the cached `application/get`. */
function EditPage() {
  const { data } = useApplication(41);
  return data ? <DocumentsField applicationId={data.id} documents={data.documents} status={data.status} /> : null;
}

/** `application/get` answers `before` until a delete went through, then `after`. */
function serveDelete(before: ApplicationView, after: ApplicationView, answer: () => FakeAnswer) {
  let deleted = false;
  return stubApi({
    'GET application/get': () => ok(deleted ? after : before),
    'POST application/document/delete': () => {
      const result = answer();
      deleted = (result.status ?? 200) === 200;
      return result;
    },
  });
}

const renderEdit = () => renderRoutes([{ path: '/lk/application/edit/:id', Component: EditPage }], '/lk/application/edit/41');
const confirmDelete = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
  await user.click(screen.getByRole('button', { name: `Удалить документ ${name}` }));
  await user.click(within(screen.getByRole('dialog', { name: `Удалить документ «${name}»?` })).getByRole('button', { name: 'Удалить' }));
};

test('on the edit page a confirmed «Удалить» sends the document id, the list loses it, the focus goes to the next one', async () => {
  const fetchMock = serveDelete(lkView({ documents: [PHOTO, ESTIMATE] }), lkView({ documents: [ESTIMATE] }), () => ok({ id: PHOTO.id }, 'Документ удалён'));
  const user = userEvent.setup();
  renderEdit();
  const documents = await screen.findByRole('region', { name: 'Документы' });

  await user.click(within(documents).getByRole('button', { name: 'Удалить документ photo.png' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Удалить документ «photo.png»?' })).getByRole('button', { name: 'Отмена' }));
  expect(callsTo(fetchMock, 'POST application/document/delete')).toHaveLength(0);

  await confirmDelete(user, 'photo.png');

  await waitFor(() => expect(within(documents).queryByText('photo.png')).not.toBeInTheDocument());
  expect(callsTo(fetchMock, 'POST application/document/delete').map((call) => call.body)).toEqual([{ id: PHOTO.id }]);
  expect(toasts).toEqual([{ type: 'success', message: 'Документ удалён' }]);
  expect(within(documents).getByText('Смета.pdf')).toBeInTheDocument();
  await waitFor(() => expect(within(documents).getByRole('button', { name: 'Удалить документ Смета.pdf' })).toHaveFocus());
});

/** «Удалить документ …» → «Удалить» in the confirmation, by keyboard alone. */
const deleteByKeyboard = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
  screen.getByRole('button', { name: `Удалить документ ${name}` }).focus();
  await user.keyboard('{Enter}');
  const dialog = screen.getByRole('dialog', { name: `Удалить документ «${name}»?` });
  await user.tab({ shift: true });
  expect(within(dialog).getByRole('button', { name: 'Удалить' })).toHaveFocus();
  await user.keyboard('{Enter}');
};

/** A new draft's field with `files` just uploaded (ids from 9 on). */
async function renderWithUploads(...files: DocumentInfo[]) {
  const xhr = installFakeXhr();
  renderRoutes([{ path: '/', Component: () => <DocumentsField applicationId={41} documents={[]} status="draft" /> }], '/');
  for (const [index, file] of files.entries()) {
    const input = screen.getByLabelText('Прикрепить документ');
    await act(async () => void fireEvent.change(input, { target: { files: [fakeFile(file.name, file.sizeBytes, file.mimeType)] } }));
    await act(async () => xhr.requests[index]?.respond(ok(file)));
  }
  xhr.restore();
}

test('a file just attached to a new draft can be removed by keyboard; the last one gone, the focus goes to the section\'s heading, not the hidden file input', async () => {
  stubApi({ 'POST application/document/delete': () => ok({ id: 9 }) });
  const user = userEvent.setup();
  await renderWithUploads({ ...PHOTO, id: 9 });

  await deleteByKeyboard(user, 'photo.png');

  await waitFor(() => expect(screen.queryByText('photo.png')).not.toBeInTheDocument());
  expect(toasts).toEqual([{ type: 'success', message: 'Документ удалён' }]);
  await waitFor(() => expect(screen.getByRole('heading', { name: 'Документы' })).toHaveFocus());
});

test('of two files just attached, the one removed by keyboard gives the focus to the other one\'s «Удалить документ…»', async () => {
  stubApi({ 'POST application/document/delete': () => ok({ id: 9 }) });
  const user = userEvent.setup();
  await renderWithUploads({ ...PHOTO, id: 9 }, { ...ESTIMATE, id: 10 });

  await deleteByKeyboard(user, 'photo.png');

  await waitFor(() => expect(screen.queryByText('photo.png')).not.toBeInTheDocument());
  await waitFor(() => expect(screen.getByRole('button', { name: 'Удалить документ Смета.pdf' })).toHaveFocus());
});

test('the same file chosen again answers the document the server kept (QA CCC-2): it is listed once', async () => {
  await renderWithUploads({ ...ESTIMATE, id: 9 }, { ...ESTIMATE, id: 9 });
  expect(screen.getAllByText('Смета.pdf')).toHaveLength(1);
});

test("a refusal shows the server's message and the document stays", async () => {
  const view = lkView({ documents: [PHOTO] });
  const fetchMock = serveDelete(view, view, () => fail(403, 'Документы к заявке добавляет и удаляет только заказчик'));
  const user = userEvent.setup();
  renderEdit();
  await screen.findByText('photo.png');

  await confirmDelete(user, 'photo.png');

  await waitFor(() => expect(toasts).toEqual([{ type: 'error', message: 'Документы к заявке добавляет и удаляет только заказчик' }]));
  expect(callsTo(fetchMock, 'POST application/document/delete')).toHaveLength(1);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.getByText('photo.png')).toBeInTheDocument();
});

test('without the status (the rule cannot be read) no «Удалить» is offered', () => {
  stubApi({});
  renderRoutes([{ path: '/', Component: () => <DocumentsField applicationId={41} documents={[PHOTO]} /> }], '/');
  expect(screen.getByText('photo.png')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Удалить/ })).not.toBeInTheDocument();
});
