import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSessionStore, type SessionProfile } from 'shared';
import { fail, ok, setUpPageTests } from 'shared/testing';
import { TEXTS } from './lib/texts';
import { actAs, conversation, CUSTOMER, ME, serveMessaging, serverState } from './testing/fake-server';
import { renderMessages } from './testing/render-page';

jest.setTimeout(20_000);
setUpPageTests(() => actAs());
beforeEach(() => sessionStorage.clear());

/** The same user's customer profile: his conversations as the executor (ME) are not its. */
const MINE_AS_CUSTOMER: SessionProfile = { id: 13, type: 'customer', name: ME.name, active: false };
const userAs = (profile: SessionProfile) => ({ id: 1, phone: '79991234567', name: ME.name, email: null, activeProfileId: profile.id });
/** The session as a switch made in another tab leaves it (the realtime sync or a refresh of the profiles). */
const switchedTo = (profile: SessionProfile) =>
  act(() => useSessionStore.setState({ user: userAs(profile), activeProfile: { ...profile, active: true }, profiles: [ME, MINE_AS_CUSTOMER].map((p) => ({ ...p, active: p.id === profile.id })) }));

const textbox = () => within(screen.getByRole('form', { name: 'Новое сообщение' })).getByRole('textbox', { name: 'Сообщение' });

describe('the open conversation after a switch of the active profile (QA RR-2)', () => {
  it('is said to be the other profile\'s, with the switch back; back there, it is open again with what was typed', async () => {
    const api = serveMessaging(serverState([conversation()], { 5: [] }), {
      'PUT user/profile/update': () => ok({ profile: { ...ME, active: true }, user: userAs(ME) }),
    });
    useSessionStore.setState({ profiles: [ME, MINE_AS_CUSTOMER] });
    const { location } = renderMessages('?messagingId=5');
    const user = userEvent.setup();
    await screen.findByText(TEXTS.noMessages);
    await user.type(textbox(), 'Набираю как исполнитель');

    switchedTo(MINE_AS_CUSTOMER);
    expect(await screen.findByText('Этот диалог — профиля «Исполнитель». Переключитесь на него, чтобы продолжить.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: TEXTS.title })).toBeInTheDocument();
    // Not the customer's empty list, nor its «Диалог не найден».
    expect(screen.queryByText(TEXTS.emptyTitle)).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Новое сообщение' })).not.toBeInTheDocument();
    expect(location().search).toBe('?messagingId=5');

    await user.click(screen.getByRole('button', { name: 'Переключиться на профиль «Исполнитель»' }));
    expect(api.callsTo('PUT user/profile/update').map((c) => c.body)).toEqual([{ id: ME.id }]);
    await waitFor(() => expect(textbox()).toHaveValue('Набираю как исполнитель'));
    expect(screen.getByRole('heading', { level: 2, name: CUSTOMER.name })).toBeInTheDocument();
    expect(screen.queryByText(/Этот диалог — профиля/)).not.toBeInTheDocument();
  });

  it('names an organisation as it is written, its own quotes not doubled', async () => {
    serveMessaging(serverState([conversation()], { 5: [] }));
    const ORGANIZATION: SessionProfile = { id: 20, type: 'organization', name: 'ООО «Ромашка»', active: false };
    useSessionStore.setState({ profiles: [ME, ORGANIZATION] });
    renderMessages('?messagingId=5');
    await screen.findByText(TEXTS.noMessages);

    act(() =>
      useSessionStore.setState({ user: userAs(ORGANIZATION), activeProfile: { ...ORGANIZATION, active: true }, profiles: [ME, { ...ORGANIZATION, active: true }] }),
    );
    expect(await screen.findByRole('link', { name: 'Диалоги профиля ООО «Ромашка»' })).toBeInTheDocument();
  });

  it("leaves the way to the new profile's own conversations; a conversation opened as it is its own", async () => {
    serveMessaging(serverState([conversation()], { 5: [] }));
    useSessionStore.setState({ profiles: [ME, MINE_AS_CUSTOMER] });
    const { location } = renderMessages('?messagingId=5');
    const user = userEvent.setup();
    await screen.findByText(TEXTS.noMessages);

    switchedTo(MINE_AS_CUSTOMER);
    await user.click(await screen.findByRole('link', { name: 'Диалоги профиля «Заказчик»' }));
    await waitFor(() => expect(location().search).toBe(''));
    expect(screen.queryByText(/Этот диалог — профиля/)).not.toBeInTheDocument();
    await user.click(within(screen.getByRole('navigation', { name: TEXTS.listLabel })).getByRole('link', { name: new RegExp(CUSTOMER.name) }));
    expect(await screen.findByRole('heading', { level: 2, name: CUSTOMER.name })).toBeInTheDocument();
    expect(screen.queryByText(/Этот диалог — профиля/)).not.toBeInTheDocument();
  });

  it('a conversation the page could not open as the profile active then (not its) is not taken as that profile\'s: the switch to its own opens it (QA YY-5)', async () => {
    const asCustomer = (init?: RequestInit) => (init?.headers as Record<string, string> | undefined)?.['X-Profile-Id'] === String(MINE_AS_CUSTOMER.id);
    serveMessaging(serverState([conversation()], { 5: [] }), {
      'GET message/get-collection': (_url, init) => (asCustomer(init) ? fail(404, 'Диалог не найден') : ok({ items: [], total: 0, page: 1, limit: 30 })),
      'GET messaging/get-collection': (_url, init) =>
        ok({ items: asCustomer(init) ? [] : [conversation()], total: asCustomer(init) ? 0 : 1, page: 1, limit: 20, unread: 0 }),
    });
    // Back to a conversation's link as the customer, which does not have it.
    switchedTo(MINE_AS_CUSTOMER);
    renderMessages('?messagingId=5');
    expect(await screen.findByText('Диалог не найден')).toBeInTheDocument();

    switchedTo(ME);
    expect(await screen.findByRole('heading', { level: 2, name: CUSTOMER.name })).toBeInTheDocument();
    expect(screen.queryByText(/Этот диалог — профиля/)).not.toBeInTheDocument();
  });

  it('a page opened with no conversation starts clean as the other profile, with nothing to say', async () => {
    serveMessaging(serverState([conversation()], { 5: [] }));
    useSessionStore.setState({ profiles: [ME, MINE_AS_CUSTOMER] });
    renderMessages();
    await screen.findByRole('navigation', { name: TEXTS.listLabel });
    switchedTo(MINE_AS_CUSTOMER);
    expect(await screen.findByRole('navigation', { name: TEXTS.listLabel })).toBeInTheDocument();
    expect(screen.queryByText(/Этот диалог — профиля/)).not.toBeInTheDocument();
  });
});
