import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QUERY_STALE_TIME_MS, useSessionStore } from 'shared';
import { callsTo, fail, fakeFile, installFakeXhr, ok, requestsTo, setUpPageTests, stubApi } from 'shared/testing';
import { APPLICATION_CHANGED, APPLICATION_CHANGED_MESSAGE } from 'shared/lk';
import { Component as EditPage } from '../../pages/application-edit-page';
import { makeApplication, renderRoutes, signInAs } from '../../testing/render-page';
import { FORM_GONE_MESSAGE, FORM_STALE_MESSAGE } from './hooks/use-leave-stale-form';
import { LEAVE_UPLOADING_DESCRIPTION, UPLOAD_PENDING_MESSAGE } from './hooks/use-publish';
import { beforeUnloadPrevented, COMPLETE_VIEW, FULL_BODY, KAZAN, lkView, lookupRoutes } from './testing/form-fixtures';

jest.setTimeout(20_000);

const renderEdit = (id: number | string = 41) => renderRoutes([{ path: '/lk/application/edit/:id', Component: EditPage }], `/lk/application/edit/${id}`);
const COMPLETE = COMPLETE_VIEW;

const toasts = setUpPageTests(() => signInAs('customer'));

/** Draft 41, complete: saved and published by id. */
const completeDraftRoutes = () => ({
  ...lookupRoutes,
  'application/get': () => ok(lkView({ ...COMPLETE, status: 'draft' })),
  'POST application/draft/upsert': () => ok(makeApplication({ id: 41, status: 'draft' })),
  'POST application/create': () => ok(makeApplication({ id: 41 }), 'Заявка опубликована'),
});

test('a draft opens filled in; publishing saves the fields changed here into it and publishes it by id, then the list', async () => {
  const fetchMock = stubApi(completeDraftRoutes());
  const { location } = renderEdit();
  const user = userEvent.setup();

  expect(await screen.findByLabelText('Название')).toHaveValue('Ремонт крыши');
  expect(screen.getByRole('heading', { level: 1, name: 'Черновик заявки' })).toBeInTheDocument();
  // The tab names the application: two open forms are told apart.
  expect(document.title).toMatch(/^Черновик заявки № \d+ — /);
  expect(screen.getByLabelText('Описание работ')).toHaveValue(FULL_BODY.description);
  expect(screen.getByRole('combobox', { name: 'Адрес' })).toHaveValue(KAZAN.value);
  expect(screen.getByLabelText('Цена, ₽')).toHaveValue('12500');
  expect(screen.getByLabelText('Срок выполнения')).toHaveValue('20.12.2026');
  expect(await screen.findByRole('checkbox', { name: 'Ремонт кровли' })).toBeChecked();
  expect(requestsTo(fetchMock, 'application/get')[0]?.searchParams.get('id')).toBe('41');

  await user.clear(screen.getByLabelText('Цена, ₽'));
  await user.type(screen.getByLabelText('Цена, ₽'), '15000');
  await user.click(screen.getByRole('button', { name: 'Опубликовать' }));

  await waitFor(() => expect(location().pathname).toBe('/lk/application'));
  // The price changed here and the name the call needs; not this form's copy of the other fields.
  expect(callsTo(fetchMock, 'POST application/draft/upsert').at(-1)?.body).toEqual({ id: 41, name: FULL_BODY.name, price: 15000 });
  expect(callsTo(fetchMock, 'POST application/create').map((call) => call.body)).toEqual([{ id: 41 }]);
  expect(toasts).toContainEqual({ type: 'success', message: 'Заявка опубликована' });
});

test('an untouched draft is published as the server holds it: nothing of this form’s copy is saved over another tab’s edits (QA AAC-1)', async () => {
  const fetchMock = stubApi(completeDraftRoutes());
  const { location } = renderEdit();
  const user = userEvent.setup();

  expect(await screen.findByLabelText('Название')).toHaveValue('Ремонт крыши');
  await user.click(screen.getByRole('button', { name: 'Опубликовать' }));

  await waitFor(() => expect(location().pathname).toBe('/lk/application'));
  expect(callsTo(fetchMock, 'POST application/draft/upsert')).toHaveLength(0);
  expect(callsTo(fetchMock, 'POST application/create').map((call) => call.body)).toEqual([{ id: 41 }]);
});

test('«Опубликовать» pressed again after a failure: the failure stays said until the new answer, so the buttons under it do not move', async () => {
  let answer: (() => void) | undefined;
  let creates = 0;
  stubApi({
    ...completeDraftRoutes(),
    'POST application/create': async () => {
      creates += 1;
      if (creates > 1) await new Promise<void>((resolve) => (answer = resolve));
      return fail(500, 'Сервер недоступен');
    },
  });
  renderEdit();
  const user = userEvent.setup();
  await screen.findByLabelText('Название');
  const publish = screen.getByRole('button', { name: 'Опубликовать' });

  await user.click(publish);
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Сервер недоступен');

  await user.click(publish);
  await waitFor(() => expect(answer).toBeDefined());
  expect(publish).toHaveAttribute('aria-busy', 'true');
  // The same alert element, where it was: nothing above the buttons has gone.
  expect(screen.getByRole('alert')).toBe(alert);
  expect(alert).toHaveTextContent('Сервер недоступен');

  await act(async () => answer!());
  await waitFor(() => expect(publish).not.toHaveAttribute('aria-busy'));
  expect(screen.getByRole('alert')).toHaveTextContent('Сервер недоступен');
  expect(creates).toBe(2);
});

test('a price with kopecks opens as it is typed in Russian, with a comma and two digits, and is left as it is', async () => {
  const fetchMock = stubApi({
    ...lookupRoutes,
    'application/get': () => ok(lkView({ ...COMPLETE, price: 15000.5, status: 'published', allowedActions: ['application/update', 'application/delete'] })),
    'POST application/update': () => ok(makeApplication({ id: 41 })),
  });
  const { location } = renderEdit();
  const user = userEvent.setup();

  expect(await screen.findByLabelText('Цена, ₽')).toHaveValue('15000,50');
  await user.type(screen.getByLabelText('Описание работ'), '.');
  await user.click(screen.getByRole('button', { name: 'Сохранить изменения' }));

  await waitFor(() => expect(location().pathname).toBe('/lk/application'));
  // Untouched, it is not sent: the server keeps 15000.5 (not a number read back from '15000,50').
  expect(callsTo(fetchMock, 'POST application/update')[0]?.body).toEqual({ id: 41, description: `${FULL_BODY.description}.`, seen: { description: FULL_BODY.description } });
});

test('an address typed over and not chosen is not sent as the old one: «Сохранить изменения» says to choose one, at the field; Escape brings the old one back', async () => {
  const fetchMock = stubApi({
    ...lookupRoutes,
    'user/address/search': () => ok({ items: [] }),
    'application/get': () => ok(lkView({ ...COMPLETE, status: 'published', allowedActions: ['application/update', 'application/delete'] })),
    'POST application/update': () => ok(makeApplication({ id: 41 })),
  });
  const { location } = renderEdit();
  const user = userEvent.setup();
  const address = await screen.findByRole('combobox', { name: 'Адрес' });
  expect(address).toHaveValue(KAZAN.value);

  await user.type(address, 'г Омск, ул Ленина', { initialSelectionStart: 0, initialSelectionEnd: KAZAN.value.length });
  await user.click(screen.getByRole('button', { name: 'Сохранить изменения' }));

  await waitFor(() => expect(address).toHaveAttribute('aria-invalid', 'true'));
  expect(address).toHaveFocus();
  expect(address).toHaveAccessibleDescription(/Выберите адрес из подсказок/);
  expect(address).toHaveValue('г Омск, ул Ленина');
  expect(callsTo(fetchMock, 'POST application/update')).toHaveLength(0);

  await user.keyboard('{Escape}');
  expect(address).toHaveValue(KAZAN.value);
  expect(address).not.toHaveAttribute('aria-invalid');
  await user.type(screen.getByLabelText('Описание работ'), '.');
  await user.click(screen.getByRole('button', { name: 'Сохранить изменения' }));
  await waitFor(() => expect(location().pathname).toBe('/lk/application'));
  // The address is the saved one again: nothing of the typed text goes, the server keeps its address.
  expect(callsTo(fetchMock, 'POST application/update')[0]?.body).toEqual({ id: 41, description: `${FULL_BODY.description}.`, seen: { description: FULL_BODY.description } });
});

test('a published application is changed by application/update, without autosave', async () => {
  const fetchMock = stubApi({
    ...lookupRoutes,
    'application/get': () => ok(lkView({ ...COMPLETE, status: 'published', allowedActions: ['application/update', 'application/delete'] })),
    'POST application/update': () => ok(makeApplication({ id: 41 })),
  });
  const { location } = renderEdit();
  const user = userEvent.setup();

  const price = await screen.findByLabelText('Цена, ₽');
  expect(document.title).toMatch(/^Редактирование заявки № \d+ — /);
  await user.clear(price);
  await user.type(price, '15 000,50');
  expect(screen.queryByRole('button', { name: 'Сохранить черновик' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Сохранить изменения' }));

  await waitFor(() => expect(location().pathname).toBe('/lk/application'));
  // Only the changed field (§8's partial update).
  expect(callsTo(fetchMock, 'POST application/update')[0]?.body).toEqual({ id: 41, price: 15000.5, seen: { price: 12500 } });
  expect(callsTo(fetchMock, 'POST application/draft/upsert')).toHaveLength(0);
  expect(toasts).toContainEqual({ type: 'success', message: 'Изменения сохранены' });
});

test('saving a published application sends only the fields changed here: a price saved meanwhile in another tab stays', async () => {
  // The server's application: the form loads it at 12500, then another tab saves 7777.
  let server = lkView({ ...COMPLETE, status: 'published', allowedActions: ['application/update', 'application/delete'] });
  const fetchMock = stubApi({
    ...lookupRoutes,
    'application/get': () => ok(server),
    'POST application/update': (_url, init) => {
      server = { ...server, ...(JSON.parse(String(init?.body)) as object) };
      return ok(makeApplication({ id: 41, price: server.price }));
    },
  });
  const { location } = renderEdit();
  const user = userEvent.setup();
  expect(await screen.findByLabelText('Цена, ₽')).toHaveValue('12500');

  server = { ...server, price: 7777 };
  await user.type(screen.getByLabelText('Описание работ'), ' и водостоки');
  await user.click(screen.getByRole('button', { name: 'Сохранить изменения' }));

  await waitFor(() => expect(location().pathname).toBe('/lk/application'));
  expect(callsTo(fetchMock, 'POST application/update').map((call) => call.body)).toEqual([{ id: 41, description: `${FULL_BODY.description} и водостоки`, seen: { description: FULL_BODY.description } }]);
  expect(server).toMatchObject({ price: 7777, description: `${FULL_BODY.description} и водостоки` });
});

describe('a published application saved in another tab meanwhile, read again as this tab comes back into view', () => {
  const comeBack = () => act(() => void window.dispatchEvent(new Event('visibilitychange')));
  /** With the app's query defaults: nothing is read again on focus unless its query asks for it. */
  const renderAsTheApp = () => {
    const rendered = renderEdit();
    const defaults = rendered.queryClient.getDefaultOptions();
    rendered.queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, refetchOnWindowFocus: false, staleTime: QUERY_STALE_TIME_MS } });
    return rendered;
  };
  const serve = () => {
    const server = { view: lkView({ ...COMPLETE, status: 'published', allowedActions: ['application/update', 'application/delete'] }) };
    const fetchMock = stubApi({
      ...lookupRoutes,
      'application/get': () => ok(server.view),
      'POST application/update': () => ok(makeApplication({ id: 41 })),
    });
    return { server, fetchMock };
  };

  test('an untouched form shows the newer values, and its save sends only what is changed after', async () => {
    const { server, fetchMock } = serve();
    const { location } = renderAsTheApp();
    const user = userEvent.setup();
    expect(await screen.findByLabelText('Цена, ₽')).toHaveValue('12500');

    server.view = { ...server.view, price: 7777.5, description: 'Заменить кровлю и водостоки' };
    comeBack();

    await waitFor(() => expect(screen.getByLabelText('Цена, ₽')).toHaveValue('7777,50'));
    expect(screen.getByLabelText('Описание работ')).toHaveValue('Заменить кровлю и водостоки');
    expect(beforeUnloadPrevented()).toBe(false);
    await user.type(screen.getByLabelText('Название'), ' дома');
    await user.click(screen.getByRole('button', { name: 'Сохранить изменения' }));
    await waitFor(() => expect(location().pathname).toBe('/lk/application'));
    expect(callsTo(fetchMock, 'POST application/update').map((call) => call.body)).toEqual([{ id: 41, name: 'Ремонт крыши дома', seen: { name: 'Ремонт крыши' } }]);
  });

  test('a form with edits keeps them; its untouched fields take the newer values, and the change is said (QA AAQ-3)', async () => {
    const { server, fetchMock } = serve();
    renderAsTheApp();
    const user = userEvent.setup();
    const description = await screen.findByLabelText('Описание работ');
    await user.type(description, '!');

    server.view = { ...server.view, price: 7777 };
    comeBack();

    await waitFor(() => expect(requestsTo(fetchMock, 'application/get')).toHaveLength(2));
    await waitFor(() => expect(screen.getByLabelText('Цена, ₽')).toHaveValue('7777'));
    expect(description).toHaveValue(`${FULL_BODY.description}!`);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Пока открыта форма, заявку изменили в другой вкладке или другой сотрудник (поле «Цена»). Поля, которые вы не меняли, обновлены; ваши правки при сохранении запишутся поверх.',
    );
  });

  test('the same field typed here and saved in another tab: named before the save, which then writes the typed one knowingly (QA AAQ-3)', async () => {
    const { server, fetchMock } = serve();
    const { location } = renderAsTheApp();
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Название');
    await user.clear(name);
    await user.type(name, 'Название из вкладки А');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    server.view = { ...server.view, name: 'Название из вкладки Б' };
    comeBack();

    expect(await screen.findByRole('alert')).toHaveTextContent('Пока открыта форма, заявку изменили в другой вкладке или другой сотрудник (поле «Название»).');
    expect(name).toHaveValue('Название из вкладки А');
    await user.click(screen.getByRole('button', { name: 'Сохранить изменения' }));
    await waitFor(() => expect(location().pathname).toBe('/lk/application'));
    // Sent with what it took of the field: B's name, written over knowingly.
    expect(callsTo(fetchMock, 'POST application/update').map((call) => call.body)).toEqual([{ id: 41, name: 'Название из вкладки А', seen: { name: 'Название из вкладки Б' } }]);
  });
});

test('a save of a field changed in another tab before this one heard of it is refused 409: the typed text stays, the page reads the application again, and the next save is knowing (QA AAT-1)', async () => {
  let server = lkView({ ...COMPLETE, status: 'published', allowedActions: ['application/update', 'application/delete'] });
  const fetchMock = stubApi({
    ...lookupRoutes,
    'application/get': () => ok(server),
    'POST application/update': (_url, init) => {
      const body = JSON.parse(String(init?.body)) as { name?: string; seen?: { name?: string } };
      if (body.seen?.name !== undefined && body.seen.name !== server.name) return fail(409, APPLICATION_CHANGED_MESSAGE, { code: APPLICATION_CHANGED });
      server = { ...server, name: body.name ?? server.name };
      return ok(makeApplication({ id: 41, name: server.name }));
    },
  });
  const { location } = renderEdit();
  const user = userEvent.setup();
  const name = await screen.findByLabelText('Название');
  await user.clear(name);
  await user.type(name, 'Название из вкладки А');

  // Another tab renames it; this one has not heard (offline meanwhile).
  server = { ...server, name: 'Название из вкладки Б' };
  await user.click(screen.getByRole('button', { name: 'Сохранить изменения' }));

  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(APPLICATION_CHANGED_MESSAGE));
  expect(callsTo(fetchMock, 'POST application/update')[0]?.body).toEqual({ id: 41, name: 'Название из вкладки А', seen: { name: 'Ремонт крыши' } });
  expect(location().pathname).toBe('/lk/application/edit/41');
  expect(name).toHaveValue('Название из вкладки А');

  await user.click(screen.getByRole('button', { name: 'Сохранить изменения' }));
  await waitFor(() => expect(location().pathname).toBe('/lk/application'));
  expect(callsTo(fetchMock, 'POST application/update')[1]?.body).toEqual({ id: 41, name: 'Название из вкладки А', seen: { name: 'Название из вкладки Б' } });
});

describe('edits of a published application, which only its submit saves', () => {
  const published = () =>
    stubApi({
      ...lookupRoutes,
      'application/get': () => ok(lkView({ ...COMPLETE, status: 'published', allowedActions: ['application/update', 'application/delete'] })),
      'POST application/update': () => ok(makeApplication({ id: 41 })),
      'DELETE application/delete': () => ok({ id: 41 }, 'Заявка удалена'),
    });
  const leaveByTheBackLink = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('link', { name: 'Мои заявки' }));

  test('are not dropped by leaving for another page: «Отмена» keeps them, «Уйти без сохранения» leaves', async () => {
    const fetchMock = published();
    const { location } = renderEdit();
    const user = userEvent.setup();
    const price = await screen.findByLabelText('Цена, ₽');
    await user.clear(price);
    await user.type(price, '15 000');
    expect(beforeUnloadPrevented()).toBe(true);

    await leaveByTheBackLink(user);
    let dialog = await screen.findByRole('dialog', { name: 'Уйти без сохранения?' });
    expect(dialog).toHaveAccessibleDescription('Изменения заявки не сохранены и пропадут, если уйти со страницы.');
    // The safe choice has the focus.
    expect(within(dialog).getByRole('button', { name: 'Отмена' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(location().pathname).toBe('/lk/application/edit/41');
    expect(screen.getByLabelText('Цена, ₽')).toHaveValue('15 000');

    await leaveByTheBackLink(user);
    dialog = await screen.findByRole('dialog', { name: 'Уйти без сохранения?' });
    await user.click(within(dialog).getByRole('button', { name: 'Уйти без сохранения' }));
    await waitFor(() => expect(location().pathname).toBe('/lk/application'));
    expect(callsTo(fetchMock, 'POST application/update')).toHaveLength(0);
  });

  test('a session that ended (a logout) leaves them without a question: they could not be saved', async () => {
    published();
    const { location } = renderEdit();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Название'), ' срочно');
    act(() => useSessionStore.getState().clear());
    await leaveByTheBackLink(user);
    await waitFor(() => expect(location().pathname).toBe('/lk/application'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('untouched, or once saved, the page is left without a question', async () => {
    published();
    const { location, unmount } = renderEdit();
    const user = userEvent.setup();
    await screen.findByLabelText('Цена, ₽');
    expect(beforeUnloadPrevented()).toBe(false);
    await leaveByTheBackLink(user);
    await waitFor(() => expect(location().pathname).toBe('/lk/application'));
    unmount();

    const saved = renderEdit();
    const price = await screen.findByLabelText('Цена, ₽');
    await user.clear(price);
    await user.type(price, '15 000');
    await user.click(screen.getByRole('button', { name: 'Сохранить изменения' }));
    await waitFor(() => expect(saved.location().pathname).toBe('/lk/application'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('deleting it asks about the replies too, and not about the edits', async () => {
    const fetchMock = published();
    const { location } = renderEdit();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Название'), ' срочно');

    await user.click(screen.getByRole('button', { name: 'Удалить заявку' }));
    const dialog = screen.getByRole('dialog', { name: 'Удалить заявку?' });
    expect(dialog).toHaveAccessibleDescription('Заявка, её отклики и документы будут удалены без возможности восстановления.');
    await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));

    await waitFor(() => expect(location().pathname).toBe('/lk/application'));
    expect(screen.queryByRole('dialog', { name: 'Уйти без сохранения?' })).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, 'application/delete')).toHaveLength(1);
  });
});

test('a draft\'s edits are saved on leaving, without a question', async () => {
  const fetchMock = stubApi({
    ...lookupRoutes,
    'application/get': () => ok(lkView({ ...COMPLETE, status: 'draft' })),
    'POST application/draft/upsert': () => ok(makeApplication({ id: 41, status: 'draft' })),
  });
  const { location } = renderEdit();
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Название'), ' срочно');
  await user.click(screen.getByRole('link', { name: 'Мои заявки' }));

  await waitFor(() => expect(location().pathname).toBe('/lk/application'));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  await waitFor(() => expect(callsTo(fetchMock, 'POST application/draft/upsert').at(-1)?.body).toMatchObject({ id: 41, name: 'Ремонт крыши срочно' }));
});

test('an unpublished one is offered «Опубликовать снова»', async () => {
  stubApi({ ...lookupRoutes, 'application/get': () => ok(lkView({ ...COMPLETE, status: 'unpublished', allowedActions: ['application/update'] })) });
  renderEdit();
  expect(await screen.findByRole('button', { name: 'Опубликовать снова' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Удалить заявку' })).not.toBeInTheDocument();
});

test('past the naming of an executor the edit address leads to the detail page', async () => {
  stubApi({ 'application/get': () => ok(lkView({ ...COMPLETE, status: 'executor_named', allowedActions: ['application/contract/upload'] })) });
  const { location } = renderEdit();
  await waitFor(() => expect(location().pathname).toBe('/lk/application/detail/41'));
});

test('a missing application, or an id that is no id, is «Заявка не найдена»', async () => {
  const fetchMock = stubApi({ 'application/get': () => fail(404, 'Заявка не найдена') });
  const { unmount } = renderEdit();
  expect(await screen.findByRole('heading', { level: 1, name: 'Заявка не найдена' })).toBeInTheDocument();
  unmount();

  renderEdit('abc');
  expect(screen.getByRole('heading', { level: 1, name: 'Заявка не найдена' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Вернуться к моим заявкам' })).toHaveAttribute('href', '/lk/application');
  expect(requestsTo(fetchMock, 'application/get')).toHaveLength(1);
});

test('a draft is deleted after the same confirmation as on the detail page, then the list', async () => {
  const fetchMock = stubApi({
    ...lookupRoutes,
    'application/get': () => ok(lkView({ status: 'draft' })),
    'DELETE application/delete': () => ok({ id: 41 }, 'Заявка удалена'),
  });
  const { location } = renderEdit();
  const user = userEvent.setup();

  await user.click(await screen.findByRole('button', { name: 'Удалить заявку' }));
  const dialog = screen.getByRole('dialog', { name: 'Удалить заявку?' });
  // The detail page's question (a draft has no replies to lose), «Отмена» focused, «Удалить» red.
  expect(dialog).toHaveAccessibleDescription('Заявка и её документы будут удалены без возможности восстановления.');
  expect(within(dialog).getByRole('button', { name: 'Отмена' })).toHaveFocus();
  expect(within(dialog).getByRole('button', { name: 'Удалить' })).toHaveClass('ui-button--danger');
  await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));

  await waitFor(() => expect(location().pathname).toBe('/lk/application'));
  expect(requestsTo(fetchMock, 'application/delete')[0]?.searchParams.get('id')).toBe('41');
  expect(toasts).toContainEqual({ type: 'success', message: 'Заявка удалена' });
});

test("a refused delete keeps the server's reason in the dialog and the form; the error toast (spec §7) shows it, silent", async () => {
  stubApi({
    ...lookupRoutes,
    'application/get': () => ok(lkView({ status: 'draft' })),
    'DELETE application/delete': () => fail(500, 'Сервис временно недоступен'),
  });
  const { location } = renderEdit();
  const user = userEvent.setup();

  await user.click(await screen.findByRole('button', { name: 'Удалить заявку' }));
  const dialog = screen.getByRole('dialog', { name: 'Удалить заявку?' });
  await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));

  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Сервис временно недоступен');
  expect(location().pathname).not.toBe('/lk/application');
  expect(toasts).toEqual([{ type: 'error', message: 'Сервис временно недоступен', silent: true }]);
});

test('a delete refused for the application as it is (409, a conversation about it) is said once: the dialog closes, one toast, the form stays', async () => {
  const refusal = 'Нельзя удалить заявку: по ней есть переписка, которая нужна и другой стороне';
  const fetchMock = stubApi({
    ...lookupRoutes,
    'application/get': () => ok(lkView({ ...COMPLETE, status: 'unpublished', allowedActions: ['application/update', 'application/delete'] })),
    'DELETE application/delete': () => fail(409, refusal),
  });
  const { location } = renderEdit();
  const user = userEvent.setup();

  await user.click(await screen.findByRole('button', { name: 'Удалить заявку' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Удалить заявку?' })).getByRole('button', { name: 'Удалить' }));

  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Удалить заявку?' })).not.toBeInTheDocument());
  expect(toasts).toEqual([{ type: 'error', message: refusal }]);
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(location().pathname).toBe('/lk/application/edit/41');
  expect(requestsTo(fetchMock, 'application/delete')).toHaveLength(1);
});

/**
 * A form left open in one tab while another tab moved the application on: its save is refused, and
 * instead of a form that can no longer save, the page goes where the application is now.
 */
describe('a form behind the application (another tab acted)', () => {
  /** Answers `application/get` with each view in turn, the last one from then on. */
  const views = (...answers: Array<ReturnType<typeof lkView> | 404>) => {
    let call = 0;
    return () => {
      const answer = answers[Math.min(call++, answers.length - 1)]!;
      return answer === 404 ? fail(404, 'Заявка не найдена') : ok(answer);
    };
  };

  /** Published when the form opens; read again, its executor has been named. */
  const publishedThenNamed = () =>
    views(
      lkView({ ...COMPLETE, status: 'published', allowedActions: ['application/update', 'application/delete'] }),
      lkView({ ...COMPLETE, status: 'executor_named', allowedActions: ['application/contract/upload'] }),
    );

  test('saving a published application whose executor was named meanwhile leads to its detail, saying why', async () => {
    const fetchMock = stubApi({
      ...lookupRoutes,
      'application/get': publishedThenNamed(),
      'POST application/update': () => fail(409, 'Действие недоступно в текущем статусе заявки'),
    });
    const { location } = renderEdit();
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Описание работ'), '. Срочно');
    await user.click(screen.getByRole('button', { name: 'Сохранить изменения' }));

    await waitFor(() => expect(location().pathname).toBe('/lk/application/detail/41'));
    expect(toasts).toEqual([{ type: 'error', message: FORM_STALE_MESSAGE }]);
    expect(callsTo(fetchMock, 'POST application/update')).toHaveLength(1);
  });

  test('an executor named in another tab while the form is open: the page leads to the detail and says the typed text could not be kept', async () => {
    stubApi({
      ...lookupRoutes,
      'application/get': publishedThenNamed(),
    });
    const { location, queryClient } = renderEdit();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Описание работ'), '. Срочно');

    // The live event of the other tab's naming reads the application again.
    await act(() => queryClient.invalidateQueries());

    await waitFor(() => expect(location().pathname).toBe('/lk/application/detail/41'));
    expect(toasts).toEqual([{ type: 'error', message: FORM_STALE_MESSAGE }]);
  });

  test('leaving for the application’s detail puts the focus on its heading, not on the body the pressed button left it on', async () => {
    stubApi({
      ...lookupRoutes,
      'application/get': publishedThenNamed(),
      'POST application/update': () => fail(409, 'Действие недоступно в текущем статусе заявки'),
    });
    // In the app's layout: each page's start is its heading inside <main>.
    renderRoutes(
      [
        { path: '/lk/application/edit/:id', Component: () => <main><EditPage /></main> },
        { path: '/lk/application/detail/:id', Component: () => <main><h1>Ремонт крыши</h1></main> },
      ],
      '/lk/application/edit/41',
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Описание работ'), '. Срочно');
    const save = screen.getByRole('button', { name: 'Сохранить изменения' });
    act(() => save.focus());
    await user.keyboard('{Enter}');

    const heading = await screen.findByRole('heading', { level: 1, name: 'Ремонт крыши' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  test('a draft published in another tab: the autosave’s refusal leads to the application, and nothing more is sent', async () => {
    const fetchMock = stubApi({
      ...lookupRoutes,
      'application/get': views(lkView({ ...COMPLETE, status: 'draft' }), lkView({ ...COMPLETE, status: 'published', allowedActions: ['application/update'] })),
      'POST application/draft/upsert': () => fail(409, 'Действие недоступно в текущем статусе заявки'),
    });
    const { location } = renderEdit();
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Описание работ'), '. Срочно');

    await waitFor(() => expect(location().pathname).toBe('/lk/application/detail/41'), { timeout: 5000 });
    expect(toasts).toEqual([{ type: 'error', message: FORM_STALE_MESSAGE }]);
    // Leaving flushed no second save of the same refused edits.
    expect(callsTo(fetchMock, 'POST application/draft/upsert')).toHaveLength(1);
  });

  test('an application deleted in another tab: deleting it again leads to the list', async () => {
    stubApi({
      ...lookupRoutes,
      'application/get': views(lkView({ ...COMPLETE, status: 'draft' }), 404),
      'DELETE application/delete': () => fail(404, 'Заявка не найдена'),
    });
    const { location } = renderEdit();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Удалить заявку' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Удалить заявку?' })).getByRole('button', { name: 'Удалить' }));

    await waitFor(() => expect(location().pathname).toBe('/lk/application'));
    expect(toasts).toEqual([{ type: 'error', message: FORM_GONE_MESSAGE }]);
  });

  test('a refusal about the form itself keeps the form: publishing a draft the server finds incomplete', async () => {
    stubApi({
      ...lookupRoutes,
      'application/get': () => ok(lkView({ ...COMPLETE, status: 'draft' })),
      'POST application/draft/upsert': () => ok(makeApplication({ id: 41, status: 'draft' })),
      'POST application/create': () => fail(409, 'Заполните все обязательные поля заявки'),
    });
    const { location } = renderEdit();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Опубликовать' }));

    expect(await screen.findByText('Заполните все обязательные поля заявки')).toBeInTheDocument();
    expect(location().pathname).toBe('/lk/application/edit/41');
    // The failure's error toast (spec §7) shows the alert's words, and is silent: the alert says them.
    expect(toasts.filter((toast) => toast.type === 'error')).toEqual([{ type: 'error', message: 'Заполните все обязательные поля заявки', silent: true }]);
  });
});

describe('a file still going up, which leaving the page would abort', () => {
  const ESTIMATE = { id: 9, name: 'Смета.pdf', mimeType: 'application/pdf', sizeBytes: 4_000_000, public: false, createdAt: '2026-11-20T10:00:00.000Z' };
  let xhr: ReturnType<typeof installFakeXhr>;
  beforeEach(() => {
    xhr = installFakeXhr();
  });
  afterEach(() => xhr.restore());

  async function startUpload() {
    const input = await screen.findByLabelText('Прикрепить документ');
    await act(async () => void fireEvent.change(input, { target: { files: [fakeFile('Смета.pdf', 4_000_000)] } }));
    await act(async () => xhr.requests[0]?.progress(1_200_000, 4_000_000));
    expect(screen.getByRole('progressbar', { name: 'Загрузка файла «Смета.pdf»' })).toHaveAttribute('value', '30');
  }

  test('«Опубликовать» waits for it, said by the buttons; leaving asks; once it is up, the draft is published with it', async () => {
    const fetchMock = stubApi(completeDraftRoutes());
    const { location } = renderEdit();
    const user = userEvent.setup();
    await startUpload();
    expect(beforeUnloadPrevented()).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Опубликовать' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(UPLOAD_PENDING_MESSAGE);
    expect(callsTo(fetchMock, 'POST application/create')).toHaveLength(0);
    expect(location().pathname).toBe('/lk/application/edit/41');
    expect(xhr.requests[0]?.aborted).toBe(false);

    await user.click(screen.getByRole('link', { name: 'Мои заявки' }));
    const dialog = await screen.findByRole('dialog', { name: 'Уйти без сохранения?' });
    expect(dialog).toHaveAccessibleDescription(LEAVE_UPLOADING_DESCRIPTION);
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(location().pathname).toBe('/lk/application/edit/41');

    await act(async () => xhr.requests[0]?.respond(ok(ESTIMATE)));
    expect(within(screen.getByRole('region', { name: 'Документы' })).getByText('Смета.pdf')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(UPLOAD_PENDING_MESSAGE)).not.toBeInTheDocument());
    expect(beforeUnloadPrevented()).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Опубликовать' }));
    await waitFor(() => expect(location().pathname).toBe('/lk/application'));
    expect(callsTo(fetchMock, 'POST application/create').map((call) => call.body)).toEqual([{ id: 41 }]);
  });

  test('«Сохранить изменения» of a published application waits for it too, and leaving asks', async () => {
    const fetchMock = stubApi({
      ...lookupRoutes,
      'application/get': () => ok(lkView({ ...COMPLETE, status: 'published', allowedActions: ['application/update', 'application/delete'] })),
      'POST application/update': () => ok(makeApplication({ id: 41 })),
    });
    const { location } = renderEdit();
    const user = userEvent.setup();
    await startUpload();

    await user.click(screen.getByRole('button', { name: 'Сохранить изменения' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(UPLOAD_PENDING_MESSAGE);
    expect(callsTo(fetchMock, 'POST application/update')).toHaveLength(0);

    await user.click(screen.getByRole('link', { name: 'Мои заявки' }));
    const dialog = await screen.findByRole('dialog', { name: 'Уйти без сохранения?' });
    await user.click(within(dialog).getByRole('button', { name: 'Уйти без сохранения' }));
    await waitFor(() => expect(location().pathname).toBe('/lk/application'));
    // Left on purpose: the upload is given up with the page.
    expect(xhr.requests[0]?.aborted).toBe(true);
  });
});
