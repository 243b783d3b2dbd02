import { act, render, screen, waitFor } from '@testing-library/react';
import { bus, useSessionStore } from 'shared';
import { createTestQueryClient, fail, makeMessage, ok, serveApi, setUpPageTests, TestProviders } from 'shared/testing';
import UnreadBadge from '../../unread-badge';

setUpPageTests(() => {
  useSessionStore.getState().setTokens('token', 'refresh');
  const profile = { id: 12, type: 'customer' as const, name: 'Ольга Заказова', active: true };
  useSessionStore.setState({ user: { id: 1, phone: '79991234567', name: profile.name, email: null, activeProfileId: 12 }, profiles: [profile], activeProfile: profile });
});

function renderBadge(path = '/') {
  const queryClient = createTestQueryClient();
  return render(
    <TestProviders queryClient={queryClient} initialEntries={[path]}>
      <UnreadBadge />
    </TestProviders>,
  );
}

test('a link to /lk/message named with the unread count, asked with the smallest page', async () => {
  let unread = 3;
  const api = serveApi({ 'GET messaging/get-collection': () => ok({ items: [], total: 0, page: 1, limit: 1, unread }) });
  renderBadge();

  const link = await screen.findByRole('link', { name: 'Сообщения, непрочитанных: 3' });
  expect(link).toHaveAttribute('href', '/lk/message');
  expect(link).toHaveTextContent('3');
  expect(api.callsTo('GET messaging/get-collection')[0]?.query.get('limit')).toBe('1');

  // A new message: the count is asked again.
  unread = 4;
  act(() => bus.emit('message:received', { message: makeMessage({ messagingId: 5 }) }));
  expect(await screen.findByRole('link', { name: 'Сообщения, непрочитанных: 4' })).toBeInTheDocument();

  // After a lost connection, what was missed is counted.
  unread = 6;
  act(() => bus.emit('socket:status', { connected: false }));
  act(() => bus.emit('socket:status', { connected: true }));
  expect(await screen.findByRole('link', { name: 'Сообщения, непрочитанных: 6' })).toBeInTheDocument();

  // The other party reading this profile's messages changes nothing of its own count.
  const asked = api.callsTo('GET messaging/get-collection').length;
  act(() => bus.emit('message:read', { messagingId: 5, readerProfileId: 3, at: new Date().toISOString() }));
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(api.callsTo('GET messaging/get-collection')).toHaveLength(asked);
});

test('a message sent as the page opened, before its socket was bound, is counted on the first connect', async () => {
  let unread = 3;
  serveApi({ 'GET messaging/get-collection': () => ok({ items: [], total: 0, page: 1, limit: 1, unread }) });
  renderBadge();
  await screen.findByRole('link', { name: 'Сообщения, непрочитанных: 3' });
  unread = 5;
  act(() => bus.emit('socket:status', { connected: true }));
  expect(await screen.findByRole('link', { name: 'Сообщения, непрочитанных: 5' })).toBeInTheDocument();
});

test('no count shows at zero, and the link is current on the messages page', async () => {
  serveApi({ 'GET messaging/get-collection': () => ok({ items: [], total: 0, page: 1, limit: 1, unread: 0 }) });
  renderBadge('/lk/message');
  const link = await screen.findByRole('link', { name: 'Сообщения, непрочитанных: 0' });
  expect(link).toHaveTextContent('');
  expect(link).toHaveAttribute('aria-current', 'page');
});

test('without an active profile it is a plain link and asks nothing', async () => {
  useSessionStore.setState({ activeProfile: null });
  const api = serveApi({});
  renderBadge();
  expect(screen.getByRole('link', { name: 'Сообщения' })).toBeInTheDocument();
  await waitFor(() => expect(api.calls).toHaveLength(0));
});

test('a message that arrives where its conversation is not open is announced politely, each one; own and the open one’s are not', async () => {
  let unread = 1;
  const api = serveApi({ 'GET messaging/get-collection': () => ok({ items: [], total: 0, page: 1, limit: 1, unread }) });
  const { container } = renderBadge('/lk/message?messagingId=5');
  await screen.findByRole('link', { name: 'Сообщения, непрочитанных: 1' });
  const live = container.querySelector('[aria-live="polite"]')!;
  expect(live).toBeEmptyDOMElement();
  const from = { id: 3, name: 'Иван Петров' };

  // The open conversation's log says its own; the profile's own message is no news.
  const asked = api.callsTo('GET messaging/get-collection').length;
  act(() => bus.emit('message:received', { message: makeMessage({ messagingId: 5, author: from }) }));
  act(() => bus.emit('message:received', { message: makeMessage({ messagingId: 6, author: { id: 12, name: 'Ольга Заказова' } }) }));
  await waitFor(() => expect(api.callsTo('GET messaging/get-collection').length).toBeGreaterThan(asked));
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(live).toBeEmptyDOMElement();

  // Another conversation's message: unread by the profile, so its count grows.
  unread = 2;
  act(() => bus.emit('message:received', { message: makeMessage({ messagingId: 6, author: from }) }));
  await waitFor(() => expect(live).toHaveTextContent('Новое сообщение: Иван Петров'));
  // A second one from the same person is a new node, so it is said again.
  const first = live.firstElementChild;
  unread = 3;
  act(() => bus.emit('message:received', { message: makeMessage({ messagingId: 6, author: from }) }));
  await waitFor(() => expect(live.firstElementChild).not.toBe(first));
  expect(live).toHaveTextContent('Новое сообщение: Иван Петров');
});

test('a message written to another of the user’s profiles is not announced to the active one: its count does not grow', async () => {
  let unread = 1;
  const api = serveApi({ 'GET messaging/get-collection': () => ok({ items: [], total: 0, page: 1, limit: 1, unread }) });
  const { container } = renderBadge();
  await screen.findByRole('link', { name: 'Сообщения, непрочитанных: 1' });
  const live = container.querySelector('[aria-live="polite"]')!;

  // The socket brings the organisation's messages too; the active profile's count stays.
  const asked = api.callsTo('GET messaging/get-collection').length;
  act(() => bus.emit('message:received', { message: makeMessage({ messagingId: 8, author: { id: 40, name: 'Пётр Другой' } }) }));
  await waitFor(() => expect(api.callsTo('GET messaging/get-collection').length).toBeGreaterThan(asked));
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(live).toBeEmptyDOMElement();

  // The next one to the active profile is said, and only with its own author.
  unread = 2;
  act(() => bus.emit('message:received', { message: makeMessage({ messagingId: 9, author: { id: 3, name: 'Иван Петров' } }) }));
  await waitFor(() => expect(live).toHaveTextContent('Новое сообщение: Иван Петров'));
  expect(screen.getByRole('link', { name: 'Сообщения, непрочитанных: 2' })).toBeInTheDocument();
});

test('when the count cannot be asked, a message is announced anyway', async () => {
  let down = false;
  serveApi({ 'GET messaging/get-collection': () => (down ? fail(500, 'Сбой') : ok({ items: [], total: 0, page: 1, limit: 1, unread: 1 })) });
  const { container } = renderBadge();
  await screen.findByRole('link', { name: 'Сообщения, непрочитанных: 1' });
  down = true;
  act(() => bus.emit('message:received', { message: makeMessage({ messagingId: 9, author: { id: 3, name: 'Иван Петров' } }) }));
  await waitFor(() => expect(container.querySelector('[aria-live="polite"]')).toHaveTextContent('Новое сообщение: Иван Петров'), { timeout: 5000 });
});
