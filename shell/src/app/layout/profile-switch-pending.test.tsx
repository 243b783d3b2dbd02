import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { bus, useSessionStore } from 'shared';
import { useUnsavedChangesGuard } from 'shared/lk';
import { ok, serveApi, setTestRuntimeConfig, testProfiles, testUser, type Routes } from '../../testing/fake-api';
import { Header } from './header';

// QA (qa-auth): with a slow server (10 s), a profile chosen in the header's switcher gave no sign
// of the wait, to the eye or the ear — the old profile stayed on the button — and another profile
// could be chosen meanwhile, a second switch racing the first.

let activeProfileId = 12;
let release: () => void = () => undefined;
const toasts: unknown[] = [];

function serveSlowSwitch() {
  const routes: Routes = {
    'GET user/get/token': () => ok(testUser({ activeProfileId })),
    'GET user/profile/list': () => ok({ items: testProfiles().map((p) => ({ ...p, active: p.id === activeProfileId })) }),
    'GET balance/get/token': () => ok({ profileId: activeProfileId, amount: 100, currency: 'RUB' }),
    'GET notification/get-collection': () => ok({ items: [], total: 0, page: 1, limit: 10, unread: 0 }),
    'PUT user/profile/update': ({ body }) =>
      new Promise((resolve) => {
        release = () => {
          activeProfileId = (body as { id: number }).id;
          const profile = testProfiles().find((p) => p.id === activeProfileId)!;
          resolve(ok({ profile: { ...profile, active: true }, user: testUser({ activeProfileId }) }));
        };
      }),
  };
  return serveApi(routes);
}

beforeEach(() => {
  setTestRuntimeConfig();
  bus.clear();
  toasts.length = 0;
  bus.on('toast:show', (t) => toasts.push(t));
  activeProfileId = 12;
  useSessionStore.getState().clear();
  useSessionStore.getState().setTokens('access-1', 'refresh-1');
});

function renderHeader() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/lk']}>
        <Header />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

it('says that the profile is being switched while the server answers, and takes no second choice meanwhile', async () => {
  const api = serveSlowSwitch();
  renderHeader();
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Профиль: Заказчик' }));
  await user.click(screen.getByRole('button', { name: 'ООО «Ромашка»' }));

  // Heard: a live region says what is going on (the button shows a spinner for the eye).
  const said = await screen.findByText('Переключаем профиль: ООО «Ромашка»…');
  expect(said.closest('[aria-live="polite"]')).not.toBeNull();
  const switcher = screen.getByRole('button', { name: 'Профиль: Заказчик' });
  expect(switcher).toHaveAttribute('aria-busy', 'true');
  expect(switcher).toHaveFocus();

  // Another profile chosen during the wait starts no second switch.
  await user.click(switcher);
  const executor = screen.getByRole('button', { name: 'Исполнитель' });
  expect(executor).toHaveAttribute('aria-disabled', 'true');
  await user.click(executor);
  expect(api.callsTo('PUT user/profile/update')).toHaveLength(1);

  release();
  expect(await screen.findByRole('button', { name: 'Профиль: ООО «Ромашка»' })).not.toHaveAttribute('aria-busy');
  await waitFor(() => expect(screen.queryByText(/Переключаем профиль/)).not.toBeInTheDocument());
  expect(toasts).toEqual([{ type: 'success', message: 'Активный профиль: ООО «Ромашка»' }]);
});

/** A form that saves by itself (a draft's autosave), its save of the pause's edits held by the test. */
function SelfSavingForm({ flush }: { flush: () => Promise<boolean> }) {
  useUnsavedChangesGuard(false, { flush });
  return null;
}

it('a switch waits for the pending autosave of a form on screen (QA UU-4): those edits are saved as the profile they were typed for', async () => {
  const api = serveSlowSwitch();
  let saved: (done: boolean) => void = () => undefined;
  const flush = jest.fn(() => new Promise<boolean>((resolve) => (saved = resolve)));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/lk']}>
        <Header />
        <SelfSavingForm flush={flush} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Профиль: Заказчик' }));
  await user.click(screen.getByRole('button', { name: 'ООО «Ромашка»' }));

  await waitFor(() => expect(flush).toHaveBeenCalledTimes(1));
  // Still the profile the edits were typed for while their save is under way.
  expect(api.callsTo('PUT user/profile/update')).toHaveLength(0);
  expect(useSessionStore.getState().activeProfile?.id).toBe(12);

  saved(true);
  await waitFor(() => expect(api.callsTo('PUT user/profile/update')).toHaveLength(1));
  release();
  expect(await screen.findByRole('button', { name: 'Профиль: ООО «Ромашка»' })).toBeInTheDocument();
});

it('a profile chosen in the menu (below 1280px) closes it, as a link does, and the keyboard goes on from «Меню» (QA YY-3)', async () => {
  serveSlowSwitch();
  renderHeader();
  const user = userEvent.setup();
  const menu = screen.getByRole('button', { name: 'Меню' });
  await user.click(menu);
  expect(menu).toHaveAttribute('aria-expanded', 'true');
  await user.click(await screen.findByRole('button', { name: 'Профиль: Заказчик' }));
  await user.click(screen.getByRole('button', { name: 'ООО «Ромашка»' }));
  // Open while the server answers: the switch is not made yet.
  expect(menu).toHaveAttribute('aria-expanded', 'true');

  release();
  await waitFor(() => expect(menu).toHaveAttribute('aria-expanded', 'false'));
  expect(menu).toHaveFocus();
});
