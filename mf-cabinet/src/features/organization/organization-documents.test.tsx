import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrganizationDocument } from 'shared/lk';
import { declarations, fail, fakeFile, installFakeXhr, ok, readCss, recordSavedFiles, renderRoutes, serveApi, setUpPageTests } from 'shared/testing';
import { Component as ListPage } from '../../pages/organization-list-page';
import { DOCUMENT_ALREADY_DELETED, DOCUMENT_DELETED } from './notify';
import { listed, makeOrganization, signIn } from './testing/fixtures';

jest.setTimeout(20_000);

const toasts = setUpPageTests(() => signIn([{ id: 20, type: 'organization', name: 'ООО «Ромашка»' }], 20));

let xhr: ReturnType<typeof installFakeXhr> | undefined;
const savedFiles = recordSavedFiles();
afterEach(() => {
  xhr?.restore();
  xhr = undefined;
});

const doc = (id: number, name: string, sizeBytes = 153_600, uploadedAt = '2026-11-20T10:00:00.000Z'): OrganizationDocument => ({
  id,
  name,
  mimeType: 'application/pdf',
  sizeBytes,
  uploadedAt,
});
const CHARTER = doc(31, 'Устав.pdf');
const EXTRACT = doc(32, 'Выписка из ЕГРЮЛ.pdf', 2048, '2026-11-21T10:00:00.000Z');

/** The active organisation with `documents`, its server state changed by the routes a test adds. */
function serveOrganization(state: { documents: OrganizationDocument[]; role?: 'director' | 'employee' }, routes: Parameters<typeof serveApi>[0] = {}) {
  const organization = () => makeOrganization({ documents: state.documents, role: state.role ?? 'director' });
  return serveApi({
    'GET organization/get-collection': () => ok({ items: [listed(organization())] }),
    'GET organization/get/profile': () => ok(organization()),
    ...routes,
  });
}

const renderList = () => renderRoutes([{ path: '/lk/organization', Component: ListPage }], '/lk/organization');
const documentsRegion = () => screen.findByRole('region', { name: 'Документы' });
const choose = (input: HTMLElement, file: File) => act(async () => void fireEvent.change(input, { target: { files: [file] } }));

test('the director sees the documents with name, size and date, each with «Скачать» and «Удалить»', async () => {
  serveOrganization({ documents: [CHARTER, EXTRACT] });
  renderList();

  const region = await documentsRegion();
  const rows = within(within(region).getByRole('list', { name: 'Документы' })).getAllByRole('listitem');
  expect(rows).toHaveLength(2);
  expect(rows[0]).toHaveTextContent('Устав.pdf');
  expect(rows[0]).toHaveTextContent(/150\sКБ · загружен 20 ноября 2026/);
  expect(rows[1]).toHaveTextContent('Выписка из ЕГРЮЛ.pdf');
  expect(within(rows[0]!).getByRole('button', { name: 'Скачать «Устав.pdf»' })).toBeInTheDocument();
  expect(within(rows[0]!).getByRole('button', { name: 'Удалить «Устав.pdf»' })).toBeInTheDocument();
  expect(within(region).getByLabelText('Загрузить документ')).toBeInTheDocument();
});

test('the director uploads a document with its progress shown; it is listed at once, and the organisation asked for again', async () => {
  const state = { documents: [CHARTER] };
  const api = serveOrganization(state);
  xhr = installFakeXhr();
  renderList();
  const region = await documentsRegion();

  await choose(within(region).getByLabelText('Загрузить документ'), fakeFile('Выписка из ЕГРЮЛ.pdf', 2048, 'application/pdf'));
  await waitFor(() => expect(xhr!.requests).toHaveLength(1));
  const request = xhr.requests[0]!;
  expect(request.url.pathname).toBe('/api/organization/document/upload');
  expect(request.file?.name).toBe('Выписка из ЕГРЮЛ.pdf');
  expect(request.fields).toEqual({});

  act(() => request.progress(1024, 2048));
  expect(within(region).getByRole('progressbar', { name: 'Загрузка файла «Выписка из ЕГРЮЛ.pdf»' })).toHaveAttribute('value', '50');
  expect(within(region).getByRole('button', { name: 'Отменить загрузку' })).toBeInTheDocument();

  const profileGets = api.callsTo('GET organization/get/profile').length;
  state.documents = [CHARTER, EXTRACT];
  act(() => request.respond(ok(EXTRACT, 'Документ загружен')));

  expect(await within(region).findByText('Выписка из ЕГРЮЛ.pdf', { selector: '.cabinet-document__name' })).toBeInTheDocument();
  expect(within(region).getByText('Файл «Выписка из ЕГРЮЛ.pdf» загружен')).toHaveAttribute('role', 'status');
  await waitFor(() => expect(api.callsTo('GET organization/get/profile').length).toBeGreaterThan(profileGets));
  expect(within(region).getAllByRole('listitem')).toHaveLength(2);
});

test('a refused upload says why in Russian and lists nothing new', async () => {
  serveOrganization({ documents: [] });
  xhr = installFakeXhr(() => fail(403, 'Это может сделать только руководитель организации'));
  renderList();
  const region = await documentsRegion();

  await choose(within(region).getByLabelText('Загрузить документ'), fakeFile('Устав.pdf', 2048, 'application/pdf'));

  expect(await within(region).findByRole('alert')).toHaveTextContent('«Устав.pdf»: Это может сделать только руководитель организации');
  expect(within(region).queryByRole('list')).not.toBeInTheDocument();
});

test('«Скачать» downloads the document by its id under its name; a failure is said', async () => {
  let broken = false;
  const api = serveOrganization(
    { documents: [CHARTER] },
    { 'GET organization/document/download': () => (broken ? fail(500, 'Сервис временно недоступен') : { blob: new Blob(['%PDF'], { type: 'application/pdf' }) }) },
  );
  renderList();
  const user = userEvent.setup();
  const download = within(await documentsRegion()).getByRole('button', { name: 'Скачать «Устав.pdf»' });

  await user.click(download);
  await waitFor(() => expect(savedFiles).toEqual(['Устав.pdf']));
  expect(api.callsTo('GET organization/document/download')[0]?.query.get('id')).toBe('31');

  broken = true;
  await user.click(download);
  await waitFor(() => expect(toasts.filter((toast) => toast.type === 'error')).toHaveLength(1));
});

test('deleting asks first («Отмена» in the focus), then deletes; the focus goes to the next document, then to the empty list', async () => {
  const state = { documents: [CHARTER, EXTRACT] };
  const api = serveOrganization(state, {
    'DELETE organization/document/delete': (url) => {
      const id = Number(url.searchParams.get('id'));
      state.documents = state.documents.filter((document) => document.id !== id);
      return ok({ id }, 'Документ удалён');
    },
  });
  renderRoutes([{ path: '/lk/organization', Component: () => <main><ListPage /></main> }], '/lk/organization');
  const user = userEvent.setup();
  const region = await documentsRegion();

  await user.click(within(region).getByRole('button', { name: 'Удалить «Устав.pdf»' }));
  const dialog = screen.getByRole('dialog', { name: 'Удалить документ?' });
  expect(dialog).toHaveTextContent('«Устав.pdf» будет удалён из документов организации');
  expect(within(dialog).getByRole('button', { name: 'Отмена' })).toHaveFocus();
  await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(api.callsTo('DELETE organization/document/delete')).toHaveLength(0);

  await user.click(within(region).getByRole('button', { name: 'Удалить «Устав.pdf»' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Удалить документ?' })).getByRole('button', { name: 'Удалить' }));
  await waitFor(() => expect(within(region).queryByText('Устав.pdf')).not.toBeInTheDocument());
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(api.callsTo('DELETE organization/document/delete')[0]?.query.get('id')).toBe('31');
  expect(toasts).toContainEqual({ type: 'success', message: DOCUMENT_DELETED });
  await waitFor(() => expect(within(region).getByRole('button', { name: 'Удалить «Выписка из ЕГРЮЛ.pdf»' })).toHaveFocus());

  await user.keyboard('{Enter}');
  await user.click(within(screen.getByRole('dialog', { name: 'Удалить документ?' })).getByRole('button', { name: 'Удалить' }));
  await waitFor(() => expect(within(region).getByText(/^Документов пока нет/)).toHaveFocus());
});

test('a refused delete keeps the server’s reason in the dialog and the document in the list; the error toast (spec §7) shows it, silent', async () => {
  serveOrganization({ documents: [CHARTER] }, { 'DELETE organization/document/delete': () => fail(500, 'Сервис временно недоступен') });
  renderList();
  const user = userEvent.setup();
  const region = await documentsRegion();

  await user.click(within(region).getByRole('button', { name: 'Удалить «Устав.pdf»' }));
  const dialog = screen.getByRole('dialog', { name: 'Удалить документ?' });
  await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));

  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Сервис временно недоступен');
  expect(within(region).getByText('Устав.pdf')).toBeInTheDocument();
  expect(toasts.filter((toast) => toast.type === 'error')).toEqual([{ type: 'error', message: 'Сервис временно недоступен', silent: true }]);
});

test('a document deleted meanwhile (another tab) goes from the list, said as already deleted', async () => {
  const state = { documents: [CHARTER] };
  serveOrganization(state, {
    'DELETE organization/document/delete': () => {
      state.documents = [];
      return fail(404, 'Документ не найден');
    },
  });
  renderList();
  const user = userEvent.setup();
  const region = await documentsRegion();

  await user.click(within(region).getByRole('button', { name: 'Удалить «Устав.pdf»' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Удалить документ?' })).getByRole('button', { name: 'Удалить' }));

  await waitFor(() => expect(within(region).queryByText('Устав.pdf')).not.toBeInTheDocument());
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(toasts).toContainEqual({ type: 'info', message: DOCUMENT_ALREADY_DELETED });
  // Done as asked: no error toast.
  expect(toasts.filter((toast) => toast.type === 'error')).toEqual([]);
});

test('an employee sees and downloads the documents, but neither uploads nor deletes', async () => {
  serveOrganization({ documents: [CHARTER], role: 'employee' });
  renderList();

  const region = await documentsRegion();
  expect(within(region).getByRole('button', { name: 'Скачать «Устав.pdf»' })).toBeInTheDocument();
  expect(within(region).queryByRole('button', { name: /Удалить/ })).not.toBeInTheDocument();
  expect(within(region).queryByLabelText('Загрузить документ')).not.toBeInTheDocument();
});

test('without documents the director is told what to upload; an employee only that there are none', async () => {
  serveOrganization({ documents: [] });
  const { unmount } = renderList();
  const region = await documentsRegion();
  expect(within(region).getByText(/^Документов пока нет\. Загрузите устав/)).toBeInTheDocument();
  expect(within(region).getByLabelText('Загрузить документ')).toBeInTheDocument();
  unmount();

  serveOrganization({ documents: [], role: 'employee' });
  renderList();
  expect(within(await documentsRegion()).getByText('Документов пока нет.')).toBeInTheDocument();
});

test('on a 360 px phone a long document name breaks instead of widening the page, and the buttons wrap under it', () => {
  const css = readCss(`${__dirname}/../../components`, 'document-row.css');
  expect(declarations(css, '.cabinet-document')['flex-wrap']).toBe('wrap');
  expect(declarations(css, '.cabinet-document__info')['min-width']).toBe('0');
  expect(declarations(css, '.cabinet-document__name')['overflow-wrap']).toBe('anywhere');
  expect(declarations(css, '.cabinet-document__actions')['flex-wrap']).toBe('wrap');
});
