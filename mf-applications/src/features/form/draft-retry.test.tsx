import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus } from 'shared';
import { callsTo, fail, ok, setUpPageTests, stubApi, type FakeAnswer } from 'shared/testing';
import { Component as EditPage } from '../../pages/application-edit-page';
import { makeApplication, renderRoutes, signInAs } from '../../testing/render-page';
import { DRAFT_ERROR_MESSAGE, DRAFT_NOT_SAVED_MESSAGE, DRAFT_OFFLINE_MESSAGE, DRAFT_SAVED_MESSAGE } from './hooks/use-draft-autosave';
import { COMPLETE_VIEW, lkView, lookupRoutes } from './testing/form-fixtures';

// QA X-2: a save that failed while the API was down (restarted, a proxy's 502) is tried again once
// the server is back, which fires no browser `online` event, and the form says the draft is unsaved.

jest.setTimeout(20_000);

const toasts = setUpPageTests(() => signInAs('customer'));
const UNSAVED = 'Черновик не сохранён. Повторим, когда связь восстановится';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const noAnswer = (): FakeAnswer => {
  throw new TypeError('Failed to fetch');
};

/** The draft's page with the API down (no answer at all, or `downAnswer`) until `up()`. */
function renderWithApiDown(downAnswer: () => FakeAnswer | Promise<FakeAnswer> = noAnswer) {
  let down = true;
  const fetchMock = stubApi({
    ...lookupRoutes,
    'application/get': () => ok(lkView({ ...COMPLETE_VIEW, status: 'draft' })),
    'POST application/draft/upsert': () => (down ? downAnswer() : ok(makeApplication({ id: 41, status: 'draft' }))),
  });
  const page = renderRoutes([{ path: '/lk/application/edit/:id', Component: EditPage }], '/lk/application/edit/41');
  return {
    ...page,
    upserts: () => callsTo(fetchMock, 'POST application/draft/upsert'),
    up: () => {
      down = false;
    },
  };
}

const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));
const unsavedLine = () => screen.queryAllByRole('status').find((status) => status.textContent === UNSAVED);
const saveNowButton = () => screen.queryByRole('button', { name: 'Сохранить сейчас' });
const failures = () => toasts.filter((toast) => toast.message === DRAFT_ERROR_MESSAGE);

/** Types into the description and lets the pause's save fail (toasted as `failures` reads it). */
async function typeWhileDown(upserts: () => unknown[], toasted = failures) {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  await user.type(await screen.findByLabelText('Описание работ'), ' Дописано, пока сервер лежал.');
  await waitFor(() => expect(upserts()).toHaveLength(1));
  await waitFor(() => expect(toasted()).toHaveLength(1));
  return user;
}

test('a failed save is tried again once the shell says its socket is connected again', async () => {
  const { upserts, up } = renderWithApiDown();
  await typeWhileDown(upserts);

  act(() => bus.emit('socket:status', { connected: false }));
  await advance(100);
  expect(upserts()).toHaveLength(1);

  up();
  act(() => bus.emit('socket:status', { connected: true }));
  await waitFor(() => expect(upserts()).toHaveLength(2));
  expect(upserts()[1]?.body).toMatchObject({ id: 41, description: `${COMPLETE_VIEW.description} Дописано, пока сервер лежал.` });
  await waitFor(() => expect(toasts).toContainEqual(expect.objectContaining({ message: DRAFT_SAVED_MESSAGE })));
  // Saved: the socket connecting again later sends nothing.
  act(() => bus.emit('socket:status', { connected: true }));
  await advance(120_000);
  expect(upserts()).toHaveLength(2);
});

test('a failed save is tried again on a timer backing off (5 s, 10 s, 20 s …), quietly, and no more once saved', async () => {
  const { upserts, up } = renderWithApiDown();
  await typeWhileDown(upserts);

  // Due 5 s after the failure, then 15 s, then 35 s (each wait from the try before).
  await advance(4500);
  expect(upserts()).toHaveLength(1);
  await advance(1000);
  expect(upserts()).toHaveLength(2);

  await advance(8500);
  expect(upserts()).toHaveLength(2);
  await advance(2000);
  expect(upserts()).toHaveLength(3);
  // The form's line says it meanwhile: the tries by themselves toast nothing more.
  expect(failures()).toHaveLength(1);

  up();
  await advance(17_000);
  expect(upserts()).toHaveLength(3);
  await advance(3000);
  expect(upserts()).toHaveLength(4);
  await waitFor(() => expect(saveNowButton()).not.toBeInTheDocument());

  await advance(180_000);
  expect(upserts()).toHaveLength(4);
});

test('the backoff is capped at a minute', async () => {
  const { upserts } = renderWithApiDown();
  await typeWhileDown(upserts);
  // Due 5 + 10 + 20 + 40 = 75 s after the failure, then a minute later (not 80 s).
  await advance(76_000);
  expect(upserts()).toHaveLength(5);
  await advance(58_000);
  expect(upserts()).toHaveLength(5);
  await advance(2000);
  expect(upserts()).toHaveLength(6);
});

test('while the draft is unsaved the form says so with «Сохранить сейчас», which saves at once; saved, both go', async () => {
  const { upserts, up } = renderWithApiDown();
  expect(await screen.findByRole('button', { name: 'Сохранить черновик' })).toBeInTheDocument();
  expect(saveNowButton()).not.toBeInTheDocument();
  const user = await typeWhileDown(upserts);

  await waitFor(() => expect(unsavedLine()).toBeInTheDocument());
  const saveNow = saveNowButton();
  expect(saveNow?.tagName).toBe('BUTTON');

  // Still down: pressed, it says so again and stays.
  await user.click(saveNow!);
  await waitFor(() => expect(upserts()).toHaveLength(2));
  await waitFor(() => expect(failures()).toHaveLength(2));
  expect(unsavedLine()).toBeInTheDocument();

  up();
  await user.click(saveNowButton()!);
  await waitFor(() => expect(upserts()).toHaveLength(3));
  await waitFor(() => expect(saveNowButton()).not.toBeInTheDocument());
  expect(unsavedLine()).toBeUndefined();
  expect(toasts).toContainEqual(expect.objectContaining({ message: DRAFT_SAVED_MESSAGE }));
  // The pressed button went: the focus goes to «Сохранить черновик», not to the page's body.
  expect(screen.getByRole('button', { name: 'Сохранить черновик' })).toHaveFocus();
});

test('the form gone, nothing is tried any more', async () => {
  const { upserts, unmount } = renderWithApiDown();
  await typeWhileDown(upserts);
  unmount();
  // Leaving sends the failed edit once more (use-flush-on-leave), and that is all.
  await advance(300_000);
  expect(upserts()).toHaveLength(2);
});

// QA BB-1: leaving the form inside the app (a link, Back) while its draft is unsaved lost the edit
// without a word: the flush on leave failed as "already told" by a status line that had just gone.

const BAD_GATEWAY = 'Сервер временно недоступен. Попробуйте позже';
const badGateway = () => fail(502, BAD_GATEWAY);
const gatewayFailures = () => toasts.filter((toast) => toast.message === BAD_GATEWAY);
const LEFT_UNSAVED = `${DRAFT_NOT_SAVED_MESSAGE}. ${BAD_GATEWAY}`;
const leftUnsaved = () => toasts.filter((toast) => toast.message === LEFT_UNSAVED);
const leaveByTheBackLink = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('link', { name: 'Мои заявки' }));

test('the form gone while its save fails, the flush on leave failing too is toasted once, naming the draft and the reason', async () => {
  const { upserts, unmount } = renderWithApiDown(badGateway);
  await typeWhileDown(upserts, gatewayFailures);
  // The retry at +5 s fails quietly: the form's line says it.
  await advance(5500);
  expect(upserts()).toHaveLength(2);
  expect(gatewayFailures()).toHaveLength(1);

  unmount();
  await waitFor(() => expect(upserts()).toHaveLength(3));
  await waitFor(() => expect(leftUnsaved()).toEqual([{ type: 'error', message: LEFT_UNSAVED }]));
  await advance(300_000);
  expect(upserts()).toHaveLength(3);
  expect(toasts.filter((toast) => toast.type === 'error')).toHaveLength(2);
});

// QA OO-11: offline, a failed save promises «Он сохранится, когда связь появится»; once the form is
// gone nothing tries again, so the flush on leave that fails must not make that promise.
test('offline, the form gone, the failed flush on leave promises no save when the link is back', async () => {
  const { upserts, unmount } = renderWithApiDown();
  act(() => onlineManager.setOnline(false));
  try {
    await typeWhileDown(upserts, () => toasts.filter((toast) => toast.message === DRAFT_OFFLINE_MESSAGE));
    unmount();
    await waitFor(() => expect(upserts()).toHaveLength(2));
    await waitFor(() => expect(failures()).toEqual([{ type: 'error', message: DRAFT_ERROR_MESSAGE }]));
    await advance(300_000);
    expect(upserts()).toHaveLength(2);
    expect(toasts.filter((toast) => toast.message === DRAFT_OFFLINE_MESSAGE)).toHaveLength(1);
  } finally {
    onlineManager.setOnline(true);
  }
});

test('a retry still under way when the form goes, and the flush on leave behind it, both failing, are said once', async () => {
  let hold: ((answer: FakeAnswer) => void) | null = null;
  let tries = 0;
  const { upserts, unmount } = renderWithApiDown(() => {
    tries += 1;
    return tries === 2 ? new Promise<FakeAnswer>((resolve) => (hold = resolve)) : badGateway();
  });
  await typeWhileDown(upserts, gatewayFailures);
  await advance(5500);
  expect(upserts()).toHaveLength(2);

  unmount();
  act(() => hold!(badGateway()));
  await waitFor(() => expect(upserts()).toHaveLength(3));
  await advance(1000);
  expect(leftUnsaved()).toHaveLength(1);
  expect(gatewayFailures()).toHaveLength(1);
});

test('leaving for another page while the draft is unsaved asks «Уйти без сохранения?»; «Отмена» stays, saved it asks no more', async () => {
  const { upserts, up, location } = renderWithApiDown(badGateway);
  const user = await typeWhileDown(upserts, gatewayFailures);
  await waitFor(() => expect(unsavedLine()).toBeInTheDocument());

  await leaveByTheBackLink(user);
  const dialog = await screen.findByRole('dialog', { name: 'Уйти без сохранения?' });
  await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
  expect(location().pathname).toBe('/lk/application/edit/41');
  expect(unsavedLine()).toBeInTheDocument();

  up();
  await user.click(saveNowButton()!);
  await waitFor(() => expect(unsavedLine()).toBeUndefined());
  await leaveByTheBackLink(user);
  await waitFor(() => expect(location().pathname).toBe('/lk/application'));
  expect(screen.queryByRole('dialog', { name: 'Уйти без сохранения?' })).not.toBeInTheDocument();
});

// QA MM-4: the visitor who chose «Уйти без сохранения» was then told, as an alert, that the draft was not saved.
test('«Уйти без сохранения» leaves: the flush on leave tries once more, and its failure, chosen, is not toasted', async () => {
  const { upserts, location } = renderWithApiDown(badGateway);
  const user = await typeWhileDown(upserts, gatewayFailures);

  await leaveByTheBackLink(user);
  const dialog = await screen.findByRole('dialog', { name: 'Уйти без сохранения?' });
  await user.click(within(dialog).getByRole('button', { name: 'Уйти без сохранения' }));
  await waitFor(() => expect(location().pathname).toBe('/lk/application'));
  await waitFor(() => expect(upserts()).toHaveLength(2));
  expect(upserts()[1]?.body).toMatchObject({ id: 41, description: `${COMPLETE_VIEW.description} Дописано, пока сервер лежал.` });
  await advance(300_000);
  expect(upserts()).toHaveLength(2);
  expect(leftUnsaved()).toEqual([]);
  expect(toasts.filter((toast) => toast.type === 'error')).toHaveLength(1);
});
