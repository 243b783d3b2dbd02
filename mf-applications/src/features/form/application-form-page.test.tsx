import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NETWORK_ERROR_MESSAGE } from 'shared';
import { callsTo, fail, fakeFile, installFakeXhr, ok, setUpPageTests, stubApi, type FetchHandler } from 'shared/testing';
import { Component as FormPage } from '../../pages/application-form-page';
import { makeApplication, renderRoutes, signInAs } from '../../testing/render-page';
import { DRAFT_ERROR_MESSAGE, DRAFT_SAVED_MESSAGE, DRAFT_SAVED_TOAST_MS } from './hooks/use-draft-autosave';
import { FORM_STALE_MESSAGE } from './hooks/use-leave-stale-form';
import { SLOW_SUBMIT_MS, SLOW_SUBMIT_TEXT } from './hooks/use-slow-submit';
import { A_KEY, COMPLETE_VIEW, draftUpsert, fillAllButName, FULL_BODY, KAZAN, lkView, lookupRoutes } from './testing/form-fixtures';

// Autosave waits for a pause in typing, and user-event types as a person would on two busy cores.
jest.setTimeout(20_000);

const renderForm = () => renderRoutes([{ path: '/lk/application/form', Component: FormPage }], '/lk/application/form');
const toasts = setUpPageTests(() => signInAs('customer'));

test('every field has a label; publishing an empty form shows the schema messages and focuses the first', async () => {
  const fetchMock = stubApi(lookupRoutes);
  renderForm();
  const user = userEvent.setup();
  await screen.findByRole('checkbox', { name: 'Ремонт кровли' });

  await user.click(screen.getByRole('button', { name: 'Опубликовать' }));

  const name = screen.getByLabelText('Название');
  await waitFor(() => expect(name).toHaveFocus());
  expect(name).toHaveAccessibleDescription('Укажите название заявки');
  expect(screen.getByLabelText('Описание работ')).toHaveAccessibleDescription(/Укажите описание заявки/);
  expect(screen.getByText('Выберите хотя бы одну услугу')).toBeInTheDocument();
  expect(screen.getByRole('combobox', { name: 'Адрес' })).toHaveAccessibleDescription(/Укажите адрес/);
  expect(screen.getByLabelText('Цена, ₽')).toHaveAccessibleDescription(/Укажите цену/);
  expect(screen.getByLabelText('Срок выполнения')).toHaveAccessibleDescription(/Укажите срок выполнения/);
  expect(screen.getByLabelText('Приём откликов до')).toHaveAccessibleDescription(/Укажите срок приёма откликов/);
  expect(callsTo(fetchMock, 'POST application/create')).toHaveLength(0);
});

test('a date that is none yet does not hide the empty fields: one «Опубликовать» marks them all (QA BAC-1)', async () => {
  const fetchMock = stubApi({ ...lookupRoutes, 'POST application/draft/upsert': () => ok(makeApplication({ id: 41, status: 'draft' })) });
  renderForm();
  const user = userEvent.setup();
  await screen.findByRole('checkbox', { name: 'Ремонт кровли' });
  await user.type(screen.getByLabelText('Название'), 'Дата неверна');
  await user.type(screen.getByLabelText('Срок выполнения'), '31022027');

  await user.click(screen.getByRole('button', { name: 'Опубликовать' }));

  await waitFor(() => expect(screen.getByLabelText('Описание работ')).toHaveAccessibleDescription(/Укажите описание заявки/));
  expect(screen.getByLabelText('Срок выполнения')).toHaveAccessibleDescription(/Такой даты нет/);
  expect(screen.getByText('Выберите хотя бы одну услугу')).toBeInTheDocument();
  expect(screen.getByRole('combobox', { name: 'Адрес' })).toHaveAccessibleDescription(/Укажите адрес/);
  expect(screen.getByLabelText('Цена, ₽')).toHaveAccessibleDescription(/Укажите цену/);
  expect(screen.getByLabelText('Приём откликов до')).toHaveAccessibleDescription(/Укажите срок приёма откликов/);
  expect(callsTo(fetchMock, 'POST application/create')).toHaveLength(0);
});

test('the customer is told, before the first field, that a published application is public and what not to write in it', async () => {
  stubApi(lookupRoutes);
  renderForm();
  const note = await screen.findByText(/^Опубликованную заявку видят все посетители площадки: название, описание, адрес и цену\./);
  expect(note).toHaveTextContent('Не пишите в ней телефон, коды домофона и другие данные для доступа');
  expect(note.compareDocumentPosition(screen.getByLabelText('Название')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
});

test('no service chosen: publishing focuses the first service, and each box is described by why', async () => {
  stubApi({ ...lookupRoutes, 'POST application/draft/upsert': draftUpsert });
  renderForm();
  const user = userEvent.setup();
  const roof = await screen.findByRole('checkbox', { name: 'Ремонт кровли' });
  fireEvent.change(screen.getByLabelText('Название'), { target: { value: 'Ремонт крыши' } });
  fireEvent.change(screen.getByLabelText('Описание работ'), { target: { value: 'Заменить кровлю' } });

  await user.click(screen.getByRole('button', { name: 'Опубликовать' }));

  await waitFor(() => expect(roof).toHaveFocus());
  expect(roof).toHaveAttribute('aria-invalid', 'true');
  expect(roof).toHaveAccessibleDescription('Выберите хотя бы одну услугу');
  expect(screen.getByRole('checkbox', { name: 'Укладка плитки' })).toHaveAccessibleDescription('Выберите хотя бы одну услугу');

  await user.click(roof);
  await waitFor(() => expect(roof).not.toHaveAttribute('aria-invalid'));
  expect(roof).not.toHaveAccessibleDescription();
});

test('the draft is saved after a pause in typing, then again with its id; each save says «Черновик сохранён» for 1500 ms', async () => {
  const fetchMock = stubApi({
    ...lookupRoutes,
    'POST application/draft/upsert': draftUpsert,
  });
  renderForm();
  const user = userEvent.setup();

  await user.type(screen.getByLabelText('Название'), 'Ремонт крыши');
  await waitFor(() => expect(callsTo(fetchMock, 'POST application/draft/upsert')).toHaveLength(1));
  expect(callsTo(fetchMock, 'POST application/draft/upsert')[0]?.body).toEqual({ name: 'Ремонт крыши', clientKey: A_KEY });
  await waitFor(() => expect(toasts).toEqual([{ type: 'success', message: DRAFT_SAVED_MESSAGE, autoClose: DRAFT_SAVED_TOAST_MS }]));

  // The address names the draft now: a reload opens it instead of an empty form (another draft).
  expect(window.location.pathname).toBe('/lk/application/edit/41');
  window.history.replaceState(null, '', '/');

  await user.type(screen.getByLabelText('Описание работ'), 'Заменить кровлю');
  await waitFor(() => expect(callsTo(fetchMock, 'POST application/draft/upsert')).toHaveLength(2));
  expect(callsTo(fetchMock, 'POST application/draft/upsert')[1]?.body).toEqual({ id: 41, name: 'Ремонт крыши', description: 'Заменить кровлю' });
  // Only the first save of a new draft moves the address.
  expect(window.location.pathname).toBe('/');
  expect(DRAFT_SAVED_TOAST_MS).toBe(1500);
});

test(`a failed save says so: the server's message, else «${DRAFT_ERROR_MESSAGE}»`, async () => {
  let answer = fail(422, 'Название — не длиннее 200 символов');
  stubApi({ ...lookupRoutes, 'POST application/draft/upsert': () => answer });
  renderForm();
  const user = userEvent.setup();

  await user.type(screen.getByLabelText('Название'), 'Ремонт');
  await waitFor(() => expect(toasts).toEqual([{ type: 'error', message: 'Название — не длиннее 200 символов' }]));

  answer = { status: 502, body: '' };
  await user.type(screen.getByLabelText('Название'), ' крыши');
  await waitFor(() => expect(toasts.at(-1)).toEqual({ type: 'error', message: DRAFT_ERROR_MESSAGE }));
});

test('publishing a complete form that was never saved sends every field to application/create, then opens the list', async () => {
  const fetchMock = stubApi({
    ...lookupRoutes,
    'POST application/create': () => ok(makeApplication({ id: 42 }), 'Заявка опубликована'),
  });
  const { location } = renderForm();
  const user = userEvent.setup();
  await fillAllButName(user);
  // The name last, and at once: no pause has passed, so no draft was saved.
  fireEvent.change(screen.getByLabelText('Название'), { target: { value: 'Ремонт крыши' } });
  await user.click(screen.getByRole('button', { name: 'Опубликовать' }));

  await waitFor(() => expect(location().pathname).toBe('/lk/application'));
  const [create] = callsTo(fetchMock, 'POST application/create');
  expect(create?.body).toEqual({ ...FULL_BODY, clientKey: A_KEY });
  expect(callsTo(fetchMock, 'POST application/draft/upsert')).toHaveLength(0);
  expect(toasts).toContainEqual({ type: 'success', message: 'Заявка опубликована' });
});

test('once published, the focus goes to the list’s heading, not to the body the submit button left it on', async () => {
  stubApi({
    ...lookupRoutes,
    'POST application/create': () => ok(makeApplication({ id: 42 }), 'Заявка опубликована'),
  });
  // In the app's layout: each page's start is its heading inside <main>.
  renderRoutes(
    [
      { path: '/lk/application/form', Component: () => <main><FormPage /></main> },
      { path: '/lk/application', Component: () => <main><h1>Мои заявки</h1></main> },
    ],
    '/lk/application/form',
  );
  const user = userEvent.setup();
  await fillAllButName(user);
  fireEvent.change(screen.getByLabelText('Название'), { target: { value: 'Ремонт крыши' } });
  const publish = screen.getByRole('button', { name: 'Опубликовать' });
  act(() => publish.focus());
  await user.keyboard('{Enter}');

  const heading = await screen.findByRole('heading', { level: 1, name: 'Мои заявки' });
  await waitFor(() => expect(heading).toHaveFocus());
});

/** A new form's name typed (its draft saved), every other field filled, «Опубликовать» pressed. */
async function publishSavedDraft(fetchMock: ReturnType<typeof stubApi>) {
  const rendered = renderForm();
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Название'), 'Ремонт крыши');
  await waitFor(() => expect(callsTo(fetchMock, 'POST application/draft/upsert')).toHaveLength(1));
  await fillAllButName(user);
  await user.click(screen.getByRole('button', { name: 'Опубликовать' }));
  return rendered;
}

test('a saved draft is brought up to date and published by its id', async () => {
  const fetchMock = stubApi({
    ...lookupRoutes,
    'POST application/draft/upsert': draftUpsert,
    'POST application/create': () => ok(makeApplication({ id: 41, status: 'published' })),
  });
  const { location } = await publishSavedDraft(fetchMock);

  await waitFor(() => expect(location().pathname).toBe('/lk/application'));
  const upserts = callsTo(fetchMock, 'POST application/draft/upsert');
  expect(upserts.at(-1)?.body).toEqual({ id: 41, ...FULL_BODY });
  expect(callsTo(fetchMock, 'POST application/create').map((call) => call.body)).toEqual([{ id: 41 }]);
});

describe('a call whose answer was lost (the server did it), then the same again: the new form’s key makes nothing twice', () => {
  /** The server did the work, the browser saw the connection drop: `handler` answers from the second call on. */
  const lostOnce = (handler: FetchHandler): FetchHandler => {
    let lost = false;
    return (url, init) => {
      const answer = handler(url, init);
      if (lost) return answer;
      lost = true;
      throw new TypeError('Failed to fetch');
    };
  };
  const keyOf = (body: unknown) => (body as { clientKey?: string }).clientKey;

  test('a first draft save: the next save sends the same key, with no id, so the server saves the draft it made rather than a second one', async () => {
    const fetchMock = stubApi({ ...lookupRoutes, 'POST application/draft/upsert': lostOnce(draftUpsert) });
    const upserts = () => callsTo(fetchMock, 'POST application/draft/upsert').map((call) => call.body);
    renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Название'), 'Ремонт крыши');
    await waitFor(() => expect(toasts).toContainEqual({ type: 'error', message: DRAFT_ERROR_MESSAGE }));

    await user.type(screen.getByLabelText('Описание работ'), 'Заменить кровлю');
    await waitFor(() => expect(upserts()).toHaveLength(2));
    expect(upserts()[0]).toEqual({ name: 'Ремонт крыши', clientKey: A_KEY });
    expect(upserts()[1]).toEqual({ name: 'Ремонт крыши', description: 'Заменить кровлю', clientKey: keyOf(upserts()[0]) });
    await waitFor(() => expect(window.location.pathname).toBe('/lk/application/edit/41'));
  });

  test('«Опубликовать» of a form never saved: pressed again, it sends every field with the same key, and the answer is the success', async () => {
    const fetchMock = stubApi({ ...lookupRoutes, 'POST application/create': lostOnce(() => ok(makeApplication({ id: 42 }), 'Заявка опубликована')) });
    const { location } = renderForm();
    const user = userEvent.setup();
    await fillAllButName(user);
    fireEvent.change(screen.getByLabelText('Название'), { target: { value: 'Ремонт крыши' } });
    await user.click(screen.getByRole('button', { name: 'Опубликовать' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(NETWORK_ERROR_MESSAGE);

    await user.click(screen.getByRole('button', { name: 'Опубликовать' }));
    await waitFor(() => expect(location().pathname).toBe('/lk/application'));
    const [first, again] = callsTo(fetchMock, 'POST application/create').map((call) => call.body);
    expect(first).toEqual({ ...FULL_BODY, clientKey: A_KEY });
    expect(again).toEqual(first);
    expect(toasts).toContainEqual({ type: 'success', message: 'Заявка опубликована' });
  });

  /** The server as it is once the lost publication went through: the draft is published, so a save or publication by its id is refused; the form's key answers the application. */
  function publishedByLostCall({ readAfterLoss }: { readAfterLoss: 'fails' | 'answers' }) {
    let published = false;
    let readsAfter = 0;
    const refused = () => fail(409, 'Действие недоступно в текущем статусе заявки');
    return stubApi({
      ...lookupRoutes,
      'POST application/draft/upsert': (url, init) => (published ? refused() : draftUpsert(url, init)),
      'POST application/create': lostOnce((_url, init) => {
        const body = JSON.parse(String(init?.body)) as { id?: number };
        if (published && body.id !== undefined) return refused();
        published = true;
        return ok(makeApplication({ id: 41, status: 'published' }), 'Заявка опубликована');
      }),
      'application/get': () => {
        // The read that asks whether the lost publication went through: lost too, or answered.
        if (published && readsAfter++ === 0 && readAfterLoss === 'fails') throw new TypeError('Failed to fetch');
        return ok(lkView({ ...COMPLETE_VIEW, status: 'published' }));
      },
    });
  }

  test('«Опубликовать» of the form’s saved draft, its answer lost: the draft read again and found published is the success at once (QA I-5)', async () => {
    const fetchMock = publishedByLostCall({ readAfterLoss: 'answers' });
    const { location } = await publishSavedDraft(fetchMock);

    await waitFor(() => expect(location().pathname).toBe('/lk/application'));
    expect(callsTo(fetchMock, 'POST application/create').map((call) => call.body)).toEqual([{ id: 41 }]);
    expect(toasts).toContainEqual({ type: 'success', message: 'Заявка опубликована' });
    expect(screen.queryByText(NETWORK_ERROR_MESSAGE)).not.toBeInTheDocument();
  });

  test('«Опубликовать» of the form’s saved draft: pressed again (the read after the loss lost too), it goes by the key and is the success, not «Заявка изменилась…»', async () => {
    const fetchMock = publishedByLostCall({ readAfterLoss: 'fails' });
    const { location } = renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Название'), 'Ремонт крыши');
    await waitFor(() => expect(callsTo(fetchMock, 'POST application/draft/upsert')).toHaveLength(1));
    const key = keyOf(callsTo(fetchMock, 'POST application/draft/upsert')[0]?.body);
    await fillAllButName(user);
    await user.click(screen.getByRole('button', { name: 'Опубликовать' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(NETWORK_ERROR_MESSAGE);

    await user.click(screen.getByRole('button', { name: 'Опубликовать' }));
    await waitFor(() => expect(location().pathname).toBe('/lk/application'));
    expect(key).toEqual(A_KEY);
    expect(callsTo(fetchMock, 'POST application/create').map((call) => call.body)).toEqual([{ id: 41 }, { ...FULL_BODY, clientKey: key }]);
    expect(toasts).toContainEqual({ type: 'success', message: 'Заявка опубликована' });
    expect(toasts).not.toContainEqual(expect.objectContaining({ message: FORM_STALE_MESSAGE }));
  });
});

test('a half-typed «Срок выполнения» sent with Enter from it is said in the words the field shows', async () => {
  const fetchMock = stubApi({ ...lookupRoutes, 'POST application/draft/upsert': draftUpsert });
  renderForm();
  const user = userEvent.setup();
  await fillAllButName(user);
  fireEvent.change(screen.getByLabelText('Название'), { target: { value: 'Ремонт крыши' } });
  const deadline = screen.getByLabelText('Срок выполнения');
  await user.clear(deadline);
  await user.type(deadline, '12.1{Enter}');

  expect(deadline).toHaveFocus();
  await waitFor(() => expect(deadline).toHaveAccessibleDescription(/Введите дату полностью: дд.мм.гггг/));
  expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain('Введите дату полностью: дд.мм.гггг');
  expect(callsTo(fetchMock, 'POST application/create')).toHaveLength(0);
});

test("the server's refusal of a publication is shown in the form and at its field", async () => {
  stubApi({
    ...lookupRoutes,
    'POST application/create': () => fail(422, 'Проверьте поля заявки', { errors: { deadline: 'Срок выполнения — не раньше срока приёма откликов' } }),
  });
  const { location } = renderForm();
  const user = userEvent.setup();
  await fillAllButName(user);
  fireEvent.change(screen.getByLabelText('Название'), { target: { value: 'Ремонт крыши' } });
  await user.click(screen.getByRole('button', { name: 'Опубликовать' }));

  expect(await screen.findByRole('alert')).toHaveTextContent('Проверьте поля заявки');
  expect(screen.getByLabelText('Срок выполнения')).toHaveAccessibleDescription(/Срок выполнения — не раньше срока приёма откликов/);
  expect(location().pathname).toBe('/lk/application/form');
});

test('a publication the server fails says so beside the submit button the user pressed, the form kept and the button ready again', async () => {
  const fetchMock = stubApi({ ...lookupRoutes, 'POST application/draft/upsert': draftUpsert, 'POST application/create': () => fail(500, 'Внутренняя ошибка сервера') });
  const { location } = renderForm();
  const user = userEvent.setup();
  await fillAllButName(user);
  fireEvent.change(screen.getByLabelText('Название'), { target: { value: 'Ремонт крыши' } });
  const publish = screen.getByRole('button', { name: 'Опубликовать' });
  act(() => publish.focus());
  await user.keyboard('{Enter}');

  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Внутренняя ошибка сервера');
  // Read (and seen on a phone) where the focus is: after the last field, just before the button —
  // not above the form, a screen's height away.
  const follows = (a: Node, b: Node) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
  expect(follows(screen.getByRole('region', { name: 'Документы' }), alert)).toBe(true);
  expect(follows(alert, publish)).toBe(true);
  expect(publish).toHaveFocus();
  expect(publish).not.toHaveAttribute('aria-busy', 'true');
  expect(screen.getByLabelText('Название')).toHaveValue('Ремонт крыши');
  expect(location().pathname).not.toBe('/lk/application');
  expect(callsTo(fetchMock, 'POST application/create')).toHaveLength(1);
});

test('a publication the server is slow to answer says it is still going after a few seconds, by the busy button', async () => {
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  stubApi({ ...lookupRoutes, 'POST application/draft/upsert': draftUpsert, 'POST application/create': () => answered.then(() => fail(503, 'Сервер перегружен')) });
  renderForm();
  const user = userEvent.setup();
  await fillAllButName(user);
  fireEvent.change(screen.getByLabelText('Название'), { target: { value: 'Ремонт крыши' } });
  const publish = screen.getByRole('button', { name: 'Опубликовать' });
  await user.click(publish);

  await waitFor(() => expect(publish).toHaveAttribute('aria-busy', 'true'));
  expect(screen.queryByText(SLOW_SUBMIT_TEXT)).not.toBeInTheDocument();
  const slow = await screen.findByText(SLOW_SUBMIT_TEXT, {}, { timeout: SLOW_SUBMIT_MS + 2000 });
  expect(slow).toHaveAttribute('role', 'status');

  act(() => answer());
  expect(await screen.findByRole('alert')).toHaveTextContent('Сервер перегружен');
  expect(screen.queryByText(SLOW_SUBMIT_TEXT)).not.toBeInTheDocument();
});

test("a refusal the server words as its field's error is said at the field alone, not heard twice", async () => {
  const refusal = 'Срок выполнения не может быть раньше срока приёма откликов';
  stubApi({ ...lookupRoutes, 'POST application/create': () => fail(422, refusal, { errors: { deadline: refusal } }) });
  const { location } = renderForm();
  const user = userEvent.setup();
  await fillAllButName(user);
  fireEvent.change(screen.getByLabelText('Название'), { target: { value: 'Ремонт крыши' } });
  await user.click(screen.getByRole('button', { name: 'Опубликовать' }));

  const deadline = screen.getByLabelText('Срок выполнения');
  await waitFor(() => expect(deadline).toHaveAccessibleDescription(new RegExp(refusal)));
  expect(deadline).toHaveFocus();
  expect(screen.queryAllByRole('alert').filter((alert) => alert.textContent?.includes(refusal))).toEqual([]);
  expect(screen.getAllByText(refusal)).toHaveLength(1);
  expect(location().pathname).toBe('/lk/application/form');
});

test('documents can be attached once the draft exists, with upload progress, to that draft', async () => {
  stubApi({ ...lookupRoutes, 'POST application/draft/upsert': draftUpsert });
  const xhr = installFakeXhr();
  renderForm();
  const user = userEvent.setup();
  expect(screen.getByText(/Документы можно прикрепить, когда черновик сохранится/)).toBeInTheDocument();
  expect(screen.queryByLabelText('Прикрепить документ')).not.toBeInTheDocument();

  await user.type(screen.getByLabelText('Название'), 'Ремонт крыши');
  const input = await screen.findByLabelText('Прикрепить документ');
  await act(async () => void fireEvent.change(input, { target: { files: [fakeFile('Смета.pdf', 2048)] } }));
  await act(async () => xhr.requests[0]?.progress(1024, 2048));
  expect(screen.getByRole('progressbar', { name: 'Загрузка файла «Смета.pdf»' })).toHaveAttribute('value', '50');
  await act(async () =>
    xhr.requests[0]?.respond(ok({ id: 9, name: 'Смета.pdf', mimeType: 'application/pdf', sizeBytes: 2048, public: false, createdAt: '2026-11-20T10:00:00.000Z' })),
  );

  expect(xhr.requests[0]?.url.pathname).toBe('/api/application/document/upload');
  expect(xhr.requests[0]?.fields).toEqual({ id: '41', public: 'false' });
  const documents = screen.getByRole('region', { name: 'Документы' });
  expect(within(documents).getByText('Смета.pdf')).toBeInTheDocument();
  xhr.restore();
});

test('publishing focuses the first invalid field in the order of the page: the services before the address and the price', async () => {
  stubApi(lookupRoutes);
  renderForm();
  const user = userEvent.setup();
  const firstService = await screen.findByRole('checkbox', { name: 'Ремонт кровли' });
  fireEvent.change(screen.getByLabelText('Название'), { target: { value: 'Ремонт крыши' } });
  fireEvent.change(screen.getByLabelText('Описание работ'), { target: { value: 'Заменить кровлю' } });

  await user.click(screen.getByRole('button', { name: 'Опубликовать' }));

  await waitFor(() => expect(firstService).toHaveFocus());
  expect(firstService).toHaveAttribute('aria-invalid', 'true');

  // Services chosen: the address is next, before the price.
  await user.click(firstService);
  await user.click(screen.getByRole('button', { name: 'Опубликовать' }));
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Адрес' })).toHaveFocus());
});

test('an address typed but not chosen from the suggestions: publishing says to choose one, not to give one', async () => {
  const fetchMock = stubApi(lookupRoutes);
  renderForm();
  const user = userEvent.setup();
  fireEvent.change(screen.getByLabelText('Название'), { target: { value: 'Ремонт крыши' } });
  fireEvent.change(screen.getByLabelText('Описание работ'), { target: { value: 'Заменить кровлю' } });
  await user.click(await screen.findByRole('checkbox', { name: 'Ремонт кровли' }));
  const address = screen.getByRole('combobox', { name: 'Адрес' });
  await user.type(address, 'Казань, Баумана 5');

  // Pressed with the mouse: the field keeps its focus and its text, and is the first invalid one.
  await user.click(screen.getByRole('button', { name: 'Опубликовать' }));

  await waitFor(() => expect(screen.getByLabelText('Цена, ₽')).toHaveAccessibleDescription(/Укажите цену/));
  expect(address).toHaveFocus();
  expect(address).toHaveValue('Казань, Баумана 5');
  expect(address).toHaveAccessibleDescription(/Выберите адрес из подсказок/);
  expect(address).not.toHaveAccessibleDescription(/Укажите адрес/);
  expect(callsTo(fetchMock, 'POST application/create')).toHaveLength(0);
});

test('an address typed and left (Tab) without a suggestion chosen says at once to choose one, as publishing would', async () => {
  stubApi(lookupRoutes);
  renderForm();
  const user = userEvent.setup();
  const address = screen.getByRole('combobox', { name: 'Адрес' });
  await user.type(address, 'Казань, ул Баумана, д 5');
  expect(await screen.findByRole('option', { name: KAZAN.value })).toBeInTheDocument();

  await user.tab();

  await waitFor(() => expect(address).toHaveAccessibleDescription(/Выберите адрес из подсказок/));
  expect(address).toHaveAttribute('aria-invalid', 'true');
  expect(address).toHaveValue('Казань, ул Баумана, д 5');

  // Chosen after all: nothing is left to say.
  await user.click(address);
  await user.type(address, '{backspace}');
  await user.click(await screen.findByRole('option', { name: KAZAN.value }));
  await waitFor(() => expect(address).not.toHaveAttribute('aria-invalid'));
  await user.tab();
  expect(address).not.toHaveAccessibleDescription(/Выберите адрес из подсказок/);
});

test('a price in letters is reported together with every other missing field, in one attempt', async () => {
  const fetchMock = stubApi(lookupRoutes);
  renderForm();
  const user = userEvent.setup();
  await screen.findByRole('checkbox', { name: 'Ремонт кровли' });
  fireEvent.change(screen.getByLabelText('Название'), { target: { value: 'Ремонт крыши' } });
  fireEvent.change(screen.getByLabelText('Описание работ'), { target: { value: 'Заменить кровлю' } });
  await user.type(screen.getByLabelText('Цена, ₽'), 'abc');

  await user.click(screen.getByRole('button', { name: 'Опубликовать' }));

  expect(await screen.findByText('Выберите хотя бы одну услугу')).toBeInTheDocument();
  expect(screen.getByLabelText('Цена, ₽')).toHaveAccessibleDescription(/Укажите цену числом/);
  expect(screen.getByRole('combobox', { name: 'Адрес' })).toHaveAccessibleDescription(/Укажите адрес/);
  expect(screen.getByLabelText('Срок выполнения')).toHaveAccessibleDescription(/Укажите срок выполнения/);
  expect(screen.getByLabelText('Приём откликов до')).toHaveAccessibleDescription(/Укажите срок приёма откликов/);
  expect(callsTo(fetchMock, 'POST application/create')).toHaveLength(0);
});

test('an executor is told up front that applications are placed by customers, with the way to switch profiles, and nothing is saved', async () => {
  signInAs('executor');
  const fetchMock = stubApi(lookupRoutes);
  renderForm();

  expect(screen.getByText('Заявки размещают заказчики и организации.')).toBeInTheDocument();
  expect(screen.getByText('Переключитесь на профиль заказчика, чтобы разместить заявку.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Перейти к профилям' })).toHaveAttribute('href', '/lk/profile');
  expect(screen.queryByRole('form', { name: 'Заявка' })).not.toBeInTheDocument();
  expect(screen.queryByLabelText('Название')).not.toBeInTheDocument();
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(callsTo(fetchMock, 'POST application/draft/upsert')).toHaveLength(0);
});

test('an organisation places applications: it gets the form', async () => {
  signInAs('organization');
  stubApi(lookupRoutes);
  renderForm();
  expect(screen.getByRole('form', { name: 'Заявка' })).toBeInTheDocument();
  expect(screen.queryByText('Заявки размещают заказчики и организации.')).not.toBeInTheDocument();
});

test('the services filter says how many it found, and that nothing matches, as the other service pickers do', async () => {
  stubApi(lookupRoutes);
  renderForm();
  const user = userEvent.setup();
  await screen.findByRole('checkbox', { name: 'Ремонт кровли' });
  const services = screen.getByRole('group', { name: 'Услуги' });
  const filter = within(services).getByRole('searchbox', { name: 'Найти услугу' });

  await user.type(filter, 'кровл');
  expect(within(services).getByRole('status')).toHaveTextContent(/^Найдено: 1 услуга$/);

  await user.clear(filter);
  await user.type(filter, 'яяя');
  expect(within(services).queryAllByRole('checkbox')).toHaveLength(0);
  expect(within(services).getByRole('status')).toHaveTextContent('Ничего не найдено');
});

test('Enter in the services filter filters, and neither publishes the application nor checks the form (QA SSS-1)', async () => {
  const fetchMock = stubApi({ ...lookupRoutes, 'POST application/draft/upsert': draftUpsert });
  renderForm();
  const user = userEvent.setup();
  await screen.findByRole('checkbox', { name: 'Ремонт кровли' });
  const filter = within(screen.getByRole('group', { name: 'Услуги' })).getByRole('searchbox', { name: 'Найти услугу' });

  await user.type(filter, 'кровл{Enter}');

  expect(filter).toHaveFocus();
  expect(screen.getByLabelText('Название')).not.toHaveAttribute('aria-invalid');
  expect(callsTo(fetchMock, 'POST application/create')).toHaveLength(0);
  expect(screen.getByRole('checkbox', { name: 'Ремонт кровли' })).toBeInTheDocument();
  expect(screen.queryByRole('checkbox', { name: 'Укладка плитки' })).not.toBeInTheDocument();
});
