import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSessionStore, type SessionProfile } from 'shared';
import { callsTo, fail, ok, setUpPageTests, stubApi } from 'shared/testing';
import { Component as EditPage } from '../../pages/application-edit-page';
import { Component as FormPage } from '../../pages/application-form-page';
import { makeApplication, renderRoutes } from '../../testing/render-page';
import { AUTOSAVE_DELAY_MS, DRAFT_SAVED_MESSAGE } from './hooks/use-draft-autosave';
import { FORM_GONE_MESSAGE, FORM_STALE_MESSAGE } from './hooks/use-leave-stale-form';
import { beforeUnloadPrevented, COMPLETE_VIEW, lkView, lookupRoutes } from './testing/form-fixtures';

jest.setTimeout(20_000);

/**
 * A user of two organisations edits a draft of «ООО «Второе»» while the active profile changes: in
 * another tab (its news reaching this one, or not yet), or by the organisation removing him. Every
 * call acts as the active profile (ARCHITECTURE §8), so the draft is refused and not readable then,
 * though it is not deleted.
 */
const SECOND: SessionProfile = { id: 11, type: 'organization', name: 'ООО «Второе»', active: true };
const FIRST: SessionProfile = { id: 12, type: 'organization', name: 'ООО «Первое»', active: false };
const OWNER = { id: SECOND.id, name: SECOND.name, type: 'organization' as const };
const NOTICE = 'Черновик принадлежит профилю ООО «Второе»: переключитесь на него, чтобы продолжить';
const LOST_NOTICE = 'Черновик принадлежит профилю ООО «Второе», к которому у вас больше нет доступа: сохранить изменения нельзя';
const REFUSED = 'Это действие с заявкой вам недоступно';

const userActingAs = (profileId: number) => ({ id: 7, phone: '79991234567', name: 'Иван Петров', email: null, activeProfileId: profileId });
const profilesWith = (activeId: number, profiles: SessionProfile[] = [SECOND, FIRST]) => profiles.map((profile) => ({ ...profile, active: profile.id === activeId }));

function signIn() {
  const store = useSessionStore.getState();
  store.clear();
  store.setTokens('access-token', 'refresh-token');
  store.setUser(userActingAs(SECOND.id));
  store.setProfiles(profilesWith(SECOND.id));
}

/** What the shell does on its news of a switch (user:changed): the user and the profiles read again. */
const switchTo = (profileId: number, profiles?: SessionProfile[]) =>
  act(() => {
    useSessionStore.getState().setProfiles(profilesWith(profileId, profiles));
    useSessionStore.getState().setUser(userActingAs(profileId));
  });

const toasts = setUpPageTests(signIn);

/** The API as the active profile: the draft is the owner's; another profile is refused it (403) and cannot read it (404). */
function serveDraft() {
  const server = { activeId: SECOND.id, profiles: [SECOND, FIRST] };
  const mine = () => server.activeId === SECOND.id;
  const fetchMock = stubApi({
    ...lookupRoutes,
    'POST application/draft/upsert': (_url, init) =>
      mine() ? ok(makeApplication({ id: 73, status: 'draft', name: String(JSON.parse(String(init?.body)).name), customer: OWNER })) : fail(403, REFUSED),
    'application/get': () => (mine() ? ok(lkView({ id: 73, ...COMPLETE_VIEW, customer: OWNER })) : fail(404, 'Заявка не найдена')),
    'user/get/token': () => ok(userActingAs(server.activeId)),
    'user/profile/list': () => ok({ items: profilesWith(server.activeId, server.profiles) }),
  });
  return { server, fetchMock, upserts: () => callsTo(fetchMock, 'POST application/draft/upsert') };
}

const renderNewForm = () => renderRoutes([{ path: '/lk/application/form', Component: FormPage }], '/lk/application/form');
const pause = () => act(() => new Promise((resolve) => setTimeout(resolve, AUTOSAVE_DELAY_MS + 300)));

async function typeTitle(upserts: () => unknown[]) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Название'), 'Ремонт крыши');
  await waitFor(() => expect(upserts()).toHaveLength(1));
  await waitFor(() => expect(toasts).toContainEqual(expect.objectContaining({ message: DRAFT_SAVED_MESSAGE })));
  return user;
}

test('switched in another tab before the first save: the new form stays the profile’s it was opened as, sends nothing meanwhile, and saves as it once back', async () => {
  const { server, upserts } = serveDraft();
  renderNewForm();
  await screen.findByLabelText('Название');
  server.activeId = FIRST.id;
  switchTo(FIRST.id);
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Название'), 'Ремонт крыши');
  expect(await screen.findByRole('alert')).toHaveTextContent(NOTICE);
  await pause();
  // Not a draft of «ООО «Первое»» made behind the user's back.
  expect(upserts()).toHaveLength(0);

  server.activeId = SECOND.id;
  switchTo(SECOND.id);
  await waitFor(() => expect(upserts()).toHaveLength(1));
  expect(screen.getByLabelText('Название')).toHaveValue('Ремонт крыши');
  await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
});

test('switched in another tab (its news come): the form says whose the draft is, keeps what is typed and sends nothing; switched back, the edits are saved', async () => {
  const { server, upserts } = serveDraft();
  const { location } = renderNewForm();
  const user = await typeTitle(upserts);

  server.activeId = FIRST.id;
  switchTo(FIRST.id);
  expect(await screen.findByRole('alert')).toHaveTextContent(NOTICE);
  await user.type(screen.getByLabelText('Описание работ'), 'Заменить кровлю');
  await pause();

  expect(upserts()).toHaveLength(1);
  expect(screen.getByLabelText('Описание работ')).toHaveValue('Заменить кровлю');
  expect(location().pathname).toBe('/lk/application/form');
  expect(toasts.filter((toast) => toast.type === 'error')).toEqual([]);
  // Not deletable as the other profile, nor saved on request: the buttons say why instead.
  expect(screen.queryByRole('button', { name: 'Удалить заявку' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Сохранить черновик' }));
  expect(await screen.findAllByText(NOTICE)).toHaveLength(2);
  expect(upserts()).toHaveLength(1);
  // Reloading now would lose the edits: the browser asks.
  expect(beforeUnloadPrevented()).toBe(true);

  server.activeId = SECOND.id;
  switchTo(SECOND.id);
  await waitFor(() => expect(upserts()).toHaveLength(2));
  expect(upserts()[1]?.body).toEqual({ id: 73, name: 'Ремонт крыши', description: 'Заменить кровлю' });
  await waitFor(() => expect(screen.queryByText(NOTICE)).not.toBeInTheDocument());
  expect(screen.getByRole('button', { name: 'Удалить заявку' })).toBeInTheDocument();
});

test('switched in another tab whose news have not come: the refused save finds out, says whose the draft is, not «Заявка уже удалена», and stays', async () => {
  const { server, upserts } = serveDraft();
  const { location } = renderNewForm();
  const user = await typeTitle(upserts);

  // The server acts as the other profile; this tab still shows the owner.
  server.activeId = FIRST.id;
  await user.type(screen.getByLabelText('Описание работ'), 'Заменить кровлю');

  expect(await screen.findByRole('alert')).toHaveTextContent(NOTICE, { normalizeWhitespace: true });
  expect(upserts()).toHaveLength(2);
  expect(useSessionStore.getState().activeProfile?.id).toBe(FIRST.id);
  expect(toasts).not.toContainEqual(expect.objectContaining({ message: FORM_GONE_MESSAGE }));
  expect(toasts).not.toContainEqual(expect.objectContaining({ message: FORM_STALE_MESSAGE }));
  expect(toasts).not.toContainEqual(expect.objectContaining({ message: REFUSED }));
  expect(location().pathname).toBe('/lk/application/form');
  expect(screen.getByLabelText('Описание работ')).toHaveValue('Заменить кровлю');
  expect(beforeUnloadPrevented()).toBe(true);

  // Back to the owner (in the other tab): the refused edits go out.
  server.activeId = SECOND.id;
  switchTo(SECOND.id);
  await waitFor(() => expect(upserts()).toHaveLength(3));
  expect(upserts()[2]?.body).toEqual({ id: 73, name: 'Ремонт крыши', description: 'Заменить кровлю' });
});

test('an employee removed from the organisation while typing is told the draft is out of his reach, not deleted; leaving asks first', async () => {
  const { server, upserts } = serveDraft();
  const { location } = renderNewForm();
  const user = await typeTitle(upserts);

  // The server fell back to his other profile; the organisation is no longer his.
  server.activeId = FIRST.id;
  server.profiles = [FIRST];
  await user.type(screen.getByLabelText('Описание работ'), 'Заменить кровлю');

  expect(await screen.findByRole('alert')).toHaveTextContent(LOST_NOTICE);
  expect(toasts).not.toContainEqual(expect.objectContaining({ message: FORM_GONE_MESSAGE }));
  expect(screen.getByLabelText('Описание работ')).toHaveValue('Заменить кровлю');

  await user.click(screen.getByRole('link', { name: 'Мои заявки' }));
  const dialog = await screen.findByRole('dialog', { name: 'Уйти без сохранения?' });
  await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
  expect(location().pathname).toBe('/lk/application/form');
  expect(screen.getByLabelText('Описание работ')).toHaveValue('Заменить кровлю');
});

test('the edit page keeps the form through a switch, though the draft reads as not found to the other profile', async () => {
  const { server, upserts, fetchMock } = serveDraft();
  const { location, queryClient } = renderRoutes([{ path: '/lk/application/edit/:id', Component: EditPage }], '/lk/application/edit/73');
  const user = userEvent.setup();
  const description = await screen.findByLabelText('Описание работ');

  server.activeId = FIRST.id;
  switchTo(FIRST.id);
  // The shell reads what every screen shows again, as the other profile.
  await act(() => queryClient.invalidateQueries());
  await user.type(description, '. Срочно');

  expect(await screen.findByRole('alert')).toHaveTextContent(NOTICE);
  expect(screen.queryByText('Заявка не найдена')).not.toBeInTheDocument();
  expect(screen.getByLabelText('Описание работ')).toHaveValue(`${COMPLETE_VIEW.description}. Срочно`);
  await pause();
  expect(upserts()).toHaveLength(0);
  expect(location().pathname).toBe('/lk/application/edit/73');
  // Publishing the complete draft as the other profile sends nothing: the buttons say whose it is.
  await user.click(screen.getByRole('button', { name: 'Опубликовать' }));
  expect(await screen.findAllByText(NOTICE)).toHaveLength(2);
  expect(callsTo(fetchMock, 'POST application/create')).toHaveLength(0);
  expect(upserts()).toHaveLength(0);

  server.activeId = SECOND.id;
  switchTo(SECOND.id);
  await act(() => queryClient.invalidateQueries());
  await waitFor(() => expect(upserts()).toHaveLength(1));
  expect(upserts()[0]?.body).toMatchObject({ id: 73, description: `${COMPLETE_VIEW.description}. Срочно` });
  expect(screen.getByLabelText('Описание работ')).toHaveValue(`${COMPLETE_VIEW.description}. Срочно`);
  await waitFor(() => expect(screen.queryByText(NOTICE)).not.toBeInTheDocument());
});

test('a published application being changed: the other profile sees only its public card, and the form stays, saying whose it is', async () => {
  const server = { activeId: SECOND.id };
  const published = lkView({ id: 73, ...COMPLETE_VIEW, status: 'published', customer: OWNER, allowedActions: ['application/update', 'application/delete'] });
  const fetchMock = stubApi({
    ...lookupRoutes,
    // Everyone reads a published application; only its customer may change it.
    'application/get': () => ok(server.activeId === SECOND.id ? published : { ...published, allowedActions: ['application/reply/send'] }),
    'POST application/update': () => fail(403, REFUSED),
  });
  const { location, queryClient } = renderRoutes([{ path: '/lk/application/edit/:id', Component: EditPage }], '/lk/application/edit/73');
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Описание работ'), '. Срочно');

  server.activeId = FIRST.id;
  switchTo(FIRST.id);
  await act(() => queryClient.invalidateQueries());

  expect(await screen.findByRole('alert')).toHaveTextContent('Заявка принадлежит профилю ООО «Второе»: переключитесь на него, чтобы продолжить');
  expect(location().pathname).toBe('/lk/application/edit/73');
  await user.click(screen.getByRole('button', { name: 'Сохранить изменения' }));
  expect(await screen.findAllByText('Заявка принадлежит профилю ООО «Второе»: переключитесь на него, чтобы продолжить')).toHaveLength(2);
  expect(callsTo(fetchMock, 'POST application/update')).toHaveLength(0);
  expect(screen.getByLabelText('Описание работ')).toHaveValue(`${COMPLETE_VIEW.description}. Срочно`);
  expect(location().pathname).toBe('/lk/application/edit/73');
});
