import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSessionStore } from 'shared';
import { fail, ok, serveApi, setUpPageTests } from 'shared/testing';
import { renderMessages } from '../features/messenger/testing/render-page';

/** Signed in with no active profile: the page asks for the profiles itself. */
function signInWithoutProfile() {
  const store = useSessionStore.getState();
  store.setTokens('token', 'refresh');
  useSessionStore.setState({ user: { id: 1, phone: '79991234567', name: 'Семён Мастеров', email: null, activeProfileId: null }, profiles: [], activeProfile: null });
}

setUpPageTests(signInWithoutProfile);

test('while the profiles load, the page already has its h1 «Сообщения» (QA NN-1)', async () => {
  serveApi({ 'user/profile/list': () => ok({ items: [] }) });
  renderMessages();
  expect(screen.getByRole('status')).toHaveTextContent('Загружаем сообщения…');
  expect(screen.getByRole('heading', { level: 1, name: 'Сообщения' })).toHaveClass('ui-visually-hidden');

  // The page in: its own header's h1 instead, still one.
  expect(await screen.findByText('Профиль не выбран')).toBeInTheDocument();
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  expect(screen.getByRole('heading', { level: 1, name: 'Сообщения' })).not.toHaveClass('ui-visually-hidden');
});

test('no active profile (an employee just removed from the organisation, an account without profiles) is «Профиль не выбран» with «Выбрать профиль», not a load failure', async () => {
  const api = serveApi({ 'user/profile/list': () => ok({ items: [] }) });
  renderMessages();

  expect(await screen.findByText('Профиль не выбран')).toBeInTheDocument();
  expect(screen.getByText('Сообщения ведутся для каждого профиля отдельно.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Выбрать профиль' })).toHaveAttribute('href', '/lk/profile');
  expect(screen.getByRole('heading', { level: 1, name: 'Сообщения' })).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Повторить' })).not.toBeInTheDocument();
  expect(screen.queryByText('Не удалось загрузить профиль')).not.toBeInTheDocument();
  // No conversations are asked for without a profile.
  expect(api.callsTo('messaging/get-collection')).toHaveLength(0);
});

test('profiles that fail to load are a load failure with the server’s message and «Повторить»; the retry brings the no-profile state', async () => {
  let answer = fail(500, 'Сервер недоступен');
  serveApi({ 'user/profile/list': () => answer });
  renderMessages();
  const user = userEvent.setup();

  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Не удалось загрузить профиль');
  expect(alert).toHaveTextContent('Сервер недоступен');
  expect(screen.queryByText('Профиль не выбран')).not.toBeInTheDocument();

  answer = ok({ items: [] });
  await user.click(within(alert).getByRole('button', { name: 'Повторить' }));
  expect(await screen.findByText('Профиль не выбран')).toBeInTheDocument();
});

test('a user the session could not load (the API was down) is a load failure too, though his profiles come: «Повторить» asks for him and the profiles', async () => {
  let userAnswer = fail(503, 'Сервис временно недоступен');
  const api = serveApi({
    'user/profile/list': () => ok({ items: [{ id: 12, type: 'executor', name: 'Семён Мастеров', active: true }] }),
    'user/get/token': () => userAnswer,
    'messaging/get-collection': () => ok({ items: [], total: 0, page: 1, limit: 20, unread: 0 }),
  });
  useSessionStore.setState({ user: null });
  renderMessages();
  const user = userEvent.setup();

  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Не удалось загрузить профиль');
  expect(screen.queryByText('Профиль не выбран')).not.toBeInTheDocument();

  userAnswer = ok({ id: 1, phone: '79991234567', name: 'Семён Мастеров', email: null, activeProfileId: 12 });
  await user.click(within(alert).getByRole('button', { name: 'Повторить' }));
  await waitFor(() => expect(api.callsTo('messaging/get-collection').length).toBeGreaterThan(0));
  expect(screen.queryByText('Не удалось загрузить профиль')).not.toBeInTheDocument();
  expect(screen.queryByText('Профиль не выбран')).not.toBeInTheDocument();
});
