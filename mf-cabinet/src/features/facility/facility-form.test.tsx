import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Link } from 'react-router-dom';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { useSessionStore } from 'shared';
import { FACILITY_CHANGED, FACILITY_MAX_FILES, FACILITY_MESSAGES, FACILITY_TOO_MANY_FILES_MESSAGE, facilitySeenOf } from 'shared/lk';
import { fail, fakeFile, installFakeXhr, ok, renderRoutes, serveApi, setUpPageTests, failsUntilRetried } from 'shared/testing';
import { Component as FormPage } from '../../pages/facility-form-page';
import { Component as DetailPage } from '../../pages/facility-page';
import { NO_TOKEN_MESSAGE, SAVE_UNANSWERED_MESSAGE, UPDATE_ERROR_MESSAGE } from './api/save-facility';
import { FACILITY_SAVE_CANCELLED } from './components/facility-form';
import { COORDINATE_MESSAGES } from './lib/form-values';
import { KAZAN, lookupRoutes, makeDocument, makeFacility, renderFacilityPages, signIn } from './testing/fixtures';
import { mockMap } from './testing/react-leaflet-mock';

jest.mock('react-leaflet', () => jest.requireActual('./testing/react-leaflet-mock'));
jest.setTimeout(30_000);

const toasts = setUpPageTests(signIn);
let xhr: ReturnType<typeof installFakeXhr>;
beforeEach(() => {
  xhr = installFakeXhr();
});
afterEach(() => xhr.restore());

async function fillRequired(user: UserEvent) {
  await user.type(screen.getByLabelText('Название'), 'Квартира на Баумана');
  await screen.findByRole('option', { name: 'Квартира' });
  await user.selectOptions(screen.getByLabelText('Тип объекта'), 'Квартира');
  await user.type(screen.getByLabelText('Описание'), 'Третий этаж');
  await user.type(screen.getByRole('combobox', { name: 'Адрес объекта' }), 'Каза');
  await user.click(await screen.findByRole('option', { name: KAZAN.value }));
}

test('tells the owner before he writes that the facility is public, and that its documents are not unless marked', async () => {
  serveApi(lookupRoutes);
  renderFacilityPages('/lk/facility/form');
  await screen.findByRole('option', { name: 'Квартира' });
  expect(screen.getByText(/^Объект виден всем посетителям площадки/)).toHaveTextContent('Не пишите здесь коды домофона');
  // A document can be made public later too, on the facility's page.
  expect(screen.getByText(/^Объект виден всем посетителям площадки/)).toHaveTextContent('пока вы не отметите их «Виден всем» — при добавлении или позже, на странице объекта.');
  expect(screen.getByLabelText('Описание')).toHaveAccessibleDescription(/видно всем/);
});

test.each([
  ['/lk/facility/form', 'Новый объект'],
  ['/lk/facility/form?id=5', 'Изменение объекта'],
])('%s says its title once, as the page’s h1: the form under it does not repeat it as a heading of its own', async (path, title) => {
  serveApi({ ...lookupRoutes, 'profile/facility/get': () => ok(makeFacility()) });
  renderFacilityPages(path);
  const form = await screen.findByRole('form', { name: 'Объект' });

  expect(screen.getAllByRole('heading', { name: title })).toEqual([screen.getByRole('heading', { level: 1, name: title })]);
  expect(within(form).queryAllByRole('heading')).toEqual([]);
});

test('submitting an empty form shows the contract’s messages in Russian and sends nothing', async () => {
  serveApi(lookupRoutes);
  renderFacilityPages('/lk/facility/form');
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Широта'), '95');
  await user.click(screen.getByRole('button', { name: 'Создать объект' }));

  await waitFor(() => expect(screen.getByLabelText('Название')).toHaveAccessibleDescription(FACILITY_MESSAGES.nameRequired));
  expect(screen.getByLabelText('Тип объекта')).toHaveAccessibleDescription(FACILITY_MESSAGES.typeRequired);
  expect(screen.getByRole('combobox', { name: 'Адрес объекта' })).toHaveAccessibleDescription(new RegExp(FACILITY_MESSAGES.addressRequired));
  expect(screen.getByLabelText('Широта')).toHaveAccessibleDescription(COORDINATE_MESSAGES.lat);
  expect(xhr.requests).toHaveLength(0);
});

test('an address typed but not chosen from the suggestions: the submit says to choose one, not to give one', async () => {
  serveApi(lookupRoutes);
  renderFacilityPages('/lk/facility/form');
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Название'), 'Квартира на Баумана');
  await screen.findByRole('option', { name: 'Квартира' });
  await user.selectOptions(screen.getByLabelText('Тип объекта'), 'Квартира');
  const address = screen.getByRole('combobox', { name: 'Адрес объекта' });
  await user.type(address, 'Казань, Баумана 5');
  // Pressed with the mouse: the field keeps its focus and its text, and is the first invalid one.
  await user.click(screen.getByRole('button', { name: 'Создать объект' }));

  await waitFor(() => expect(address).toHaveAttribute('aria-invalid', 'true'));
  expect(address).toHaveFocus();
  expect(address).toHaveValue('Казань, Баумана 5');
  expect(address).toHaveAccessibleDescription(/Выберите адрес из подсказок/);
  expect(address).not.toHaveAccessibleDescription(new RegExp(FACILITY_MESSAGES.addressRequired));
  expect(xhr.requests).toHaveLength(0);
});

test('an edit’s address typed over and not chosen: «Сохранить» says to choose one instead of saving the old address; chosen, it is saved', async () => {
  serveApi({ ...lookupRoutes, 'profile/facility/get': () => ok(makeFacility()) });
  renderFacilityPages('/lk/facility/form?id=5');
  const user = userEvent.setup();
  const address = await screen.findByRole('combobox', { name: 'Адрес объекта' });
  await waitFor(() => expect(address).toHaveValue(KAZAN.value));
  await waitFor(() => expect(screen.getByLabelText('Тип объекта')).toHaveValue('1'));

  await user.type(address, 'Казань, Кремлёвская 2', { initialSelectionStart: 0, initialSelectionEnd: KAZAN.value.length });
  // Left for another field, it keeps the typed text (it did not: the old address came back, and was saved).
  await user.click(screen.getByLabelText('Описание'));
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));

  await waitFor(() => expect(address).toHaveFocus());
  expect(address).toHaveAttribute('aria-invalid', 'true');
  expect(address).toHaveAccessibleDescription(/Выберите адрес из подсказок/);
  expect(address).toHaveValue('Казань, Кремлёвская 2');
  expect(xhr.requests).toHaveLength(0);

  await user.clear(address);
  await user.type(address, 'Каза');
  await user.click(await screen.findByRole('option', { name: KAZAN.value }));
  expect(address).not.toHaveAttribute('aria-invalid');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  await waitFor(() => expect(xhr.requests).toHaveLength(1));
  expect(xhr.requests[0]?.fields).toMatchObject({ address: JSON.stringify(KAZAN) });
});

/** A new facility with one file, «Создать объект» pressed: its create request is out, not answered yet. */
async function createWithFile() {
  serveApi(lookupRoutes);
  const { location } = renderFacilityPages('/lk/facility/form');
  const user = userEvent.setup();
  await fillRequired(user);
  fireEvent.change(screen.getByLabelText('Добавить документы'), { target: { files: [fakeFile('План.pdf', 2048)] } });
  await user.click(screen.getByRole('button', { name: 'Создать объект' }));
  await waitFor(() => expect(xhr.requests).toHaveLength(1));
  return { location, user };
}

test('create sends multipart with the fields and the files (private, then public) with progress, then opens the list', async () => {
  serveApi(lookupRoutes);
  const { location } = renderFacilityPages('/lk/facility/form');
  const user = userEvent.setup();
  await fillRequired(user);
  // The chosen address brings its point.
  expect(screen.getByLabelText('Широта')).toHaveValue('55.79');
  expect(screen.getByLabelText('Долгота')).toHaveValue('49.11');

  fireEvent.change(screen.getByLabelText('Добавить документы'), { target: { files: [fakeFile('План.pdf', 2048), fakeFile('Фото.png', 2048)] } });
  await user.click(screen.getByRole('checkbox', { name: 'Виден всем: «Фото.png»' }));
  await user.click(screen.getByRole('button', { name: 'Создать объект' }));

  await waitFor(() => expect(xhr.requests).toHaveLength(1));
  const [create] = xhr.requests;
  expect(create?.method).toBe('POST');
  expect(create?.url.pathname).toBe('/api/profile/facility/create');
  expect(create?.headers.Authorization).toBe('Bearer access-token');
  expect(create?.fields).toEqual({ name: 'Квартира на Баумана', typeId: '1', description: 'Третий этаж', address: JSON.stringify(KAZAN), public: 'false', clientKey: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) });
  expect(create?.entries.map(([name]) => name)).toEqual(['name', 'typeId', 'description', 'address', 'public', 'clientKey', 'file']);
  expect(create?.files.map((file) => file.name)).toEqual(['План.pdf']);

  await act(async () => create?.progress(1024, 2048));
  expect(screen.getByRole('progressbar', { name: 'Загрузка документов' })).toHaveAttribute('value', '25');
  await act(async () => create?.respond(ok(makeFacility(), FACILITY_MESSAGES.created)));

  await waitFor(() => expect(xhr.requests).toHaveLength(2));
  const more = xhr.requests[1]!;
  expect(more.url.pathname).toBe('/api/profile/facility/update');
  // As the create left the facility: the files that follow are no save over it unseen.
  expect(more.fields).toMatchObject({ _method: 'PUT', id: '5', public: 'true', seen: JSON.stringify(facilitySeenOf(makeFacility())) });
  expect(more.files.map((file) => file.name)).toEqual(['Фото.png']);
  await act(async () => more.progress(2048, 2048));
  expect(screen.getByRole('progressbar', { name: 'Загрузка документов' })).toHaveAttribute('value', '100');
  await act(async () => more.respond(ok(makeFacility(), FACILITY_MESSAGES.saved)));

  await waitFor(() => expect(location().pathname).toBe('/lk/facility'));
  expect(toasts).toContainEqual({ type: 'success', message: FACILITY_MESSAGES.created });
});

describe('Back after a save does not open the spent form', () => {
  /** Presses the form's submit, answers its one request with success, and waits for the page it leads to. */
  async function saveAndLand(user: ReturnType<typeof userEvent.setup>, submit: string, message: string, location: () => { pathname: string }, landing: string) {
    await user.click(screen.getByRole('button', { name: submit }));
    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    await act(async () => xhr.requests[0]?.respond(ok(makeFacility(), message)));
    await waitFor(() => expect(location().pathname).toBe(landing));
  }

  test('a new facility: Back from the list it led to goes to the page before the form, not to an empty «Новый объект» that would create it twice', async () => {
    serveApi({ ...lookupRoutes, 'profile/facility/get-collection': () => ok({ items: [makeFacility()], total: 1, page: 1, limit: 12 }) });
    const { location, go } = renderFacilityPages('/lk/facility');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Добавить объект' }));
    await waitFor(() => expect(location().pathname).toBe('/lk/facility/form'));
    await fillRequired(user);
    await saveAndLand(user, 'Создать объект', FACILITY_MESSAGES.created, location, '/lk/facility');

    await go(-1);
    expect(location().pathname).toBe('/lk/facility');
    expect(screen.queryByRole('heading', { level: 1, name: 'Новый объект' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Создать объект' })).not.toBeInTheDocument();
  });

  test('an edit: Back from the facility’s page goes to the page before the form, not to the form again', async () => {
    serveApi({ ...lookupRoutes, 'profile/facility/get': () => ok(makeFacility()) });
    const { location, go } = renderFacilityPages('/lk/facility/5');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Изменить' }));
    await waitFor(() => expect(screen.getByLabelText('Тип объекта')).toHaveValue('1'));
    await user.type(screen.getByLabelText('Название'), ' с ремонтом');
    await saveAndLand(user, 'Сохранить', FACILITY_MESSAGES.saved, location, '/lk/facility/5');

    await go(-1);
    expect(location().pathname).toBe('/lk/facility/5');
    expect(location().search).toBe('');
    expect(screen.queryByRole('button', { name: 'Сохранить' })).not.toBeInTheDocument();
  });
});

test('a refusal the server words as its field\'s error (a type gone meanwhile) is said at that field alone, once; its error toast (spec §7) is silent', async () => {
  serveApi(lookupRoutes);
  renderFacilityPages('/lk/facility/form');
  const user = userEvent.setup();
  await fillRequired(user);
  await user.click(screen.getByRole('button', { name: 'Создать объект' }));
  await waitFor(() => expect(xhr.requests).toHaveLength(1));
  const refusal = FACILITY_MESSAGES.typeRequired;
  await act(async () => xhr.requests[0]?.respond({ status: 422, body: { code: 'validation', message: refusal, errors: { typeId: refusal } } }));

  const type = screen.getByLabelText('Тип объекта');
  await waitFor(() => expect(type).toHaveAccessibleDescription(new RegExp(refusal)));
  expect(type).toHaveFocus();
  expect(screen.queryAllByRole('alert').filter((alert) => alert.textContent?.includes(refusal))).toEqual([]);
  expect(toasts.filter((toast) => toast.type === 'error')).toEqual([{ type: 'error', message: refusal, silent: true }]);
});

describe('a refusal of the field that keeps the focus (Enter in it) is said as a status', () => {
  /** The status line that says `message` (the page has other status lines too). */
  const statusSaying = (message: string) => screen.getAllByRole('status').filter((status) => status.textContent === message);

  test('the form’s check: each Enter says it anew', async () => {
    serveApi(lookupRoutes);
    renderFacilityPages('/lk/facility/form');
    const user = userEvent.setup();
    const name = screen.getByLabelText('Название');
    await user.click(name);
    expect(statusSaying(FACILITY_MESSAGES.nameRequired)).toEqual([]);

    await user.keyboard('{Enter}');
    await waitFor(() => expect(name).toHaveAccessibleDescription(FACILITY_MESSAGES.nameRequired));
    expect(name).toHaveFocus();
    const [status] = statusSaying(FACILITY_MESSAGES.nameRequired);
    expect(status).toBeDefined();
    const first = status!.firstElementChild;

    await user.keyboard('{Enter}');
    await waitFor(() => expect(status!.firstElementChild).not.toBe(first));
    expect(status!.textContent).toBe(FACILITY_MESSAGES.nameRequired);
    expect(xhr.requests).toHaveLength(0);
  });

  test('the server’s, on the field the Enter was pressed in', async () => {
    serveApi(lookupRoutes);
    renderFacilityPages('/lk/facility/form');
    const user = userEvent.setup();
    await fillRequired(user);
    const description = screen.getByLabelText('Описание');
    // Enter in a textarea is a new line: the form is sent by its button, pressed while the field keeps the focus.
    await user.click(description);
    await user.click(screen.getByRole('button', { name: 'Создать объект' }));
    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    const refusal = 'Описание содержит запрещённые слова';
    await act(async () => xhr.requests[0]?.respond({ status: 422, body: { code: 'validation', message: refusal, errors: { description: refusal } } }));

    await waitFor(() => expect(description).toHaveAccessibleDescription(new RegExp(refusal)));
    expect(description).toHaveFocus();
    expect(statusSaying(refusal)).toHaveLength(1);
  });
});

test('a failed save is said once, by the error toast (spec §7), not by an alert too, and the focus stays on the submit button to send it again', async () => {
  serveApi(lookupRoutes);
  renderFacilityPages('/lk/facility/form');
  const user = userEvent.setup();
  await fillRequired(user);
  const create = screen.getByRole('button', { name: 'Создать объект' });
  create.focus();
  await user.keyboard('{Enter}');
  await waitFor(() => expect(xhr.requests).toHaveLength(1));
  await act(async () => xhr.requests[0]?.respond({ status: 500, body: { code: 'internal', message: 'Сервис временно недоступен' } }));

  await waitFor(() => expect(toasts.filter((toast) => toast.type === 'error')).toEqual([{ type: 'error', message: 'Сервис временно недоступен' }]));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(create).toHaveFocus();
});

test('«Создать объект» pressed again after a create whose answer was lost sends the same key (the server answers the facility it made); another form, another key', async () => {
  const { location, user } = await createWithFile();
  // The server made it; its answer never came.
  await act(async () => xhr.requests[0]?.fail());
  await waitFor(() => expect(screen.getByRole('button', { name: 'Создать объект' })).toBeEnabled());
  expect(location().pathname).toBe('/lk/facility/form');

  await user.click(screen.getByRole('button', { name: 'Создать объект' }));
  await waitFor(() => expect(xhr.requests).toHaveLength(2));
  const [lost, again] = xhr.requests;
  expect(lost?.fields.clientKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  expect(again?.url.pathname).toBe('/api/profile/facility/create');
  expect(again?.fields.clientKey).toBe(lost?.fields.clientKey);
  await act(async () => again?.respond(ok(makeFacility(), FACILITY_MESSAGES.created)));
  await waitFor(() => expect(location().pathname).toBe('/lk/facility'));

  cleanup();
  renderFacilityPages('/lk/facility/form');
  await fillRequired(user);
  await user.click(screen.getByRole('button', { name: 'Создать объект' }));
  await waitFor(() => expect(xhr.requests).toHaveLength(3));
  expect(xhr.requests[2]?.fields.clientKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  expect(xhr.requests[2]?.fields.clientKey).not.toBe(lost?.fields.clientKey);
});

test('an edit cut in the middle of its file says it may be saved, as a lost answer does: the browser cannot tell how much the server got (QA HHH-1)', async () => {
  serveApi({ ...lookupRoutes, 'profile/facility/get': () => ok(makeFacility()) });
  renderFacilityPages('/lk/facility/form?id=5');
  const user = userEvent.setup();
  const save = await screen.findByRole('button', { name: 'Сохранить' });
  fireEvent.change(screen.getByLabelText('Добавить документы'), { target: { files: [fakeFile('Смета.pdf', 2048)] } });
  await user.click(save);
  await waitFor(() => expect(xhr.requests).toHaveLength(1));
  await act(async () => xhr.requests[0]?.cut(700, 2400));

  await waitFor(() => expect(toasts.filter((toast) => toast.type === 'error')).toEqual([{ type: 'error', message: SAVE_UNANSWERED_MESSAGE }]));
  expect(screen.getByText('Смета.pdf')).toBeInTheDocument();
});

test('an edit with a file whose answer was lost says it may be saved and that sending it again adds no copy, not «Сервер недоступен» (QA CCC-2)', async () => {
  serveApi({ ...lookupRoutes, 'profile/facility/get': () => ok(makeFacility()) });
  const { location } = renderFacilityPages('/lk/facility/form?id=5');
  const user = userEvent.setup();
  const save = await screen.findByRole('button', { name: 'Сохранить' });
  fireEvent.change(screen.getByLabelText('Добавить документы'), { target: { files: [fakeFile('Смета.pdf', 2048)] } });
  await user.click(save);
  await waitFor(() => expect(xhr.requests).toHaveLength(1));
  // The server stored it; its answer never came.
  await act(async () => xhr.requests[0]?.fail());

  await waitFor(() => expect(toasts.filter((toast) => toast.type === 'error')).toEqual([{ type: 'error', message: SAVE_UNANSWERED_MESSAGE }]));
  expect(SAVE_UNANSWERED_MESSAGE).toBe('Ответ сервера не получен: объект и документы могли сохраниться. Отправьте форму ещё раз — вторых копий не появится.');
  expect(location().pathname).toBe('/lk/facility/form');
  // The file stays chosen, to be sent again.
  expect(screen.getByText('Смета.pdf')).toBeInTheDocument();
});

// QA AAC-2: the form sent all its fields, and a save in one tab wrote over what another had saved a moment before.
test('an edit saved over a facility changed meanwhile is refused; the untouched fields take the new values, the typed one stays, and the next save goes', async () => {
  const changed = makeFacility({ description: 'Третий этаж, лифт с прошлого года' });
  let reads = 0;
  serveApi({ ...lookupRoutes, 'profile/facility/get': () => ok(reads++ === 0 ? makeFacility() : changed) });
  const { location } = renderFacilityPages('/lk/facility/form?id=5');
  const user = userEvent.setup();
  const name = await screen.findByLabelText('Название');
  await waitFor(() => expect(name).toHaveValue('Квартира на Баумана'));
  await user.clear(name);
  await user.type(name, 'Квартира на Баумана, 5');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));

  await waitFor(() => expect(xhr.requests).toHaveLength(1));
  const [first] = xhr.requests;
  expect(JSON.parse(first!.fields.seen!)).toEqual(facilitySeenOf(makeFacility()));
  await act(async () => first?.respond({ status: 409, body: { code: FACILITY_CHANGED, message: FACILITY_MESSAGES.changed } }));

  await waitFor(() => expect(screen.getByLabelText('Описание')).toHaveValue(changed.description));
  expect(name).toHaveValue('Квартира на Баумана, 5');
  expect(toasts.filter((toast) => toast.type === 'error')).toEqual([{ type: 'error', message: FACILITY_MESSAGES.changed }]);
  expect(location().pathname).toBe('/lk/facility/form');

  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  await waitFor(() => expect(xhr.requests).toHaveLength(2));
  const second = xhr.requests[1]!;
  expect(second.fields).toMatchObject({ name: 'Квартира на Баумана, 5', description: changed.description, seen: JSON.stringify(facilitySeenOf(changed)) });
  await act(async () => second.respond(ok(changed, FACILITY_MESSAGES.saved)));
  await waitFor(() => expect(location().pathname).toBe('/lk/facility/5'));
});

test('an edit whose facility is saved elsewhere while it is open says which fields changed: the untouched take the new values, a save writes the typed ones over knowingly (QA AAP-4)', async () => {
  const elsewhere = makeFacility({ name: 'Квартира, изменено в другой вкладке', description: 'Третий этаж, лифт с прошлого года' });
  let reads = 0;
  serveApi({ ...lookupRoutes, 'profile/facility/get': () => ok(reads++ === 0 ? makeFacility() : elsewhere) });
  const { queryClient } = renderFacilityPages('/lk/facility/form?id=5');
  const user = userEvent.setup();
  const name = await screen.findByLabelText('Название');
  await waitFor(() => expect(name).toHaveValue('Квартира на Баумана'));
  await user.clear(name);
  await user.type(name, 'Квартира на Баумана, 5');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();

  // Another tab saves; this one reads the facility again (the socket's change, a tab brought back).
  await act(() => queryClient.invalidateQueries());

  const notice = await screen.findByRole('alert');
  expect(notice).toHaveTextContent(
    'Пока открыта форма, объект изменили в другой вкладке или другой сотрудник (поля «Название», «Описание»). Поля, которые вы не меняли, обновлены; ваши правки при сохранении запишутся поверх.',
  );
  expect(name).toHaveValue('Квартира на Баумана, 5');
  expect(screen.getByLabelText('Описание')).toHaveValue(elsewhere.description);

  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  await waitFor(() => expect(xhr.requests).toHaveLength(1));
  expect(xhr.requests[0]!.fields).toMatchObject({ name: 'Квартира на Баумана, 5', seen: JSON.stringify(facilitySeenOf(elsewhere)) });
});

test('an edit sends no key: its update is the same write however often it goes', async () => {
  serveApi({ ...lookupRoutes, 'profile/facility/get': () => ok(makeFacility()) });
  renderFacilityPages('/lk/facility/form?id=5');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Сохранить' }));
  await waitFor(() => expect(xhr.requests).toHaveLength(1));
  expect(xhr.requests[0]?.url.pathname).toBe('/api/profile/facility/update');
  expect(xhr.requests[0]?.fields).not.toHaveProperty('clientKey');
});

test('a file the server found empty (422 file_empty, emptied after it was chosen) is marked in the list too', async () => {
  serveApi({ ...lookupRoutes });
  renderFacilityPages('/lk/facility/form');
  const user = userEvent.setup();
  await fillRequired(user);
  fireEvent.change(screen.getByLabelText('Добавить документы'), { target: { files: [fakeFile('План.pdf', 2048), fakeFile('empty.pdf', 2048)] } });
  await user.click(screen.getByRole('button', { name: 'Создать объект' }));
  await waitFor(() => expect(xhr.requests).toHaveLength(1));
  const refusal = 'Файл «empty.pdf» не принят: файл пустой';
  await act(async () => xhr.requests[0]?.respond({ status: 422, body: { code: 'file_empty', message: refusal, errors: { file: 'Файл пустой' } } }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Убрать «empty.pdf»' })).toHaveAccessibleDescription(refusal));
  expect(screen.getByRole('button', { name: 'Убрать «План.pdf»' })).not.toHaveAccessibleDescription();
});

describe('a file the server refuses for itself (a text file named bad.pdf: 415)', () => {
  const refusal = 'Файл «bad.pdf» не принят: недопустимый тип файла: допустимы PDF, DOC, DOCX, XLS, XLSX, ODT, JPG, PNG';

  test.each([
    ['a new facility', '/lk/facility/form', 'Создать объект'],
    ['an edit', '/lk/facility/form?id=5', 'Сохранить'],
  ])('%s: the file is marked in the list with the server’s message, read with its «Убрать», which takes the focus; nothing else is said', async (_what, path, submit) => {
    serveApi({ ...lookupRoutes, 'profile/facility/get': () => ok(makeFacility()) });
    const { location } = renderFacilityPages(path);
    const user = userEvent.setup();
    if (path.includes('?id=')) await waitFor(() => expect(screen.getByLabelText('Тип объекта')).toHaveValue('1'));
    else await fillRequired(user);
    fireEvent.change(screen.getByLabelText('Добавить документы'), { target: { files: [fakeFile('План.pdf', 2048), fakeFile('bad.pdf', 2048)] } });
    await user.click(screen.getByRole('button', { name: submit }));
    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    await act(async () => xhr.requests[0]?.respond({ status: 415, body: { code: 'file_type_refused', message: refusal } }));

    const remove = screen.getByRole('button', { name: 'Убрать «bad.pdf»' });
    await waitFor(() => expect(remove).toHaveFocus());
    expect(remove).toHaveAccessibleDescription(refusal);
    expect(screen.getByRole('checkbox', { name: 'Виден всем: «bad.pdf»' })).toHaveAccessibleDescription(refusal);
    expect(remove.closest('li')).toHaveTextContent(refusal);
    // The other file is not marked.
    expect(screen.getByRole('button', { name: 'Убрать «План.pdf»' })).not.toHaveAccessibleDescription();
    expect(screen.getByRole('button', { name: 'Убрать «План.pdf»' }).closest('li')).not.toHaveTextContent(refusal);
    // Said once, at the file: the failure's error toast (spec §7) shows the words, silent.
    expect(toasts.filter((toast) => toast.type === 'error')).toEqual([{ type: 'error', message: refusal, silent: true }]);
    expect(location().pathname).toBe('/lk/facility/form');

    // Taken out, the rest is sent again and saved.
    await user.click(remove);
    expect(screen.queryByText(refusal)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: submit }));
    await waitFor(() => expect(xhr.requests).toHaveLength(2));
    expect(xhr.requests[1]?.files.map((file) => file.name)).toEqual(['План.pdf']);
  });

  test('a mark is the last save’s: a new press takes it back until the server answers again', async () => {
    serveApi(lookupRoutes);
    renderFacilityPages('/lk/facility/form');
    const user = userEvent.setup();
    await fillRequired(user);
    fireEvent.change(screen.getByLabelText('Добавить документы'), { target: { files: [fakeFile('bad.pdf', 2048)] } });
    await user.click(screen.getByRole('button', { name: 'Создать объект' }));
    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    await act(async () => xhr.requests[0]?.respond({ status: 415, body: { code: 'file_type_refused', message: refusal } }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Убрать «bad.pdf»' })).toHaveAccessibleDescription(refusal));

    await user.click(screen.getByRole('button', { name: 'Создать объект' }));
    await waitFor(() => expect(xhr.requests).toHaveLength(2));
    expect(screen.queryByText(refusal)).not.toBeInTheDocument();
    // A refusal that names no chosen file is the toast's, as any other failure.
    await act(async () => xhr.requests[1]?.respond({ status: 415, body: { code: 'file_type_refused', message: 'Недопустимый тип файла' } }));
    await waitFor(() => expect(toasts).toContainEqual({ type: 'error', message: 'Недопустимый тип файла' }));
    expect(screen.getByRole('button', { name: 'Убрать «bad.pdf»' })).not.toHaveAccessibleDescription();
  });
});

test('a click on the map sets the point, and dragging the marker moves it', async () => {
  serveApi(lookupRoutes);
  renderFacilityPages('/lk/facility/form');
  await screen.findByTestId('leaflet-map');
  act(() => mockMap.handlers.click!({ latlng: { lat: 55.12345678, lng: 49.87654321 } }));
  expect(screen.getByLabelText('Широта')).toHaveValue('55.123457');
  expect(screen.getByLabelText('Долгота')).toHaveValue('49.876543');

  const marker = await screen.findByTitle('Точка объекта: перетащите, чтобы уточнить');
  expect(marker.parentElement).toHaveAttribute('data-position', '55.123457,49.876543');
  act(() => mockMap.markerHandlers.dragend!({ target: { getLatLng: () => ({ lat: 56, lng: 50.5 }) } }));
  expect(screen.getByLabelText('Широта')).toHaveValue('56');
  expect(screen.getByLabelText('Долгота')).toHaveValue('50.5');
});

test('«Убрать точку» clears the point and leaves the focus on «Широта», not on the body', async () => {
  serveApi(lookupRoutes);
  renderFacilityPages('/lk/facility/form');
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Широта'), '55.75');
  await user.type(screen.getByLabelText('Долгота'), '37.61');

  await user.click(screen.getByRole('button', { name: 'Убрать точку' }));
  expect(screen.getByLabelText('Широта')).toHaveValue('');
  expect(screen.getByLabelText('Долгота')).toHaveValue('');
  expect(screen.queryByRole('button', { name: 'Убрать точку' })).not.toBeInTheDocument();
  expect(screen.getByLabelText('Широта')).toHaveFocus();
});

test('«Убрать точку» after a refused submit leaves both coordinates clean: empty, they keep the pair’s rule (QA JJJ-1)', async () => {
  serveApi(lookupRoutes);
  renderFacilityPages('/lk/facility/form');
  const user = userEvent.setup();
  // Submitted once (refused, empty): from then on every change is checked.
  await user.click(screen.getByRole('button', { name: 'Создать объект' }));
  await waitFor(() => expect(screen.getByLabelText('Название')).toHaveAccessibleDescription(FACILITY_MESSAGES.nameRequired));
  await fillRequired(user);
  expect(screen.getByLabelText('Широта')).toHaveValue('55.79');

  await user.click(screen.getByRole('button', { name: 'Убрать точку' }));
  for (const label of ['Широта', 'Долгота']) {
    const field = screen.getByLabelText(label);
    expect(field).toHaveValue('');
    await waitFor(() => expect(field).not.toHaveAttribute('aria-invalid', 'true'));
    expect(field).not.toHaveAccessibleDescription(COORDINATE_MESSAGES.pair);
  }
  expect(screen.queryByText(COORDINATE_MESSAGES.pair)).not.toBeInTheDocument();
});

test('«Взять координаты адреса» says the point it put in the fields, in their format, and says it again when pressed again (QA JJJ-3)', async () => {
  serveApi(lookupRoutes);
  renderFacilityPages('/lk/facility/form');
  const user = userEvent.setup();
  await user.type(screen.getByRole('combobox', { name: 'Адрес объекта' }), 'Каза');
  await user.click(await screen.findByRole('option', { name: KAZAN.value }));
  await user.clear(screen.getByLabelText('Широта'));
  await user.type(screen.getByLabelText('Широта'), '55.5');
  const said = 'Координаты взяты из адреса: 55.79, 49.11';
  const saying = () => screen.getAllByRole('status').filter((status) => status.textContent === said);
  expect(saying()).toEqual([]);

  const take = screen.getByRole('button', { name: 'Взять координаты адреса' });
  await user.click(take);
  expect(screen.getByLabelText('Широта')).toHaveValue('55.79');
  expect(screen.getByLabelText('Долгота')).toHaveValue('49.11');
  const [status] = saying();
  expect(status).toBeDefined();
  const first = status!.firstElementChild;

  // The same point again: nothing in the fields changes, the press is still heard.
  await user.click(take);
  await waitFor(() => expect(status!.firstElementChild).not.toBe(first));
  expect(status).toHaveTextContent(said);
});

test('an address chosen over a point set before says it moved the point there; chosen first, it says nothing (QA MMM-3)', async () => {
  serveApi(lookupRoutes);
  renderFacilityPages('/lk/facility/form');
  const user = userEvent.setup();
  const said = 'Координаты взяты из адреса: 55.79, 49.11';
  const saying = () => screen.getAllByRole('status').filter((status) => status.textContent === said);

  await user.type(screen.getByRole('combobox', { name: 'Адрес объекта' }), 'Каза');
  await user.click(await screen.findByRole('option', { name: KAZAN.value }));
  expect(screen.getByLabelText('Широта')).toHaveValue('55.79');
  expect(saying()).toEqual([]);

  await user.clear(screen.getByLabelText('Широта'));
  await user.type(screen.getByLabelText('Широта'), '55.5');
  await user.clear(screen.getByRole('combobox', { name: 'Адрес объекта' }));
  await user.type(screen.getByRole('combobox', { name: 'Адрес объекта' }), 'Каза');
  await user.click(await screen.findByRole('option', { name: KAZAN.value }));
  expect(screen.getByLabelText('Широта')).toHaveValue('55.79');
  expect(saying()).toHaveLength(1);
});

test('«Долгота» opens a keyboard with a minus (an iPhone\'s decimal pad has none; Chukotka east of 180° is negative, QA NN-6)', async () => {
  serveApi(lookupRoutes);
  renderFacilityPages('/lk/facility/form');
  await screen.findByTestId('leaflet-map');
  expect(screen.getByLabelText('Долгота')).toHaveAttribute('inputmode', 'text');
  // Latitude in Russia is never negative: the decimal pad stays.
  expect(screen.getByLabelText('Широта')).toHaveAttribute('inputmode', 'decimal');
});

/** The address the one save request carries, with its point. */
async function sentAddress() {
  await waitFor(() => expect(xhr.requests).toHaveLength(1));
  return JSON.parse(xhr.requests[0]!.fields.address!) as Record<string, unknown>;
}

/** A new facility's required fields filled (the address brings its point), `setPoint` done, «Создать объект» pressed. */
async function createWithPoint(setPoint: (user: UserEvent) => Promise<void> | void) {
  serveApi(lookupRoutes);
  renderFacilityPages('/lk/facility/form');
  const user = userEvent.setup();
  await fillRequired(user);
  expect(screen.getByLabelText('Широта')).toHaveValue('55.79');
  await setPoint(user);
  await user.click(screen.getByRole('button', { name: 'Создать объект' }));
}

/** «Широта» and «Долгота» typed over: what the user wrote, not the chosen address's point. */
const typePoint = (lat: string, lon: string) => async (user: UserEvent) => {
  await user.clear(screen.getByLabelText('Широта'));
  if (lat) await user.type(screen.getByLabelText('Широта'), lat);
  await user.clear(screen.getByLabelText('Долгота'));
  if (lon) await user.type(screen.getByLabelText('Долгота'), lon);
};

describe('the point saved is the one the form shows (QA DD-1, DD-2, DD-6, DD-7)', () => {
  test('a click on the map, then a drag of the marker: the dragged point is saved, not the address’s own', async () => {
    await createWithPoint(async () => {
      act(() => mockMap.handlers.click!({ latlng: { lat: 55.81, lng: 49.15 } }));
      await screen.findByTitle('Точка объекта: перетащите, чтобы уточнить');
      act(() => mockMap.markerHandlers.dragend!({ target: { getLatLng: () => ({ lat: 55.8123, lng: 49.1987 }) } }));
    });
    expect(await sentAddress()).toEqual({ ...KAZAN, geoLat: 55.8123, geoLon: 49.1987 });
  });

  test('«Убрать точку» on a facility with a point saves it with none', async () => {
    serveApi({ ...lookupRoutes, 'profile/facility/get': () => ok(makeFacility()) });
    renderFacilityPages('/lk/facility/form?id=5');
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByLabelText('Широта')).toHaveValue('55.79'));
    await waitFor(() => expect(screen.getByLabelText('Тип объекта')).toHaveValue('1'));
    await user.click(screen.getByRole('button', { name: 'Убрать точку' }));
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));

    expect(await sentAddress()).toEqual({ ...KAZAN, geoLat: null, geoLon: null });
  });

  test('a point typed with commas, as a Russian keyboard’s decimal key gives it, is read as with dots', async () => {
    await createWithPoint(typePoint('55,75', '37,61'));
    expect(await sentAddress()).toEqual({ ...KAZAN, geoLat: 55.75, geoLon: 37.61 });
  });

  test('half a point (a latitude without a longitude) is refused at the missing one, and nothing is sent', async () => {
    await createWithPoint(typePoint('55.75', ''));
    await waitFor(() => expect(screen.getByLabelText('Долгота')).toHaveAccessibleDescription(COORDINATE_MESSAGES.pair));
    expect(xhr.requests).toHaveLength(0);
  });

  test.each([
    ['90', '180', 90, 180],
    ['-90', '-180', -90, -180],
  ])('the bounds themselves are points: «%s», «%s» is saved', async (lat, lon, geoLat, geoLon) => {
    await createWithPoint(typePoint(lat, lon));
    expect(await sentAddress()).toEqual({ ...KAZAN, geoLat, geoLon });
  });

  test('just past the bounds is refused: «90.000001», «-180.000001»', async () => {
    await createWithPoint(typePoint('90.000001', '-180.000001'));
    await waitFor(() => expect(screen.getByLabelText('Широта')).toHaveAccessibleDescription(COORDINATE_MESSAGES.lat));
    expect(screen.getByLabelText('Долгота')).toHaveAccessibleDescription(COORDINATE_MESSAGES.lon);
    expect(xhr.requests).toHaveLength(0);
  });
});

test('«Убрать» a chosen file leaves the focus on the next file’s «Убрать», then on the file input, not on the body', async () => {
  serveApi(lookupRoutes);
  renderFacilityPages('/lk/facility/form');
  const user = userEvent.setup();
  const input = screen.getByLabelText('Добавить документы');
  fireEvent.change(input, { target: { files: [fakeFile('План.pdf', 2048), fakeFile('Фото.png', 2048)] } });

  await user.click(screen.getByRole('button', { name: 'Убрать «План.pdf»' }));
  expect(screen.queryByText('План.pdf')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Убрать «Фото.png»' })).toHaveFocus();
  await user.keyboard('{Enter}');
  expect(screen.queryByRole('list', { name: 'Документы к загрузке' })).not.toBeInTheDocument();
  expect(input).toHaveFocus();
});

test('files added are said (the focus stays on the file input), and their rows come after it, the next Tab stops (QA JJJ-2)', async () => {
  serveApi(lookupRoutes);
  renderFacilityPages('/lk/facility/form');
  const user = userEvent.setup();
  const input = screen.getByLabelText('Добавить документы');
  const saying = (text: string) => screen.getAllByRole('status').filter((status) => status.textContent === text);
  const two = 'Добавлено файлов: 2 («План.pdf», «Фото.png»): загрузятся при сохранении объекта';
  expect(saying(two)).toEqual([]);

  input.focus();
  fireEvent.change(input, { target: { files: [fakeFile('План.pdf', 2048), fakeFile('Фото.png', 2048)] } });
  expect(saying(two)).toHaveLength(1);
  expect(input).toHaveFocus();
  await user.tab();
  expect(screen.getByRole('checkbox', { name: 'Виден всем: «План.pdf»' })).toHaveFocus();

  const estimate = fakeFile('Смета.pdf', 2048);
  fireEvent.change(input, { target: { files: [estimate] } });
  expect(saying('Добавлен файл «Смета.pdf»: загрузится при сохранении объекта')).toHaveLength(1);
  expect(within(screen.getByRole('list', { name: 'Документы к загрузке' })).getAllByRole('listitem')).toHaveLength(3);

  // Nothing added (the file is listed already): no word of an addition, the refusal says why.
  fireEvent.change(input, { target: { files: [estimate] } });
  expect(screen.getByRole('alert')).toHaveTextContent('Файл «Смета.pdf» уже выбран');
  expect(screen.queryByText(/^Добавлен/)).not.toBeInTheDocument();
});

test(`at most ${FACILITY_MAX_FILES} files a save, as the API takes them: a choice past it is not added, and the message says so and what room is left`, async () => {
  serveApi(lookupRoutes);
  renderFacilityPages('/lk/facility/form');
  const input = screen.getByLabelText('Добавить документы');
  const photos = (from: number, count: number) => Array.from({ length: count }, (_, i) => fakeFile(`Фото ${from + i}.png`, 2048));
  const chosen = () => within(screen.queryByRole('list', { name: 'Документы к загрузке' }) ?? document.createElement('ul')).queryAllByRole('listitem');

  fireEvent.change(input, { target: { files: photos(1, FACILITY_MAX_FILES + 12) } });
  expect(screen.getByRole('alert')).toHaveTextContent(new RegExp(`^${FACILITY_TOO_MANY_FILES_MESSAGE}$`));
  expect(chosen()).toHaveLength(0);

  fireEvent.change(input, { target: { files: photos(1, FACILITY_MAX_FILES - 2) } });
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(chosen()).toHaveLength(FACILITY_MAX_FILES - 2);

  fireEvent.change(input, { target: { files: photos(20, 3) } });
  expect(screen.getByRole('alert')).toHaveTextContent(`${FACILITY_TOO_MANY_FILES_MESSAGE}: можно добавить ещё 2`);
  expect(chosen()).toHaveLength(FACILITY_MAX_FILES - 2);

  fireEvent.change(input, { target: { files: photos(20, 2) } });
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(chosen()).toHaveLength(FACILITY_MAX_FILES);
  fireEvent.change(input, { target: { files: photos(30, 1) } });
  expect(screen.getByRole('alert')).toHaveTextContent(new RegExp(`^${FACILITY_TOO_MANY_FILES_MESSAGE}$`));
  expect(chosen()).toHaveLength(FACILITY_MAX_FILES);
});

test('the same file chosen again, in one choice or another, is listed once and the message says so (QA DDD-5)', async () => {
  serveApi(lookupRoutes);
  renderFacilityPages('/lk/facility/form');
  const input = screen.getByLabelText('Добавить документы');
  const chosen = () => within(screen.getByRole('list', { name: 'Документы к загрузке' })).getAllByRole('listitem');
  const plan = fakeFile('План.pdf', 2048);

  fireEvent.change(input, { target: { files: [plan, plan, fakeFile('Фото.png', 2048)] } });
  expect(chosen()).toHaveLength(2);
  expect(screen.getByRole('alert')).toHaveTextContent('Файл «План.pdf» уже выбран');

  fireEvent.change(input, { target: { files: [plan] } });
  expect(chosen()).toHaveLength(2);
  expect(screen.getByRole('alert')).toHaveTextContent('Файл «План.pdf» уже выбран');
});

describe('leaving with what is not saved yet', () => {
  // The form under a link of the page around it (the shell's header, say).
  const FormUnderHeader = () => (
    <>
      <Link to="/lk/facility">Мои объекты</Link>
      <FormPage />
    </>
  );
  const renderForm = (entry = '/lk/facility/form') =>
    renderRoutes(
      [
        { path: '/lk/facility/form', Component: FormUnderHeader },
        { path: '/lk/facility', Component: () => <h1>Мои объекты</h1> },
        { path: '/lk/facility/:id', Component: () => <h1>Объект</h1> },
      ],
      entry,
    );

  test('typed fields or chosen files ask «Уйти без сохранения?»; «Отмена» stays with them, the other button leaves', async () => {
    serveApi(lookupRoutes);
    const { location } = renderForm();
    const user = userEvent.setup();
    fireEvent.change(screen.getByLabelText('Добавить документы'), { target: { files: [fakeFile('План.pdf', 2048)] } });

    await user.click(screen.getByRole('link', { name: 'Мои объекты' }));
    let dialog = await screen.findByRole('dialog', { name: 'Уйти без сохранения?' });
    expect(dialog).toHaveAccessibleDescription('Изменения объекта не сохранены и пропадут, если уйти со страницы.');
    expect(within(dialog).getByRole('button', { name: 'Отмена' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(location().pathname).toBe('/lk/facility/form');
    expect(screen.getByText('План.pdf')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Убрать «План.pdf»' }));
    await user.type(screen.getByLabelText('Название'), 'Дача');
    await user.click(screen.getByRole('link', { name: 'Мои объекты' }));
    dialog = await screen.findByRole('dialog', { name: 'Уйти без сохранения?' });
    await user.click(within(dialog).getByRole('button', { name: 'Уйти без сохранения' }));
    await waitFor(() => expect(location().pathname).toBe('/lk/facility'));
  });

  test('an untouched form (new or loaded), the form\'s own «Отмена» of an untouched form and a save leave without a question', async () => {
    serveApi({ ...lookupRoutes, 'profile/facility/get': () => ok(makeFacility()) });
    const first = renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Мои объекты' }));
    await waitFor(() => expect(first.location().pathname).toBe('/lk/facility'));
    first.unmount();

    const second = renderForm();
    await user.click(screen.getByRole('link', { name: 'Отмена' }));
    await waitFor(() => expect(second.location().pathname).toBe('/lk/facility'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    second.unmount();

    // An edit, loaded and untouched (its address and point set as loaded).
    const loaded = renderForm('/lk/facility/form?id=5');
    await waitFor(() => expect(screen.getByLabelText('Тип объекта')).toHaveValue('1'));
    await user.click(screen.getByRole('link', { name: 'Мои объекты' }));
    await waitFor(() => expect(loaded.location().pathname).toBe('/lk/facility'));
    loaded.unmount();

    const third = renderForm('/lk/facility/form?id=5');
    const name = await screen.findByLabelText('Название');
    await waitFor(() => expect(screen.getByLabelText('Тип объекта')).toHaveValue('1'));
    await user.type(name, ' с ремонтом');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    await act(async () => xhr.requests[0]?.respond(ok(makeFacility(), FACILITY_MESSAGES.saved)));
    await waitFor(() => expect(third.location().pathname).toBe('/lk/facility/5'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
  test('«Отмена» of a form with edits asks as leaving by a link does (the same dialog); its «Отмена» keeps them, «Уйти без сохранения» drops them', async () => {
    serveApi(lookupRoutes);
    const { location } = renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Название'), 'Дача');
    fireEvent.change(screen.getByLabelText('Добавить документы'), { target: { files: [fakeFile('План.pdf', 2048)] } });

    await user.click(screen.getByRole('link', { name: 'Отмена' }));
    let dialog = await screen.findByRole('dialog', { name: 'Уйти без сохранения?' });
    expect(dialog).toHaveAccessibleDescription('Изменения объекта не сохранены и пропадут, если уйти со страницы.');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(within(dialog).getByRole('button', { name: 'Отмена' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(location().pathname).toBe('/lk/facility/form');
    expect(screen.getByLabelText('Название')).toHaveValue('Дача');
    expect(screen.getByText('План.pdf')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Отмена' }));
    dialog = await screen.findByRole('dialog', { name: 'Уйти без сохранения?' });
    await user.click(within(dialog).getByRole('button', { name: 'Уйти без сохранения' }));
    await waitFor(() => expect(location().pathname).toBe('/lk/facility'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('«Отмена» of an edit opened from its page asks about the edits too, then leads to that page', async () => {
    serveApi({ ...lookupRoutes, 'profile/facility/get': () => ok(makeFacility()) });
    const { location } = renderFacilityPages('/lk/facility/5');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Изменить' }));
    const name = await screen.findByLabelText('Название');
    await waitFor(() => expect(screen.getByLabelText('Тип объекта')).toHaveValue('1'));
    await user.type(name, ' с ремонтом');

    await user.click(screen.getByRole('link', { name: 'Отмена' }));
    const dialog = await screen.findByRole('dialog', { name: 'Уйти без сохранения?' });
    expect(location().search).toBe('?id=5');
    await user.click(within(dialog).getByRole('button', { name: 'Уйти без сохранения' }));
    await waitFor(() => expect(location().pathname).toBe('/lk/facility/5'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Квартира на Баумана' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('the tab names the form as its heading does (the route\'s own title is the new facility\'s)', () => {
  const ROUTE_TITLE = 'Новый объект — Маркетплейс услуг';
  beforeEach(() => {
    // As the shell's RemotePage leaves it before the page's effects.
    document.title = ROUTE_TITLE;
  });

  test('an edit: «Изменение объекта», while it loads and once loaded', async () => {
    serveApi({ ...lookupRoutes, 'profile/facility/get': () => ok(makeFacility()) });
    renderFacilityPages('/lk/facility/form?id=5');
    expect(document.title).toBe('Изменение объекта — Маркетплейс услуг');
    expect(await screen.findByRole('heading', { level: 1, name: 'Изменение объекта' })).toBeInTheDocument();
    expect(document.title).toBe('Изменение объекта — Маркетплейс услуг');
  });

  test('a new one keeps «Новый объект»; a facility that cannot be edited or is not found is named by its state', async () => {
    serveApi({
      ...lookupRoutes,
      'profile/facility/get': (url) => (url.searchParams.get('id') === '5' ? ok(makeFacility({ editable: false })) : fail(404, 'Объект не найден')),
    });
    renderFacilityPages('/lk/facility/form');
    expect(screen.getByRole('heading', { level: 1, name: 'Новый объект' })).toBeInTheDocument();
    expect(document.title).toBe(ROUTE_TITLE);
    cleanup();

    renderFacilityPages('/lk/facility/form?id=5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Этот объект нельзя изменить' })).toBeInTheDocument();
    expect(document.title).toBe('Этот объект нельзя изменить — Маркетплейс услуг');
    cleanup();

    renderFacilityPages('/lk/facility/form?id=6');
    expect(await screen.findByRole('heading', { level: 1, name: 'Объект не найден' })).toBeInTheDocument();
    expect(document.title).toBe('Объект не найден — Маркетплейс услуг');
  });
});

test('edit (?id=) loads the facility and sends `_method=PUT` with its id, then opens its page', async () => {
  serveApi({ ...lookupRoutes, 'profile/facility/get': () => ok(makeFacility()) });
  const { location } = renderFacilityPages('/lk/facility/form?id=5');
  const user = userEvent.setup();
  const name = await screen.findByLabelText('Название');
  expect(name).toHaveValue('Квартира на Баумана');
  await waitFor(() => expect(screen.getByLabelText('Тип объекта')).toHaveValue('1'));
  await user.clear(name);
  await user.type(name, 'Квартира с ремонтом');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));

  await waitFor(() => expect(xhr.requests).toHaveLength(1));
  const [update] = xhr.requests;
  expect(update?.url.pathname).toBe('/api/profile/facility/update');
  expect(update?.fields).toEqual({
    _method: 'PUT',
    id: '5',
    name: 'Квартира с ремонтом',
    typeId: '1',
    description: 'Третий этаж, без лифта',
    address: JSON.stringify(KAZAN),
    public: 'false',
    // The facility as the form was opened on it: not written over another save unseen (QA AAC-2).
    seen: JSON.stringify(facilitySeenOf(makeFacility())),
  });
  await act(async () => update?.respond(ok(makeFacility({ name: 'Квартира с ремонтом' }), FACILITY_MESSAGES.saved)));
  await waitFor(() => expect(location().pathname).toBe('/lk/facility/5'));
  expect(toasts).toContainEqual({ type: 'success', message: FACILITY_MESSAGES.saved });
});

test('once saved, the focus goes to the next page’s start, not to the body the busy button left it on', async () => {
  serveApi({ ...lookupRoutes, 'profile/facility/get': () => ok(makeFacility({ name: 'Квартира с ремонтом' })) });
  // In the app's layout: each page's start is its heading inside <main>.
  renderRoutes(
    [
      { path: '/lk/facility/form', Component: () => <main><FormPage /></main> },
      { path: '/lk/facility/:id', Component: () => <main><DetailPage /></main> },
    ],
    '/lk/facility/form?id=5',
  );
  const user = userEvent.setup();
  await waitFor(() => expect(screen.getByLabelText('Тип объекта')).toHaveValue('1'));
  const save = screen.getByRole('button', { name: 'Сохранить' });
  save.focus();
  await user.keyboard('{Enter}');
  await waitFor(() => expect(xhr.requests).toHaveLength(1));
  expect(save).toHaveFocus();
  await act(async () => xhr.requests[0]?.respond(ok(makeFacility({ name: 'Квартира с ремонтом' }), FACILITY_MESSAGES.saved)));

  const heading = await screen.findByRole('heading', { level: 1, name: 'Квартира с ремонтом' });
  expect(heading).toHaveFocus();
});

test(`an update without a token says «${NO_TOKEN_MESSAGE}» and sends nothing; a failure without a message says «${UPDATE_ERROR_MESSAGE}»`, async () => {
  serveApi({ ...lookupRoutes, 'profile/facility/get': () => ok(makeFacility()) });
  renderFacilityPages('/lk/facility/form?id=5');
  const user = userEvent.setup();
  await screen.findByLabelText('Название');
  await waitFor(() => expect(screen.getByLabelText('Тип объекта')).toHaveValue('1'));

  const session = useSessionStore.getState();
  session.clear();
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  await waitFor(() => expect(toasts).toContainEqual({ type: 'error', message: NO_TOKEN_MESSAGE }));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(xhr.requests).toHaveLength(0);

  signIn();
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  await waitFor(() => expect(xhr.requests).toHaveLength(1));
  await act(async () => xhr.requests[0]?.respond({ status: 502 }));
  // Said once, in the toast: not in an alert as well.
  await waitFor(() => expect(toasts.filter((toast) => toast.type === 'error').map((toast) => toast.message)).toEqual([NO_TOKEN_MESSAGE, UPDATE_ERROR_MESSAGE]));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('an edit whose second upload fails keeps what the first saved: it is not sent again, the facility’s page shows it', async () => {
  let current = makeFacility();
  serveApi({ ...lookupRoutes, 'profile/facility/get': () => ok(current) });
  const { location } = renderFacilityPages('/lk/facility/form?id=5');
  const user = userEvent.setup();
  await screen.findByLabelText('Название');
  await waitFor(() => expect(screen.getByLabelText('Тип объекта')).toHaveValue('1'));
  fireEvent.change(screen.getByLabelText('Добавить документы'), { target: { files: [fakeFile('План.pdf', 2048), fakeFile('Фото.png', 2048)] } });
  await user.click(screen.getByRole('checkbox', { name: 'Виден всем: «Фото.png»' }));
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));

  await waitFor(() => expect(xhr.requests).toHaveLength(1));
  current = makeFacility({ documents: [makeDocument(31, 'План.pdf', false)] });
  await act(async () => xhr.requests[0]?.respond(ok(current, FACILITY_MESSAGES.saved)));
  await waitFor(() => expect(xhr.requests).toHaveLength(2));
  await act(async () => xhr.requests[1]?.respond({ status: 413, body: { code: 'file_too_large', message: 'Файл больше 20 МБ — сожмите его или разделите на части' } }));

  await waitFor(() => expect(location().pathname).toBe('/lk/facility/5'));
  expect(toasts).toContainEqual({ type: 'error', message: 'Объект сохранён, но не все документы загружены: Файл больше 20 МБ — сожмите его или разделите на части' });
  expect(await screen.findByText('План.pdf')).toBeInTheDocument();
  expect(xhr.requests).toHaveLength(2);
});

test('saving an edit of a facility deleted meanwhile (another tab) leads to the list, as its delete does', async () => {
  serveApi({ ...lookupRoutes, 'profile/facility/get': () => ok(makeFacility()) });
  const { location } = renderFacilityPages('/lk/facility/form?id=5');
  const user = userEvent.setup();
  await screen.findByLabelText('Название');
  await waitFor(() => expect(screen.getByLabelText('Тип объекта')).toHaveValue('1'));
  await user.type(screen.getByLabelText('Название'), ' (2)');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));

  await waitFor(() => expect(xhr.requests).toHaveLength(1));
  await act(async () => xhr.requests[0]?.respond({ status: 404, body: { code: 'not_found', message: 'Объект не найден' } }));

  await waitFor(() => expect(location().pathname).toBe('/lk/facility'));
  expect(toasts).toEqual([{ type: 'info', message: 'Объект уже удалён' }]);
});

describe('«Отменить» while the facility is being saved', () => {
  test('before anything is saved: says the save was cancelled and gives the focus to the submit button, not the body', async () => {
    const { location, user } = await createWithFile();

    await user.click(screen.getByRole('button', { name: 'Отменить' }));

    await waitFor(() => expect(screen.queryByRole('button', { name: 'Отменить' })).not.toBeInTheDocument());
    expect(xhr.requests[0]?.aborted).toBe(true);
    expect(screen.getByRole('button', { name: 'Создать объект' })).toHaveFocus();
    expect(toasts).toContainEqual({ type: 'info', message: FACILITY_SAVE_CANCELLED.create });
    // Nothing saved: the form and its file stay, to be sent again.
    expect(location().pathname).toBe('/lk/facility/form');
    expect(screen.getByLabelText('Название')).toHaveValue('Квартира на Баумана');
    expect(screen.getByText('План.pdf')).toBeInTheDocument();
  });

  test('after the facility was created by the first request: not shown as unsaved (a second «Создать объект» would make it twice) — its page opens', async () => {
    serveApi({ ...lookupRoutes, 'profile/facility/get': () => ok(makeFacility({ documents: [makeDocument(31, 'План.pdf', false)] })) });
    const { location } = renderFacilityPages('/lk/facility/form');
    const user = userEvent.setup();
    await fillRequired(user);
    fireEvent.change(screen.getByLabelText('Добавить документы'), { target: { files: [fakeFile('План.pdf', 2048), fakeFile('Фото.png', 2048)] } });
    await user.click(screen.getByRole('checkbox', { name: 'Виден всем: «Фото.png»' }));
    await user.click(screen.getByRole('button', { name: 'Создать объект' }));
    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    await act(async () => xhr.requests[0]?.respond(ok(makeFacility({ documents: [makeDocument(31, 'План.pdf', false)] }), FACILITY_MESSAGES.created)));
    await waitFor(() => expect(xhr.requests).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Отменить' }));

    await waitFor(() => expect(location().pathname).toBe('/lk/facility/5'));
    expect(toasts).toContainEqual({ type: 'error', message: 'Объект создан, но не все документы загружены: загрузка отменена' });
    expect(xhr.requests).toHaveLength(2);
  });
});

test('«Повторить» of the facility types stays, busy and focused, until the answer; then the focus goes to «Тип объекта», not to the body', async () => {
  const call = failsUntilRetried(() => fail(500, 'Типы недоступны'), () => ok({ items: [{ id: 1, name: 'Квартира' }] }));
  serveApi({
    ...lookupRoutes,
    'profile/facility/get/type': call.handler,
  });
  renderFacilityPages('/lk/facility/form');
  const retry = await screen.findByRole('button', { name: 'Повторить' });
  expect(screen.getByText('Не удалось загрузить типы объектов')).toBeInTheDocument();
  await call.retry(retry);

  call.answer();
  expect(await screen.findByRole('option', { name: 'Квартира' })).toBeInTheDocument();
  expect(screen.queryByText('Не удалось загрузить типы объектов')).not.toBeInTheDocument();
  expect(screen.getByLabelText('Тип объекта')).toHaveFocus();
});

test('a profile switched away (in another tab) while the form is open: it says whose the facility will be and sends nothing until that profile is back', async () => {
  const api = serveApi({ ...lookupRoutes, 'POST profile/facility/create': () => ok(makeFacility({ id: 31 })) });
  renderFacilityPages('/lk/facility/form');
  const user = userEvent.setup();
  await fillRequired(user);
  const organisation = { id: 40, type: 'organization' as const, name: 'ООО «Мастерская»', active: true };
  act(() => {
    useSessionStore.getState().setProfiles([{ id: 11, type: 'customer', name: 'Иван Петров', active: false }, organisation]);
    useSessionStore.getState().setUser({ id: 7, phone: '79991234567', name: 'Иван Петров', email: null, activeProfileId: organisation.id });
  });
  expect(await screen.findByRole('alert')).toHaveTextContent('Объект добавляется для профиля «Заказчик»: переключитесь на него, чтобы сохранить');
  await user.click(screen.getByRole('button', { name: 'Создать объект' }));
  expect(xhr.requests).toHaveLength(0);
  expect(api.callsTo('POST profile/facility/create')).toHaveLength(0);

  act(() => signIn());
  await waitFor(() => expect(screen.queryByText(/^Объект добавляется для профиля/)).not.toBeInTheDocument());
});

test('the profile it was opened as taken away (removed from the organisation, QA TT-3): it says that profile is no longer his, not to switch to it, and sends nothing', async () => {
  const organisation = { id: 40, type: 'organization' as const, name: 'ООО «Мастерская»', active: true };
  act(() => {
    useSessionStore.getState().setProfiles([{ id: 11, type: 'executor', name: 'Иван Петров', active: false }, organisation]);
    useSessionStore.getState().setUser({ id: 7, phone: '79991234567', name: 'Иван Петров', email: null, activeProfileId: organisation.id });
  });
  const api = serveApi({ ...lookupRoutes, 'POST profile/facility/create': () => ok(makeFacility({ id: 31 })) });
  renderFacilityPages('/lk/facility/form');
  const user = userEvent.setup();
  await fillRequired(user);
  act(() => {
    useSessionStore.getState().setProfiles([{ id: 11, type: 'executor', name: 'Иван Петров', active: true }]);
    useSessionStore.getState().setUser({ id: 7, phone: '79991234567', name: 'Иван Петров', email: null, activeProfileId: 11 });
  });
  const notice = 'Объект добавляется для профиля ООО «Мастерская», к которому у вас больше нет доступа: сохранить его нельзя';
  expect(await screen.findByRole('alert')).toHaveTextContent(notice);
  await user.click(screen.getByRole('button', { name: 'Создать объект' }));
  expect(xhr.requests).toHaveLength(0);
  expect(api.callsTo('POST profile/facility/create')).toHaveLength(0);
  expect(screen.getByRole('alert')).toHaveTextContent(notice);
});
