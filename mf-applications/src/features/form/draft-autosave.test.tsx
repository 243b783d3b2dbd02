import { onlineManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { useSessionStore } from 'shared';
import { askBeforeLeaving } from 'shared/lk';
import { callsTo, fail, ok, setUpPageTests, stubApi, type FetchHandler } from 'shared/testing';
import { Component as EditPage } from '../../pages/application-edit-page';
import { Component as FormPage } from '../../pages/application-form-page';
import { makeApplication, renderRoutes, signInAs } from '../../testing/render-page';
import { AUTOSAVE_DELAY_MS, DRAFT_ERROR_MESSAGE, DRAFT_PARTLY_SAVED_MESSAGE, DRAFT_SAVED_MESSAGE, DRAFT_SAVED_WITHOUT_ADDRESS_MESSAGE } from './hooks/use-draft-autosave';
import { A_KEY, beforeUnloadPrevented, COMPLETE_VIEW, KAZAN, lkView, lookupRoutes } from './testing/form-fixtures';

jest.setTimeout(20_000);

const toasts = setUpPageTests(() => signInAs('customer'));
const PAST_FEEDBACK = 'Срок приёма откликов не может быть раньше сегодняшнего дня';

/** The API's own date check (lk-service `checkFields`): a reply deadline in the past fails the whole upsert. */
const upsertRefusingPastDates: FetchHandler = (_url, init) => {
  const body = JSON.parse(String(init?.body)) as { feedbackDeadline?: string };
  if (body.feedbackDeadline && body.feedbackDeadline < '2025-01-01') {
    return fail(422, PAST_FEEDBACK, { errors: { feedbackDeadline: PAST_FEEDBACK } });
  }
  return ok(makeApplication({ id: 41, status: 'draft' }), 'Черновик сохранён');
};

function renderDraft(upsert: FetchHandler = upsertRefusingPastDates) {
  const fetchMock = stubApi({
    ...lookupRoutes,
    'application/get': () => ok(lkView({ ...COMPLETE_VIEW, status: 'draft' })),
    'POST application/draft/upsert': upsert,
  });
  const page = renderRoutes([{ path: '/lk/application/edit/:id', Component: EditPage }], '/lk/application/edit/41');
  return { fetchMock, ...page, upserts: () => callsTo(fetchMock, 'POST application/draft/upsert') };
}

/** The `fetch` options of each upsert, where `keepalive` is. */
const upsertInits = (fetchMock: jest.Mock) =>
  (fetchMock.mock.calls as [string, RequestInit | undefined][]).filter(([url]) => String(url).includes('application/draft/upsert')).map(([, init]) => init);

/** A date typed over the one the field shows (user-event types nothing into a full field, even over a selection). */
const retype = (field: HTMLElement, text: string) => fireEvent.change(field, { target: { value: text } });

const pause = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

test('a reply deadline the server refuses is shown at its field, and the other edits are saved without it', async () => {
  const { upserts } = renderDraft();
  const user = userEvent.setup();
  const feedback = await screen.findByLabelText('Приём откликов до');

  retype(feedback, '01.02.2020');
  await user.type(screen.getByLabelText('Описание работ'), '. Срочно');

  await waitFor(() => expect(upserts()).toHaveLength(2));
  expect(upserts()[0]?.body).toMatchObject({ id: 41, feedbackDeadline: '2020-02-01' });
  // Sent again without the refused date: the description is kept.
  expect(upserts()[1]?.body).toEqual({ ...upserts()[0]?.body as object, feedbackDeadline: undefined });
  expect(upserts()[1]?.body).toMatchObject({ description: `${COMPLETE_VIEW.description}. Срочно` });
  expect(upserts()[1]?.body).not.toHaveProperty('feedbackDeadline');
  await waitFor(() => expect(feedback).toHaveAttribute('aria-invalid', 'true'));
  expect(feedback).toHaveAccessibleDescription(new RegExp(PAST_FEEDBACK));
  expect(toasts).toContainEqual({ type: 'warning', message: DRAFT_PARTLY_SAVED_MESSAGE });

  // Later edits leave the refused date out at once: one request each, no 422 first.
  await user.type(screen.getByLabelText('Название'), ' дома');
  await waitFor(() => expect(upserts()).toHaveLength(3));
  expect(upserts()[2]?.body).toMatchObject({ name: 'Ремонт крыши дома' });
  expect(upserts()[2]?.body).not.toHaveProperty('feedbackDeadline');
  expect(feedback).toHaveAttribute('aria-invalid', 'true');

  // A corrected date is saved, and its message goes.
  retype(feedback, '10.12.2026');
  await waitFor(() => expect(upserts()).toHaveLength(4));
  expect(upserts()[3]?.body).toMatchObject({ feedbackDeadline: '2026-12-10' });
  expect(feedback).not.toHaveAttribute('aria-invalid');
  expect(feedback).not.toHaveAccessibleDescription(new RegExp(PAST_FEEDBACK));
});

test('a date the autosave was refused for while its field has the focus is said: the focus stays there, so its new message is not read', async () => {
  const { upserts } = renderDraft();
  const feedback = await screen.findByLabelText('Приём откликов до');
  act(() => feedback.focus());
  retype(feedback, '01.02.2020');

  await waitFor(() => expect(upserts()).toHaveLength(2));
  await waitFor(() => expect(feedback).toHaveAccessibleDescription(new RegExp(PAST_FEEDBACK)));
  expect(feedback).toHaveFocus();
  const said = () => screen.getAllByRole('status').map((status) => status.textContent);
  expect(said()).toContain(PAST_FEEDBACK);

  // Typing on in it takes the words back (a browser's typing is an `input` event).
  fireEvent.input(feedback, { target: { value: '10.12.2026' } });
  await waitFor(() => expect(said()).not.toContain(PAST_FEEDBACK));
});

test('a refused date is not said while the focus is elsewhere: the field shows it, read when the focus comes', async () => {
  const { upserts } = renderDraft();
  const user = userEvent.setup();
  const feedback = await screen.findByLabelText('Приём откликов до');
  retype(feedback, '01.02.2020');
  await user.type(screen.getByLabelText('Описание работ'), '.');

  await waitFor(() => expect(upserts()).toHaveLength(2));
  await waitFor(() => expect(feedback).toHaveAccessibleDescription(new RegExp(PAST_FEEDBACK)));
  expect(screen.getAllByRole('status').map((status) => status.textContent)).not.toContain(PAST_FEEDBACK);
});

test('«Сохранить черновик» with only a refused date changed asks once and says why at the field', async () => {
  const { upserts } = renderDraft();
  const user = userEvent.setup();
  const feedback = await screen.findByLabelText('Приём откликов до');
  retype(feedback, '01.02.2020');
  await user.click(screen.getByRole('button', { name: 'Сохранить черновик' }));

  await waitFor(() => expect(feedback).toHaveAccessibleDescription(new RegExp(PAST_FEEDBACK)));
  // The rest equals what the draft holds already (nothing was sent before): saved once, without the date.
  expect(upserts().map((call) => (call.body as { feedbackDeadline?: string }).feedbackDeadline)).toEqual(['2020-02-01', undefined]);
});

test('a date the server refused keeps its message when publishing is refused for other empty fields', async () => {
  stubApi({
    ...lookupRoutes,
    'application/get': () => ok(lkView({ ...COMPLETE_VIEW, description: '', status: 'draft' })),
    'POST application/draft/upsert': upsertRefusingPastDates,
  });
  renderRoutes([{ path: '/lk/application/edit/:id', Component: EditPage }], '/lk/application/edit/41');
  const user = userEvent.setup();
  const feedback = await screen.findByLabelText('Приём откликов до');
  retype(feedback, '01.02.2020');
  await waitFor(() => expect(feedback).toHaveAccessibleDescription(new RegExp(PAST_FEEDBACK)));

  await user.click(screen.getByRole('button', { name: 'Опубликовать' }));
  expect(await screen.findByLabelText('Описание работ')).toHaveAccessibleDescription(/Укажите описание заявки/);
  expect(feedback).toHaveAttribute('aria-invalid', 'true');
  expect(feedback).toHaveAccessibleDescription(new RegExp(PAST_FEEDBACK));
});

test('two tabs on one draft: each saves only what changed in it, so neither puts back what the other saved', async () => {
  // Tab A set the price to 5000 meanwhile; this tab, loaded before, changes the description alone.
  const { upserts } = renderDraft();
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Описание работ'), '. Срочно');
  await user.click(screen.getByRole('button', { name: 'Сохранить черновик' }));
  await waitFor(() => expect(upserts()).toHaveLength(1));
  expect(upserts()[0]?.body).toEqual({ id: 41, name: COMPLETE_VIEW.name, description: `${COMPLETE_VIEW.description}. Срочно` });

  // Its own price change goes next, and the description (saved already) not again.
  const price = screen.getByLabelText(/Цена/);
  await user.clear(price);
  await user.type(price, '7000');
  await user.click(screen.getByRole('button', { name: 'Сохранить черновик' }));
  await waitFor(() => expect(upserts()).toHaveLength(2));
  expect(upserts()[1]?.body).toEqual({ id: 41, name: COMPLETE_VIEW.name, price: 7000 });
});

test('edits made just before leaving by a link in the app are saved as the form goes, in a request that outlives the page', async () => {
  const { upserts, fetchMock, location } = renderDraft();
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Описание работ'), '. Срочно');
  // At once, well within the autosave's pause.
  await user.click(screen.getByRole('link', { name: 'Мои заявки' }));

  expect(location().pathname).toBe('/lk/application');
  await waitFor(() => expect(upserts()).toHaveLength(1));
  expect(upserts()[0]?.body).toMatchObject({ id: 41, description: `${COMPLETE_VIEW.description}. Срочно` });
  // Only what changed: the fields not touched here stay as the draft holds them (another tab's edits too).
  expect(upserts()[0]?.body).not.toHaveProperty('feedbackDeadline');
  expect(upsertInits(fetchMock)[0]?.keepalive).toBe(true);
  // The address stays the page now shown.
  await pause(50);
  expect(location().pathname).toBe('/lk/application');
});

test('a reload or a closed tab (pagehide) sends pending edits at once, and only once', async () => {
  const { upserts, fetchMock } = renderDraft();
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Описание работ'), '. Срочно');

  act(() => void window.dispatchEvent(new Event('pagehide')));

  await waitFor(() => expect(upserts()).toHaveLength(1));
  expect(upserts()[0]?.body).toMatchObject({ description: `${COMPLETE_VIEW.description}. Срочно` });
  expect(upsertInits(fetchMock)[0]?.keepalive).toBe(true);
  await pause(AUTOSAVE_DELAY_MS + 200);
  expect(upserts()).toHaveLength(1);
});

test('a new form closed or reloaded before its first save (QA UU-2): its edits go out at once, with its key, and also wait in the tab; a reload brings them back and saves them to the same draft', async () => {
  // The page's end: the answer to what it sent never reaches it.
  let gone = false;
  const fetchMock = stubApi({
    ...lookupRoutes,
    'POST application/draft/upsert': (url, init) => (gone ? new Promise(() => undefined) : upsertRefusingPastDates(url, init)),
  });
  const upserts = () => callsTo(fetchMock, 'POST application/draft/upsert');
  const first = renderRoutes([{ path: '/lk/application/form', Component: FormPage }], '/lk/application/form');
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Название'), 'Покраска забора');
  await user.type(screen.getByLabelText('Описание работ'), 'Забор 20 м');
  gone = true;
  act(() => void window.dispatchEvent(new Event('pagehide')));
  // A closed tab keeps no session storage: the draft is made by the request that outlives the page,
  // sent at once (well before the autosave's pause is over).
  await pause(100);
  expect(upserts()).toHaveLength(1);
  expect(upserts()[0]?.body).toEqual({ name: 'Покраска забора', description: 'Забор 20 м', clientKey: A_KEY });
  expect(upsertInits(fetchMock)[0]?.keepalive).toBe(true);
  first.unmount();
  gone = false;

  // A reload: the edits come back, and their save carries the same key (the server finds the draft made above, not a second one).
  renderRoutes([{ path: '/lk/application/form', Component: FormPage }], '/lk/application/form');
  expect(await screen.findByLabelText('Название')).toHaveValue('Покраска забора');
  await waitFor(() => expect(upserts()).toHaveLength(2));
  expect(upserts()[1]?.body).toMatchObject({ name: 'Покраска забора', clientKey: A_KEY });
  await waitFor(() => expect(window.location.pathname).toBe('/lk/application/edit/41'));
  // Taken once: a third start is an empty form.
  expect(sessionStorage.length).toBe(0);
});

test('a new form reloaded after a first save whose answer was lost: the next start saves with the same key, so the server finds that draft, not a second', async () => {
  // The server made the draft each time; the browser saw no answer until the page started again.
  let answered = false;
  const fetchMock = stubApi({
    ...lookupRoutes,
    'POST application/draft/upsert': (url, init) => {
      if (answered) return upsertRefusingPastDates(url, init);
      throw new TypeError('Failed to fetch');
    },
  });
  const keys = () => callsTo(fetchMock, 'POST application/draft/upsert').map((call) => (call.body as { clientKey?: string }).clientKey);
  const first = renderRoutes([{ path: '/lk/application/form', Component: FormPage }], '/lk/application/form');
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Название'), 'Покраска забора');
  await waitFor(() => expect(toasts).toContainEqual({ type: 'error', message: DRAFT_ERROR_MESSAGE }));
  act(() => void window.dispatchEvent(new Event('pagehide')));
  first.unmount();
  answered = true;

  renderRoutes([{ path: '/lk/application/form', Component: FormPage }], '/lk/application/form');
  expect(await screen.findByLabelText('Название')).toHaveValue('Покраска забора');
  await waitFor(() => expect(window.location.pathname).toBe('/lk/application/edit/41'));
  const sent = keys();
  expect(sent.length).toBeGreaterThanOrEqual(2);
  expect(sent[0]).toEqual(A_KEY);
  expect(new Set(sent).size).toBe(1);
  expect(callsTo(fetchMock, 'POST application/draft/upsert').at(-1)?.body).toEqual({ name: 'Покраска забора', clientKey: sent[0] });
});

test('the edits a reload left come back even when the page\'s first render is thrown away (a part still loading suspends it)', async () => {
  // The page's end: the answer to the save it sent as it went never reaches it.
  let gone = false;
  const fetchMock = stubApi({
    ...lookupRoutes,
    'POST application/draft/upsert': (url, init) => (gone ? new Promise(() => undefined) : upsertRefusingPastDates(url, init)),
  });
  const upserts = () => callsTo(fetchMock, 'POST application/draft/upsert');
  const first = renderRoutes([{ path: '/lk/application/form', Component: FormPage }], '/lk/application/form');
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Название'), 'Покраска забора');
  gone = true;
  act(() => void window.dispatchEvent(new Event('pagehide')));
  first.unmount();
  await waitFor(() => expect(upserts()).toHaveLength(1));
  gone = false;

  // The started page renders once, a sibling still loading (a lazy chunk) suspends it, and React
  // renders it again from the start: both renders read the edits.
  let loaded = false;
  let load!: () => void;
  const loading = new Promise<void>((resolve) => (load = () => ((loaded = true), resolve())));
  function StillLoading() {
    if (!loaded) throw loading;
    return null;
  }
  const Started = () => (
    <Suspense fallback={<p>Загрузка…</p>}>
      <FormPage />
      <StillLoading />
    </Suspense>
  );
  renderRoutes([{ path: '/lk/application/form', Component: Started }], '/lk/application/form');
  await screen.findByText('Загрузка…');
  await act(async () => load());

  expect(await screen.findByLabelText('Название')).toHaveValue('Покраска забора');
  await waitFor(() => expect(upserts()).toHaveLength(2));
  expect(upserts()[1]?.body).toMatchObject({ name: 'Покраска забора' });
  await waitFor(() => expect(sessionStorage.length).toBe(0));
});

test('«Выйти» within the pause (QA UU-1): the pending edits are saved while the session still is, in a request that outlives the page', async () => {
  const { upserts, fetchMock } = renderDraft();
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Описание работ'), '. Срочно');

  // What the shell's «Выйти» does before it ends the session (account-fallback).
  let goOn: boolean | undefined;
  await act(async () => void (goOn = await askBeforeLeaving()));
  expect(goOn).toBe(true);
  expect(upserts()).toHaveLength(1);
  expect(upserts()[0]?.body).toMatchObject({ id: 41, description: `${COMPLETE_VIEW.description}. Срочно` });
  expect(upsertInits(fetchMock)[0]?.keepalive).toBe(true);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

  // The session ends; the form's end sends nothing more.
  act(() => useSessionStore.getState().clear());
  await pause(AUTOSAVE_DELAY_MS + 200);
  expect(upserts()).toHaveLength(1);
});

test('«Выйти» within the pause when that save fails: the edits are asked about, «Отмена» keeps them', async () => {
  const { upserts } = renderDraft(() => fail(503, ''));
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Описание работ'), '!');

  let goOn: Promise<boolean> = Promise.resolve(true);
  act(() => void (goOn = askBeforeLeaving()));
  const dialog = await screen.findByRole('dialog', { name: 'Уйти без сохранения?' });
  expect(upserts()).toHaveLength(1);
  await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
  await expect(goOn).resolves.toBe(false);
  expect(screen.getByLabelText('Описание работ')).toHaveValue(`${COMPLETE_VIEW.description}!`);
});

test('a page going hidden (a phone switching apps) sends pending edits; an untouched form sends nothing', async () => {
  const { upserts, unmount, fetchMock } = renderDraft();
  const user = userEvent.setup();
  const description = await screen.findByLabelText('Описание работ');

  const visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
  act(() => void document.dispatchEvent(new Event('visibilitychange')));
  await pause(50);
  expect(upserts()).toHaveLength(0);

  await user.type(description, '!');
  act(() => void document.dispatchEvent(new Event('visibilitychange')));
  // Well before the autosave's pause is over, and as a request that outlives the page.
  await pause(100);
  expect(upserts()).toHaveLength(1);
  expect(upsertInits(fetchMock)[0]?.keepalive).toBe(true);
  visibility.mockRestore();

  unmount();
  await pause(50);
  expect(upserts()).toHaveLength(1);
});

test('leaving asks «leave the page?» only while edits could not be saved', async () => {
  let answer = fail(503, '');
  const { upserts } = renderDraft(() => answer);
  const user = userEvent.setup();
  const leave = beforeUnloadPrevented;

  await user.type(await screen.findByLabelText('Описание работ'), '!');
  // Pending, not failed: sent as the page goes, no prompt.
  expect(leave()).toBe(false);

  await waitFor(() => expect(toasts).toContainEqual({ type: 'error', message: DRAFT_ERROR_MESSAGE }));
  expect(leave()).toBe(true);

  answer = ok(makeApplication({ id: 41, status: 'draft' }));
  await user.click(screen.getByRole('button', { name: 'Сохранить черновик' }));
  await waitFor(() => expect(upserts()).toHaveLength(2));
  await waitFor(() => expect(leave()).toBe(false));
});

test('offline, a save fails at once and says so, leaving asks; back online, one save takes the edits', async () => {
  let offline = true;
  const { upserts } = renderDraft(() => {
    // The browser's fetch offline: no answer at all.
    if (offline) throw new TypeError('Failed to fetch');
    return ok(makeApplication({ id: 41, status: 'draft' }));
  });
  const saved = () => toasts.filter((toast) => toast.message === DRAFT_SAVED_MESSAGE);
  const user = userEvent.setup();
  const description = await screen.findByLabelText('Описание работ');
  act(() => onlineManager.setOnline(false));
  try {
    await user.type(description, '!');
    // Within the pause: the page's end could send nothing, so it asks.
    expect(beforeUnloadPrevented()).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Сохранить черновик' }));
    // Spec §8's words, and what comes next (QA I-8: «не удалось» alone read as lost).
    await waitFor(() => expect(toasts).toContainEqual({ type: 'error', message: 'Не удалось сохранить черновик: нет связи. Он сохранится, когда связь появится' }));
    expect(upserts()).toHaveLength(1);
    expect(beforeUnloadPrevented()).toBe(true);

    offline = false;
    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(saved()).toHaveLength(1));
    expect(upserts()[1]?.body).toMatchObject({ id: 41, description: `${COMPLETE_VIEW.description}!` });
    await pause(AUTOSAVE_DELAY_MS + 200);
    expect(upserts()).toHaveLength(2);
    expect(saved()).toHaveLength(1);
    expect(beforeUnloadPrevented()).toBe(false);
  } finally {
    onlineManager.setOnline(true);
  }
});

test('a price the draft refuses as it stands (no save takes it) makes leaving ask; fixed, it is saved and leaving asks nothing', async () => {
  const { upserts, location } = renderDraft(() => ok(makeApplication({ id: 41, status: 'draft' })));
  const user = userEvent.setup();
  const price = await screen.findByLabelText('Цена, ₽');
  await user.clear(price);
  await user.type(price, '50000,555');
  await user.tab();
  expect(beforeUnloadPrevented()).toBe(true);
  await user.click(screen.getByRole('link', { name: 'Мои заявки' }));
  const dialog = await screen.findByRole('dialog', { name: 'Уйти без сохранения?' });
  expect(dialog).toHaveAccessibleDescription('Изменения заявки не сохранены и пропадут, если уйти со страницы.');
  await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
  expect(location().pathname).toBe('/lk/application/edit/41');

  await user.clear(price);
  await user.type(price, '50000,55');
  await waitFor(() => expect(upserts().at(-1)?.body).toMatchObject({ id: 41, price: 50000.55 }));
  expect(beforeUnloadPrevented()).toBe(false);
});

test('an emptied date stays empty (it came back with its first value), and is cleared in the draft (null), once', async () => {
  const { upserts } = renderDraft();
  const user = userEvent.setup();
  const deadline = await screen.findByLabelText('Срок выполнения');
  deadline.focus();
  (deadline as HTMLInputElement).setSelectionRange(0, 10);
  await user.keyboard('{Backspace}');
  await user.type(screen.getByLabelText('Описание работ'), '!');

  expect(deadline).toHaveValue('');
  await waitFor(() => expect(upserts()).toHaveLength(1));
  // The draft held it: left out, a reload would bring it back.
  expect(upserts()[0]?.body).toMatchObject({ id: 41, deadline: null });
  expect(upserts()[0]?.body).not.toHaveProperty('feedbackDeadline');
  // Cleared once: the next save has nothing to clear.
  await user.type(screen.getByLabelText('Описание работ'), '!');
  await waitFor(() => expect(upserts()).toHaveLength(2));
  expect(upserts()[1]?.body).not.toHaveProperty('deadline');
  await user.click(screen.getByRole('button', { name: 'Опубликовать' }));
  await waitFor(() => expect(deadline).toHaveAccessibleDescription(/Укажите срок выполнения/));
  expect(deadline).toHaveFocus();
});

test.each([
  ['Срок выполнения', '31.12.9999'],
  ['Приём откликов до', '01.01.2101'],
])('a date past 2100 in «%s» is said by the field once typed whole, as «Такой даты нет» is, not first on «Опубликовать»; corrected, the message goes', async (label, text) => {
  const { upserts } = renderDraft(() => ok(makeApplication({ id: 41, status: 'draft' })));
  const user = userEvent.setup();
  const date = await screen.findByLabelText(label);
  const YEARS = /Укажите дату с 1900 по 2100 год/;

  await user.click(date);
  retype(date, text);
  // The date field knows the years the API takes (DateInput): no date is given to the form for it.
  await waitFor(() => expect(date).toHaveAccessibleDescription(YEARS));
  await user.tab();
  await waitFor(() => expect(date).toHaveAccessibleDescription(YEARS));
  expect(date).toHaveAttribute('aria-invalid', 'true');
  // Leaving would drop it: asked.
  expect(beforeUnloadPrevented()).toBe(true);

  await user.click(date);
  retype(date, '15.12.2026');
  await user.tab();
  await waitFor(() => expect(date).not.toHaveAccessibleDescription(YEARS));
  await waitFor(() => expect(upserts().at(-1)?.body).toMatchObject({ id: 41, [label === 'Срок выполнения' ? 'deadline' : 'feedbackDeadline']: '2026-12-15' }));
});

describe('a save that would send what the draft holds already is skipped, whatever the order of its keys', () => {
  test('a loaded draft whose address came with its keys in another order: choosing the same address again sends nothing', async () => {
    const { geoLon, geoLat, cityFiasId, value } = KAZAN;
    const fetchMock = stubApi({
      ...lookupRoutes,
      'application/get': () => ok(lkView({ ...COMPLETE_VIEW, address: { geoLon, geoLat, cityFiasId, value }, status: 'draft' })),
      'POST application/draft/upsert': () => ok(makeApplication({ id: 41, status: 'draft' })),
    });
    renderRoutes([{ path: '/lk/application/edit/:id', Component: EditPage }], '/lk/application/edit/41');
    const user = userEvent.setup();

    const address = await screen.findByRole('combobox', { name: 'Адрес' });
    await user.clear(address);
    await user.type(address, 'Казань');
    await user.click(await screen.findByRole('option', { name: KAZAN.value }));
    expect(address).toHaveValue(KAZAN.value);

    await pause(AUTOSAVE_DELAY_MS + 300);
    expect(callsTo(fetchMock, 'POST application/draft/upsert')).toHaveLength(0);
    expect(toasts).toEqual([]);
  });

  test('«Сохранить черновик» right after a new draft’s first save sends nothing again', async () => {
    const fetchMock = stubApi({ ...lookupRoutes, 'POST application/draft/upsert': () => ok(makeApplication({ id: 41, status: 'draft' })) });
    const upserts = () => callsTo(fetchMock, 'POST application/draft/upsert');
    renderRoutes([{ path: '/lk/application/form', Component: FormPage }], '/lk/application/form');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Название'), 'Покраска забора');
    await user.click(screen.getByRole('button', { name: 'Сохранить черновик' }));
    await waitFor(() => expect(upserts()).toHaveLength(1));
    expect(upserts()[0]?.body).not.toHaveProperty('id');

    // The draft now has its id: the same values with it are what was saved.
    await waitFor(() => expect(toasts.filter((toast) => toast.message === DRAFT_SAVED_MESSAGE)).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Сохранить черновик' }));
    await pause(AUTOSAVE_DELAY_MS + 300);
    expect(upserts()).toHaveLength(1);
    // The press is answered all the same: the draft is saved as it stands (before, nothing was said).
    expect(toasts.filter((toast) => toast.message === DRAFT_SAVED_MESSAGE)).toHaveLength(2);
  });
});

describe('an address typed over the chosen one and not chosen from the suggestions, which no save of the draft takes', () => {
  const OMSK = 'г Омск, ул Ленина';
  const typeOver = async (user: ReturnType<typeof userEvent.setup>) => {
    const address = await screen.findByRole('combobox', { name: 'Адрес' });
    await user.type(address, OMSK, { initialSelectionStart: 0, initialSelectionEnd: KAZAN.value.length });
    return address;
  };

  test('leaving asks «Уйти без сохранения?»: «Отмена» keeps the text, «Уйти без сохранения» leaves, the other edits saved', async () => {
    const { upserts, location } = renderDraft();
    const user = userEvent.setup();
    const address = await typeOver(user);
    await user.type(screen.getByLabelText('Описание работ'), '!');
    expect(beforeUnloadPrevented()).toBe(true);

    await user.click(screen.getByRole('link', { name: 'Мои заявки' }));
    let dialog = await screen.findByRole('dialog', { name: 'Уйти без сохранения?' });
    expect(dialog).toHaveAccessibleDescription('Изменения заявки не сохранены и пропадут, если уйти со страницы.');
    expect(within(dialog).getByRole('button', { name: 'Отмена' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(location().pathname).toBe('/lk/application/edit/41');
    expect(address).toHaveValue(OMSK);

    await user.click(screen.getByRole('link', { name: 'Мои заявки' }));
    dialog = await screen.findByRole('dialog', { name: 'Уйти без сохранения?' });
    await user.click(within(dialog).getByRole('button', { name: 'Уйти без сохранения' }));
    await waitFor(() => expect(location().pathname).toBe('/lk/application'));
    // What could be saved was: the description; the address stays the one the draft held.
    await waitFor(() => expect(upserts().at(-1)?.body).toMatchObject({ id: 41, description: `${COMPLETE_VIEW.description}!` }));
    expect(upserts().some((call) => (call.body as { address?: { value: string } }).address?.value === OMSK)).toBe(false);
    expect(upserts().at(-1)?.body).not.toHaveProperty('address');
    // The typed address was given up by leaving: the next page is not told to choose one.
    await waitFor(() => expect(toasts).toContainEqual(expect.objectContaining({ message: DRAFT_SAVED_MESSAGE })));
    expect(toasts).not.toContainEqual(expect.objectContaining({ message: DRAFT_SAVED_WITHOUT_ADDRESS_MESSAGE }));
  });

  test('a new application asks too', async () => {
    stubApi({ ...lookupRoutes, 'POST application/draft/upsert': () => ok(makeApplication({ id: 41, status: 'draft' })) });
    const { location } = renderRoutes([{ path: '/lk/application/form', Component: FormPage }], '/lk/application/form');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('combobox', { name: 'Адрес' }), OMSK);
    await user.click(screen.getByRole('link', { name: 'Мои заявки' }));
    expect(await screen.findByRole('dialog', { name: 'Уйти без сохранения?' })).toBeInTheDocument();
    expect(location().pathname).toBe('/lk/application/form');
  });

  test('the autosave of other edits does not say «Черновик сохранён»: it says the typed address is not saved and what to do', async () => {
    const { upserts } = renderDraft();
    const user = userEvent.setup();
    await typeOver(user);
    await user.type(screen.getByLabelText('Описание работ'), '!');

    await waitFor(() => expect(upserts()).toHaveLength(1));
    await waitFor(() => expect(toasts).toContainEqual({ type: 'warning', message: DRAFT_SAVED_WITHOUT_ADDRESS_MESSAGE }));
    expect(toasts).not.toContainEqual(expect.objectContaining({ message: DRAFT_SAVED_MESSAGE }));
  });

  test('while the address is being chosen, the autosave of edits made before keeps quiet about it: no warning over the suggestions', async () => {
    const { upserts } = renderDraft();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Описание работ'), '!');
    const address = await typeOver(user);
    expect(address).toHaveFocus();

    await waitFor(() => expect(upserts()).toHaveLength(1));
    expect(upserts()[0]?.body).toMatchObject({ id: 41, description: `${COMPLETE_VIEW.description}!` });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(toasts).not.toContainEqual(expect.objectContaining({ message: DRAFT_SAVED_WITHOUT_ADDRESS_MESSAGE }));
    expect(toasts).not.toContainEqual(expect.objectContaining({ message: DRAFT_SAVED_MESSAGE }));
  });

  test('«Сохранить черновик» says at the address field to choose one, and takes the focus there', async () => {
    renderDraft();
    const user = userEvent.setup();
    const address = await typeOver(user);
    await user.click(screen.getByRole('button', { name: 'Сохранить черновик' }));

    await waitFor(() => expect(address).toHaveFocus());
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(address).toHaveAccessibleDescription(/Выберите адрес из подсказок/);
  });

  test('once a suggestion is chosen, the draft saves it, says «Черновик сохранён» and leaves without a question', async () => {
    const { upserts, location } = renderDraft();
    const user = userEvent.setup();
    await typeOver(user);
    await user.click(await screen.findByRole('option', { name: KAZAN.value }));
    await user.type(screen.getByLabelText('Описание работ'), '!');
    await waitFor(() => expect(upserts()).toHaveLength(1));
    await waitFor(() => expect(toasts).toContainEqual(expect.objectContaining({ type: 'success', message: DRAFT_SAVED_MESSAGE })));

    expect(beforeUnloadPrevented()).toBe(false);
    await user.click(screen.getByRole('link', { name: 'Мои заявки' }));
    await waitFor(() => expect(location().pathname).toBe('/lk/application'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

test('dates out of order are refused on the one changed last, and the draft is saved without it, not refused by the server on the other', async () => {
  const message = 'Срок выполнения не может быть раньше срока приёма откликов';
  // The API's rule (lk-service `checkFields`): sent both, it can only put the refusal on the deadline.
  const fetchMock = stubApi({
    ...lookupRoutes,
    'POST application/draft/upsert': (_url, init) => {
      const body = JSON.parse(String(init?.body)) as { deadline?: string; feedbackDeadline?: string };
      if (body.deadline && body.feedbackDeadline && body.deadline < body.feedbackDeadline) return fail(422, message, { errors: { deadline: message } });
      return ok(makeApplication({ id: 41, status: 'draft' }));
    },
  });
  renderRoutes([{ path: '/lk/application/form', Component: FormPage }, { path: '/lk/application/edit/:id', Component: EditPage }], '/lk/application/form');
  const user = userEvent.setup();
  const deadline = screen.getByLabelText('Срок выполнения');
  const feedback = screen.getByLabelText('Приём откликов до');

  await user.type(screen.getByLabelText('Название'), 'Ремонт крыши');
  await user.type(deadline, '10122026');
  await user.type(feedback, '20122026');
  await user.tab();

  await waitFor(() => expect(feedback).toHaveAccessibleDescription(new RegExp(message)));
  expect(feedback).toHaveAttribute('aria-invalid', 'true');
  await waitFor(() => expect(callsTo(fetchMock, 'POST application/draft/upsert')).toHaveLength(1));
  const [save] = callsTo(fetchMock, 'POST application/draft/upsert');
  expect(save?.body).toMatchObject({ name: 'Ремонт крыши', deadline: '2026-12-10' });
  expect(save?.body).not.toHaveProperty('feedbackDeadline');
  await pause(100);
  expect(deadline).not.toHaveAttribute('aria-invalid');
  expect(deadline).not.toHaveAccessibleDescription(new RegExp(message));
  expect(toasts).toContainEqual({ type: 'warning', message: DRAFT_PARTLY_SAVED_MESSAGE });

  // The deadline moved past the replies: both agree, and the reply deadline is saved.
  retype(deadline, '25.12.2026');
  await user.click(feedback);
  await user.tab();
  await waitFor(() => expect(feedback).not.toHaveAttribute('aria-invalid'));
  await waitFor(() => expect(callsTo(fetchMock, 'POST application/draft/upsert').at(-1)?.body).toMatchObject({ deadline: '2026-12-25', feedbackDeadline: '2026-12-20' }));
  expect(deadline).not.toHaveAttribute('aria-invalid');
});

test('a pause\'s save says «Черновик сохранён» once a minute, not at every pause (on a phone it covered the field typed into); «Сохранить черновик» always says it', async () => {
  const now = jest.spyOn(Date, 'now');
  let clock = 1_000_000;
  now.mockImplementation(() => clock);
  try {
    const { upserts } = renderDraft();
    const user = userEvent.setup();
    const description = await screen.findByLabelText('Описание работ');
    const said = () => toasts.filter((t) => (t as { message?: string }).message === DRAFT_SAVED_MESSAGE).length;

    await user.type(description, ' Раз.');
    await waitFor(() => expect(upserts()).toHaveLength(1));
    await waitFor(() => expect(said()).toBe(1));
    clock += 20_000;
    await user.type(description, ' Два.');
    await waitFor(() => expect(upserts()).toHaveLength(2));
    await pause(50);
    expect(said()).toBe(1);

    clock += 60_000;
    await user.type(description, ' Три.');
    await waitFor(() => expect(upserts()).toHaveLength(3));
    await waitFor(() => expect(said()).toBe(2));

    await user.click(screen.getByRole('button', { name: 'Сохранить черновик' }));
    await waitFor(() => expect(said()).toBe(3));
  } finally {
    now.mockRestore();
  }
});

test('a new form\'s first save makes it a numbered draft: its heading and tab title say so, as a reload of its address would (QA BAA-2)', async () => {
  stubApi({ ...lookupRoutes, 'POST application/draft/upsert': () => ok(makeApplication({ id: 41, number: 10041, status: 'draft' })) });
  renderRoutes([{ path: '/lk/application/form', Component: FormPage }], '/lk/application/form');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Новая заявка');
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Название'), 'Покраска забора');
  await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Черновик заявки'));
  expect(window.location.pathname).toBe('/lk/application/edit/41');
  expect(screen.getByText(/^Заявка № 10041\. Черновик сохраняется сам/)).toBeInTheDocument();
  expect(document.title).toMatch(/^Черновик заявки № 10041/);
  // The same form goes on: nothing typed is lost to a remount.
  expect(screen.getByLabelText('Название')).toHaveValue('Покраска забора');
});
