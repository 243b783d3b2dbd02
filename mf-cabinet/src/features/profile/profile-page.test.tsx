import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, useSessionStore } from 'shared';
import { doubleClickBeforeBusy, renderRoutes, failsUntilRetried } from 'shared/testing';
import { Component as ProfilePage } from '../../pages/profile-page';
import { fail, ok, profile, renderProfilePage, serveApi, setTestRuntimeConfig, testUser, type Routes } from '../../testing/render-profile';

// The code was sent 'now' by the fake server; a slow run may render a second later.
/** What the phone's form asks before a code goes to the new number (QA AAD-1). */
const CURRENT_PASSWORD = 'demo-password-1';
const COUNTDOWN_FROM_A_MINUTE = /^Отправить код повторно через (5[5-9]|60) с$/;

const toasts: unknown[] = [];

beforeEach(() => {
  setTestRuntimeConfig();
  useSessionStore.getState().clear();
  useSessionStore.getState().setTokens('access-1', 'refresh-1');
  bus.clear();
  toasts.length = 0;
  bus.on('toast:show', (t) => toasts.push(t));
});

type TestProfile = ReturnType<typeof profile>;

/** The API as a small stateful server: a profile update changes what the next reads answer. */
function serve(routes: Routes = {}, user = testUser(), profiles: TestProfile[] = [profile(20, 'organization', 'ООО «Ромашка»')]) {
  const state = { user, profiles };
  return serveApi({
    'GET user/get/token': () => ok(state.user),
    'GET user/profile/list': () => ok({ items: state.profiles }),
    ...routes,
    'PUT user/profile/update': async (call) => {
      const reply = await (routes['PUT user/profile/update'] ?? (() => fail(404, 'нет')))(call);
      const data = (reply.body as { data?: { profile: TestProfile; user: ReturnType<typeof testUser> } }).data;
      if (data) {
        state.user = data.user;
        state.profiles = [...state.profiles.filter((p) => p.id !== data.profile.id), data.profile].map((p) => ({
          ...p,
          active: p.id === data.profile.id,
        }));
      }
      return reply;
    },
  });
}

const section = (name: string) => screen.getByRole('region', { name });
/**
 * «Сохранить» with nothing to save (the form untouched, or just saved): unavailable to a screen
 * reader, yet focusable (aria-disabled, not disabled), so a save by keyboard keeps the focus on it.
 */
const expectNothingToSave = (button: HTMLElement) => {
  expect(button).toHaveAttribute('aria-disabled', 'true');
  expect(button).not.toBeDisabled();
};
/** The line under the page's heading: the user's name and phone. */
const pageDescription = () => screen.getByRole('heading', { level: 1, name: 'Профиль' }).parentElement!.querySelector('.ui-page-header__description');

describe('/lk/profile: loading', () => {
  it('shows a skeleton, then the user', async () => {
    serve();
    renderProfilePage();
    expect(screen.getByRole('status', { name: 'Загрузка профиля' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Профиль' })).toBeInTheDocument();
    expect(pageDescription()).toHaveTextContent(/^Иван Петров · \+7 \(999\) 123-45-67$/);
    expect(screen.getByText('Выберите профиль, чтобы пользоваться личным кабинетом.')).toBeInTheDocument();
  });

  it('offers a retry when loading fails', async () => {
    let failing = true;
    serve({ 'GET user/get/token': () => (failing ? fail(500, 'Внутренняя ошибка сервера') : ok(testUser())) });
    renderProfilePage();
    expect(await screen.findByText('Не удалось загрузить профиль')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Внутренняя ошибка сервера');
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Профиль' })).toBeInTheDocument();
  });
});

describe('/lk/profile: choosing the profile', () => {
  it('creates and selects the customer profile with {type}', async () => {
    const api = serve({
      'PUT user/profile/update': () =>
        ok({ profile: profile(12, 'customer', 'Иван Петров', true), user: testUser({ activeProfileId: 12 }) }),
    });
    renderProfilePage();
    await userEvent.click(await screen.findByRole('button', { name: 'Выбрать профиль «Заказчик»' }));

    const card = (await screen.findByRole('heading', { name: 'Заказчик' })).closest('article')!;
    expect(await within(card).findByText('Активный профиль')).toBeInTheDocument();
    expect(api.callsTo('PUT user/profile/update')[0]?.body).toEqual({ type: 'customer' });
    expect(useSessionStore.getState().user?.activeProfileId).toBe(12);
    expect(useSessionStore.getState().activeProfile?.type).toBe('customer');
    expect(toasts).toContainEqual({ type: 'success', message: 'Профиль сохранён' });
    expect(screen.getByRole('button', { name: 'Выбрать профиль «Исполнитель»' })).toBeInTheDocument();
  });

  it('sent by the profile guard, goes on to the page asked for once a profile is chosen (only to a page of this site)', async () => {
    serve({
      'PUT user/profile/update': () => ok({ profile: profile(12, 'customer', 'Иван Петров', true), user: testUser({ activeProfileId: 12 }) }),
    });
    renderProfilePage('/lk/profile?redirect=%2Flk%2Fapplication%2Fform');
    await userEvent.click(await screen.findByRole('button', { name: 'Выбрать профиль «Заказчик»' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/lk/application/form');
  });

  it('going on to the page asked for, the focus goes to its start, not to the body', async () => {
    serve({
      'PUT user/profile/update': () => ok({ profile: profile(12, 'customer', 'Иван Петров', true), user: testUser({ activeProfileId: 12 }) }),
    });
    // In the app's layout: each page's start is its heading inside <main>.
    renderRoutes(
      [
        { path: '/lk/profile', Component: () => <main><ProfilePage /></main> },
        { path: '/lk/application/form', Component: () => <main><h1>Новая заявка</h1></main> },
      ],
      '/lk/profile?redirect=%2Flk%2Fapplication%2Fform',
    );
    const user = userEvent.setup();
    (await screen.findByRole('button', { name: 'Выбрать профиль «Заказчик»' })).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Новая заявка' })).toHaveFocus();
  });

  it('sent by the profile guard, «Добавить организацию» keeps the page asked for (only a page of this site)', async () => {
    serve();
    const { unmount } = renderProfilePage('/lk/profile?redirect=%2Flk%2Fservice%3Fpage%3D2');
    expect(await screen.findByRole('link', { name: 'Добавить организацию' })).toHaveAttribute('href', '/lk/organization/add?redirect=%2Flk%2Fservice%3Fpage%3D2');
    await userEvent.click(screen.getByRole('link', { name: 'Добавить организацию' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/lk/organization/add?redirect=%2Flk%2Fservice%3Fpage%3D2');
    unmount();

    renderProfilePage('/lk/profile?redirect=%2F%2Fevil.example');
    expect(await screen.findByRole('link', { name: 'Добавить организацию' })).toHaveAttribute('href', '/lk/organization/add');
  });

  it('does not follow a redirect to another site', async () => {
    serve({
      'PUT user/profile/update': () => ok({ profile: profile(12, 'customer', 'Иван Петров', true), user: testUser({ activeProfileId: 12 }) }),
    });
    renderProfilePage('/lk/profile?redirect=%2F%2Fevil.example');
    await userEvent.click(await screen.findByRole('button', { name: 'Выбрать профиль «Заказчик»' }));
    await waitFor(() => expect(toasts).toContainEqual({ type: 'success', message: 'Профиль сохранён' }));
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Профиль' })).toBeInTheDocument();
  });

  it('switches to an existing organisation profile with {id} and shows the server message', async () => {
    const api = serve(
      {
        'PUT user/profile/update': () =>
          ok({ profile: profile(20, 'organization', 'ООО «Ромашка»', true), user: testUser({ activeProfileId: 20 }) }, 'Активный профиль изменён'),
      },
      testUser({ activeProfileId: 12 }),
      [profile(12, 'customer', 'Иван Петров', true), profile(20, 'organization', 'ООО «Ромашка»')],
    );
    renderProfilePage();
    await userEvent.click(await screen.findByRole('button', { name: 'Переключиться на профиль ООО «Ромашка»' }));
    await waitFor(() => expect(toasts).toContainEqual({ type: 'success', message: 'Активный профиль изменён' }));
    expect(api.callsTo('PUT user/profile/update')[0]?.body).toEqual({ id: 20 });
    expect(useSessionStore.getState().activeProfile?.id).toBe(20);
    expect(await screen.findByRole('button', { name: 'Переключиться на профиль «Заказчик»' })).toBeInTheDocument();
  });

  it('shows the server message of a refused switch as an error toast', async () => {
    serve({ 'PUT user/profile/update': () => fail(409, 'Профиль заблокирован') });
    renderProfilePage();
    await userEvent.click(await screen.findByRole('button', { name: 'Выбрать профиль «Исполнитель»' }));
    await waitFor(() => expect(toasts).toContainEqual({ type: 'error', message: 'Профиль заблокирован' }));
  });
});

describe('/lk/profile: the executor page', () => {
  const KAZAN = { value: 'Респ Татарстан, г Казань', cityFiasId: '93b3df57-4c89-44df-ac42-96f05e9cd3b9', geoLat: 55.79, geoLon: 49.11 };
  const STREET = { ...KAZAN, value: 'Респ Татарстан, г Казань, ул Баумана' };

  it('is only there for an executor profile', async () => {
    serve({}, testUser({ activeProfileId: 12 }), [profile(12, 'customer', 'Иван Петров', true)]);
    renderProfilePage();
    await screen.findByRole('heading', { level: 1, name: 'Профиль' });
    expect(screen.queryByRole('region', { name: 'Страница исполнителя' })).not.toBeInTheDocument();
  });

  it('saves «О себе» and a city chosen among the suggestions (each city once), and links to the public page', async () => {
    const api = serve(
      {
        'GET profile/service/get-collection': () => ok({ items: [{ id: 3, name: 'Укладка плитки', parentId: 1, group: 'Ремонт' }] }),
        'GET user/address/search': () => ok({ items: [KAZAN, STREET, { value: 'Татарстан', cityFiasId: null, geoLat: null, geoLon: null }] }),
        'PUT user/profile/update': ({ body }) => {
          const { description, address } = body as { description: string | null; address: unknown };
          return ok({ profile: { ...profile(12, 'executor', 'Иван Петров', true), description, address }, user: testUser({ activeProfileId: 12 }) }, 'Профиль обновлён');
        },
      },
      testUser({ activeProfileId: 12 }),
      [profile(12, 'executor', 'Иван Петров', true)],
    );
    renderProfilePage();
    const form = await screen.findByRole('region', { name: 'Страница исполнителя' });
    expect(await within(form).findByRole('link', { name: 'Моя страница в каталоге' })).toHaveAttribute('href', '/executor/12');
    const save = within(form).getByRole('button', { name: 'Сохранить' });
    expectNothingToSave(save);

    await userEvent.type(within(form).getByLabelText('О себе'), '  Кладу плитку 10 лет  ');
    await userEvent.type(within(form).getByRole('combobox', { name: 'Город' }), 'Каза');
    expect(await screen.findAllByRole('option')).toHaveLength(1);
    await userEvent.click(screen.getByRole('option', { name: KAZAN.value }));
    await userEvent.click(save);

    await waitFor(() => expect(toasts).toContainEqual({ type: 'success', message: 'Профиль обновлён' }));
    expect(api.callsTo('PUT user/profile/update')[0]?.body).toEqual({ id: 12, description: 'Кладу плитку 10 лет', address: KAZAN });
    await waitFor(() => expectNothingToSave(within(form).getByRole('button', { name: 'Сохранить' })));
    expect(within(form).getByLabelText('О себе')).toHaveValue('Кладу плитку 10 лет');

    // Emptied, «О себе» is no description at all.
    await userEvent.clear(within(form).getByLabelText('О себе'));
    await userEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(api.callsTo('PUT user/profile/update')[1]?.body).toEqual({ id: 12, description: null, address: KAZAN }));
  });

  it('«Сохранить» of the executor page, saved by Enter, keeps the focus (not dropped to the body) and, nothing left to save, sends nothing again', async () => {
    const api = serve(
      {
        'GET profile/service/get-collection': () => ok({ items: [] }),
        'PUT user/profile/update': ({ body }) => {
          const { description } = body as { description: string | null };
          return ok({ profile: { ...profile(12, 'executor', 'Иван Петров', true), description }, user: testUser({ activeProfileId: 12 }) }, 'Профиль обновлён');
        },
      },
      testUser({ activeProfileId: 12 }),
      [profile(12, 'executor', 'Иван Петров', true)],
    );
    renderProfilePage();
    const form = await screen.findByRole('region', { name: 'Страница исполнителя' });
    await userEvent.type(within(form).getByLabelText('О себе'), 'Кладу плитку');
    within(form).getByRole('button', { name: 'Сохранить' }).focus();
    await userEvent.keyboard('{Enter}');

    await waitFor(() => expect(toasts).toContainEqual({ type: 'success', message: 'Профиль обновлён' }));
    const save = within(form).getByRole('button', { name: 'Сохранить' });
    await waitFor(() => expectNothingToSave(save));
    expect(save).toHaveFocus();

    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    expect(save).toHaveFocus();
    expect(api.callsTo('PUT user/profile/update')).toHaveLength(1);
    expect(toasts).toHaveLength(1);
  });

  it('without services, says the page is not in the catalogue yet and leads to choosing them', async () => {
    serve({ 'GET profile/service/get-collection': () => ok({ items: [] }) }, testUser({ activeProfileId: 12 }), [profile(12, 'executor', 'Иван Петров', true)]);
    renderProfilePage();
    const form = await screen.findByRole('region', { name: 'Страница исполнителя' });
    expect(await within(form).findByText(/В каталоге исполнителей страница появится, когда вы выберете услуги/)).toBeInTheDocument();
    expect(within(form).getByRole('link', { name: 'Выбрать услуги' })).toHaveAttribute('href', '/lk/service');
    expect(within(form).queryByRole('link', { name: 'Моя страница в каталоге' })).not.toBeInTheDocument();
  });

  it('a city typed and not chosen, sent with Enter from its field, is said: the focus stays there, so its new message is not read', async () => {
    const api = serve(
      { 'GET profile/service/get-collection': () => ok({ items: [] }), 'GET user/address/search': () => ok({ items: [] }) },
      testUser({ activeProfileId: 12 }),
      [{ ...profile(12, 'executor', 'Иван Петров', true), address: KAZAN as never }],
    );
    renderProfilePage();
    const form = await screen.findByRole('region', { name: 'Страница исполнителя' });
    const city = within(form).getByRole('combobox', { name: 'Город' });
    await userEvent.type(city, 'Омск{Enter}', { initialSelectionStart: 0, initialSelectionEnd: KAZAN.value.length });

    await waitFor(() => expect(city).toHaveAttribute('aria-invalid', 'true'));
    expect(city).toHaveFocus();
    expect(within(form).getAllByRole('status').map((status) => status.textContent)).toContain('Выберите город из подсказок');
    expect(api.callsTo('PUT user/profile/update')).toHaveLength(0);
  });

  it('a city typed and not chosen is not saved as the old one: «Сохранить» says to choose it, at the field; emptied, the city is saved as none', async () => {
    const api = serve(
      {
        'GET profile/service/get-collection': () => ok({ items: [] }),
        'GET user/address/search': () => ok({ items: [] }),
        'PUT user/profile/update': ({ body }) => {
          const { description, address } = body as { description: string | null; address: unknown };
          return ok({ profile: { ...profile(12, 'executor', 'Иван Петров', true), description, address }, user: testUser({ activeProfileId: 12 }) }, 'Профиль обновлён');
        },
      },
      testUser({ activeProfileId: 12 }),
      // The fixture's profiles have no city (its type says null): this one has Kazan.
      [{ ...profile(12, 'executor', 'Иван Петров', true), address: KAZAN as never }],
    );
    renderProfilePage();
    const form = await screen.findByRole('region', { name: 'Страница исполнителя' });
    const city = within(form).getByRole('combobox', { name: 'Город' });
    expect(city).toHaveValue(KAZAN.value);

    // Typed over the city, nothing else changed: the typed text is an edit «Сохранить» takes.
    await userEvent.type(city, 'Омск', { initialSelectionStart: 0, initialSelectionEnd: KAZAN.value.length });
    await userEvent.tab();
    await userEvent.tab();
    const save = within(form).getByRole('button', { name: 'Сохранить' });
    expect(save).toHaveFocus();
    expect(save).not.toHaveAttribute('aria-disabled');
    await userEvent.keyboard('{Enter}');

    await waitFor(() => expect(city).toHaveFocus());
    expect(city).toHaveAttribute('aria-invalid', 'true');
    expect(city).toHaveAccessibleDescription(/Выберите город из подсказок$/);
    expect(city).toHaveValue('Омск');
    expect(api.callsTo('PUT user/profile/update')).toHaveLength(0);
    expect(toasts).toEqual([]);

    // Emptied, the field holds no city: saved as none.
    await userEvent.clear(city);
    expect(city).not.toHaveAttribute('aria-invalid');
    await userEvent.click(save);
    await waitFor(() => expect(toasts).toContainEqual({ type: 'success', message: 'Профиль обновлён' }));
    expect(api.callsTo('PUT user/profile/update')[0]?.body).toEqual({ id: 12, description: null, address: null });
  });

  it("puts the server's field error on its field", async () => {
    serve(
      { 'GET profile/service/get-collection': () => ok({ items: [] }), 'PUT user/profile/update': () => fail(422, 'Проверьте данные', { errors: { description: 'Описание — не длиннее 2000 символов' } }) },
      testUser({ activeProfileId: 12 }),
      [profile(12, 'executor', 'Иван Петров', true)],
    );
    renderProfilePage();
    const form = await screen.findByRole('region', { name: 'Страница исполнителя' });
    await userEvent.type(within(form).getByLabelText('О себе'), 'Текст');
    await userEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(within(form).getByLabelText('О себе')).toHaveAccessibleDescription(/Описание — не длиннее 2000 символов/));
    // Shown at its field, the failure is not toasted too (it was both before).
    expect(toasts).toEqual([]);
  });
});

describe('/lk/profile: forms', () => {
  it('saves the name and email', async () => {
    const api = serve({
      'POST user/update': ({ body }) => ok(testUser(body as Record<string, unknown>)),
    });
    renderProfilePage();
    await screen.findByRole('heading', { level: 1, name: 'Профиль' });
    const form = section('Личные данные');
    const name = within(form).getByLabelText('Имя');
    expect(name).toHaveValue('Иван Петров');
    await userEvent.clear(name);
    await userEvent.type(name, 'Пётр Иванов');
    await userEvent.type(within(form).getByLabelText('Электронная почта'), 'не почта');
    await userEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));
    expect(await within(form).findByText('Укажите корректный адрес электронной почты', { selector: '.ui-field__error' })).toBeInTheDocument();

    await userEvent.clear(within(form).getByLabelText('Электронная почта'));
    await userEvent.type(within(form).getByLabelText('Электронная почта'), 'petr@example.ru');
    await userEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(toasts).toContainEqual({ type: 'success', message: 'Профиль сохранён' }));
    expect(api.callsTo('POST user/update')[0]?.body).toEqual({ name: 'Пётр Иванов', email: 'petr@example.ru' });
    expect(useSessionStore.getState().user?.name).toBe('Пётр Иванов');
    await waitFor(() => expect(pageDescription()).toHaveTextContent(/^Пётр Иванов · \+7 \(999\) 123-45-67$/));
  });

  it('saved by Enter on «Сохранить», which then has nothing to save, the focus stays on it (not dropped to the body); a press sends nothing again', async () => {
    const api = serve({ 'POST user/update': ({ body }) => ok(testUser(body as Record<string, unknown>), 'Данные сохранены') });
    renderProfilePage();
    await screen.findByRole('heading', { level: 1, name: 'Профиль' });
    const form = section('Личные данные');
    await userEvent.type(within(form).getByLabelText('Имя'), ' младший');
    within(form).getByRole('button', { name: 'Сохранить' }).focus();
    await userEvent.keyboard('{Enter}');

    const save = within(form).getByRole('button', { name: 'Сохранить' });
    await waitFor(() => expectNothingToSave(save));
    expect(toasts).toContainEqual({ type: 'success', message: 'Данные сохранены' });
    expect(save).toHaveFocus();

    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    await userEvent.click(within(form).getByLabelText('Электронная почта'));
    await userEvent.keyboard('{Enter}');
    expect(api.callsTo('POST user/update')).toHaveLength(1);
    expect(toasts).toHaveLength(1);
  });

  it('each of the three «Показать» toggles says which password it shows, and whether it shows it', async () => {
    serve();
    renderProfilePage();
    await screen.findByRole('heading', { level: 1, name: 'Профиль' });
    const form = section('Пароль');
    const toggles = within(form).getAllByRole('button', { name: /^Показать/ });
    expect(toggles).toHaveLength(3);
    const names = ['Показать пароль: Текущий пароль', 'Показать пароль: Новый пароль', 'Показать пароль: Повторите новый пароль'];
    names.forEach((name, index) => expect(toggles[index]).toHaveAccessibleName(name));

    const shown = within(form).getByRole('button', { name: 'Показать пароль: Новый пароль' });
    await userEvent.click(shown);
    expect(shown).toHaveAttribute('aria-pressed', 'true');
    expect(within(form).getByLabelText('Новый пароль')).toHaveAttribute('type', 'text');
    expect(within(form).getByLabelText('Текущий пароль')).toHaveAttribute('type', 'password');
  });

  it('changes the password and keeps the fresh token pair', async () => {
    const api = serve({
      'PUT user/password/change': () => ok({ token: 'access-2', refresh_token: 'refresh-2', user: testUser() }),
    });
    renderProfilePage();
    await screen.findByRole('heading', { level: 1, name: 'Профиль' });
    const form = section('Пароль');
    await userEvent.type(within(form).getByLabelText('Текущий пароль'), 'старый-пароль');
    await userEvent.type(within(form).getByLabelText('Новый пароль'), 'новый-пароль-1');
    await userEvent.type(within(form).getByLabelText('Повторите новый пароль'), 'новый-пароль-1');
    await userEvent.click(within(form).getByRole('button', { name: 'Сменить пароль' }));

    await waitFor(() => expect(toasts).toContainEqual({ type: 'success', message: 'Пароль изменён' }));
    expect(api.callsTo('PUT user/password/change')[0]?.body).toEqual({
      password: 'старый-пароль',
      newPassword: 'новый-пароль-1',
      newPasswordConfirm: 'новый-пароль-1',
    });
    expect(useSessionStore.getState()).toMatchObject({ token: 'access-2', refreshToken: 'refresh-2' });
    expect(document.cookie).toContain('token=access-2');
    expect(within(form).getByLabelText('Текущий пароль')).toHaveValue('');
  });

  it('shows a refused current password on its field, not as a toast too', async () => {
    serve({
      'PUT user/password/change': () => fail(422, 'Неверный текущий пароль', { errors: { password: 'Неверный текущий пароль' } }),
    });
    renderProfilePage();
    await screen.findByRole('heading', { level: 1, name: 'Профиль' });
    const form = section('Пароль');
    await userEvent.type(within(form).getByLabelText('Текущий пароль'), 'не-тот');
    await userEvent.type(within(form).getByLabelText('Новый пароль'), 'новый-пароль-1');
    await userEvent.type(within(form).getByLabelText('Повторите новый пароль'), 'новый-пароль-1');
    await userEvent.click(within(form).getByRole('button', { name: 'Сменить пароль' }));
    expect(await within(form).findByText('Неверный текущий пароль')).toBeInTheDocument();
    expect(within(form).getByLabelText('Текущий пароль')).toHaveAttribute('aria-invalid', 'true');
    expect(toasts).toEqual([]);
    expect(useSessionStore.getState().token).toBe('access-1');
  });

  it('a failure no field shows (a 429) is toasted', async () => {
    serve({ 'PUT user/password/change': () => fail(429, 'Слишком много попыток. Попробуйте через 5 минут') });
    renderProfilePage();
    await screen.findByRole('heading', { level: 1, name: 'Профиль' });
    const form = section('Пароль');
    await userEvent.type(within(form).getByLabelText('Текущий пароль'), 'старый-пароль');
    await userEvent.type(within(form).getByLabelText('Новый пароль'), 'новый-пароль-1');
    await userEvent.type(within(form).getByLabelText('Повторите новый пароль'), 'новый-пароль-1');
    await userEvent.click(within(form).getByRole('button', { name: 'Сменить пароль' }));
    await waitFor(() => expect(toasts).toEqual([{ type: 'error', message: 'Слишком много попыток. Попробуйте через 5 минут' }]));
  });

  it('an empty «Повторите новый пароль» asks for it; «Пароли не совпадают» only for a filled one that differs', async () => {
    const api = serve();
    renderProfilePage();
    await screen.findByRole('heading', { level: 1, name: 'Профиль' });
    const form = section('Пароль');
    const repeat = within(form).getByLabelText('Повторите новый пароль');
    await userEvent.type(within(form).getByLabelText('Текущий пароль'), 'старый-пароль');
    await userEvent.type(within(form).getByLabelText('Новый пароль'), 'новый-пароль-1');
    await userEvent.click(within(form).getByRole('button', { name: 'Сменить пароль' }));
    await waitFor(() => expect(repeat).toHaveAccessibleDescription('Введите пароль ещё раз'));
    expect(within(form).queryByText('Пароли не совпадают')).not.toBeInTheDocument();

    await userEvent.type(repeat, 'другой-пароль');
    await userEvent.click(within(form).getByRole('button', { name: 'Сменить пароль' }));
    await waitFor(() => expect(repeat).toHaveAccessibleDescription('Пароли не совпадают'));
    expect(api.callsTo('PUT user/password/change')).toHaveLength(0);
  });

  it('changes the phone by a code sent to the new number, with the resend countdown', async () => {
    const codeReceived = Math.floor(Date.now() / 1000);
    const api = serve({
      'POST user/update/phone/send/code': () => ok({ codeReceived }),
      'POST user/update/phone': () => ok(testUser({ phone: '79997654321' }), 'Номер телефона изменён'),
    });
    renderProfilePage();
    await screen.findByRole('heading', { level: 1, name: 'Профиль' });
    const form = section('Телефон');
    expect(within(form).getByText('+7 (999) 123-45-67')).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('Новый номер телефона'), '9997654321');
    await userEvent.type(within(form).getByLabelText('Текущий пароль'), CURRENT_PASSWORD);
    await userEvent.click(within(form).getByRole('button', { name: 'Получить код' }));

    expect(await within(form).findByText(COUNTDOWN_FROM_A_MINUTE)).toBeInTheDocument();
    expect(api.callsTo('POST user/update/phone/send/code')[0]?.body).toEqual({ phone: '79997654321', password: CURRENT_PASSWORD });
    await userEvent.type(within(form).getByLabelText('Код из СМС'), '246810');
    await userEvent.click(within(form).getByRole('button', { name: 'Подтвердить' }));

    await waitFor(() => expect(toasts).toContainEqual({ type: 'success', message: 'Номер телефона изменён' }));
    expect(api.callsTo('POST user/update/phone')[0]?.body).toEqual({ phone: '79997654321', code: '246810' });
    expect(useSessionStore.getState().user?.phone).toBe('79997654321');
    expect(await within(form).findByText('+7 (999) 765-43-21')).toBeInTheDocument();
    expect(within(form).getByLabelText('Новый номер телефона')).toHaveValue('');
  });

  it('shows a number taken by another account under the field, not as a toast too', async () => {
    const message = 'Этот номер уже привязан к другому аккаунту';
    serve({ 'POST user/update/phone/send/code': () => fail(409, message, { errors: { phone: message } }) });
    renderProfilePage();
    const section = await screen.findByRole('region', { name: 'Телефон' });
    await userEvent.type(within(section).getByLabelText('Новый номер телефона'), '9990000007');
    await userEvent.type(within(section).getByLabelText('Текущий пароль'), CURRENT_PASSWORD);
    await userEvent.click(within(section).getByRole('button', { name: 'Получить код' }));
    await waitFor(() => expect(within(section).getByLabelText('Новый номер телефона')).toHaveAccessibleDescription(message));
    expect(within(section).getByLabelText('Новый номер телефона')).toHaveAttribute('aria-invalid', 'true');
    expect(toasts).toEqual([]);
  });

  it('asks for the current password first: without it nothing is sent, a wrong one is said under its field (QA AAD-1)', async () => {
    const message = 'Неверный текущий пароль';
    const api = serve({ 'POST user/update/phone/send/code': () => fail(422, message, { errors: { password: message } }) });
    renderProfilePage();
    const form = await screen.findByRole('region', { name: 'Телефон' });
    await userEvent.type(within(form).getByLabelText('Новый номер телефона'), '9997654321');
    await userEvent.click(within(form).getByRole('button', { name: 'Получить код' }));
    await waitFor(() => expect(within(form).getByLabelText('Текущий пароль')).toHaveAccessibleDescription('Введите текущий пароль'));
    expect(api.callsTo('POST user/update/phone/send/code')).toHaveLength(0);

    await userEvent.type(within(form).getByLabelText('Текущий пароль'), 'not-my-password');
    await userEvent.click(within(form).getByRole('button', { name: 'Получить код' }));
    await waitFor(() => expect(within(form).getByLabelText('Текущий пароль')).toHaveAccessibleDescription(message));
    expect(api.callsTo('POST user/update/phone/send/code')[0]?.body).toEqual({ phone: '79997654321', password: 'not-my-password' });
    expect(within(form).queryByLabelText('Код из СМС')).not.toBeInTheDocument();
  });

  it('the same number again while the code may not be resent: back to the code already sent, without asking the server again', async () => {
    const api = serve({ 'POST user/update/phone/send/code': () => ok({ codeReceived: Math.floor(Date.now() / 1000) }) });
    renderProfilePage();
    await screen.findByRole('heading', { level: 1, name: 'Профиль' });
    const form = section('Телефон');
    await userEvent.type(within(form).getByLabelText('Новый номер телефона'), '9997654321');
    await userEvent.type(within(form).getByLabelText('Текущий пароль'), CURRENT_PASSWORD);
    await userEvent.click(within(form).getByRole('button', { name: 'Получить код' }));
    expect(await within(form).findByText(COUNTDOWN_FROM_A_MINUTE)).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Отменить' }));

    await userEvent.type(await within(form).findByLabelText('Новый номер телефона'), '+7 999 765-43-21');

    await userEvent.type(within(form).getByLabelText('Текущий пароль'), CURRENT_PASSWORD);
    await userEvent.click(within(form).getByRole('button', { name: 'Получить код' }));
    await waitFor(() => expect(within(form).getByLabelText('Код из СМС')).toHaveFocus());
    expect(within(form).getByText('+7 (999) 765-43-21')).toBeInTheDocument();
    expect(within(form).getByText(COUNTDOWN_FROM_A_MINUTE)).toBeInTheDocument();
    expect(api.callsTo('POST user/update/phone/send/code')).toHaveLength(1);

    // Another number gets its own code.
    await userEvent.click(within(form).getByRole('button', { name: 'Отменить' }));
    await userEvent.type(await within(form).findByLabelText('Новый номер телефона'), '9990001122');
    await userEvent.type(within(form).getByLabelText('Текущий пароль'), CURRENT_PASSWORD);
    await userEvent.click(within(form).getByRole('button', { name: 'Получить код' }));
    await waitFor(() => expect(api.callsTo('POST user/update/phone/send/code')).toHaveLength(2));
    expect(api.callsTo('POST user/update/phone/send/code')[1]?.body).toEqual({ phone: '79990001122', password: CURRENT_PASSWORD });
  });

  it("falls back to 'Не удалось отправить код' when sending fails silently", async () => {
    serve({ 'POST user/update/phone/send/code': () => ({ status: 502 }) });
    renderProfilePage();
    await screen.findByRole('heading', { level: 1, name: 'Профиль' });
    const form = section('Телефон');
    await userEvent.type(within(form).getByLabelText('Новый номер телефона'), '9997654321');
    await userEvent.type(within(form).getByLabelText('Текущий пароль'), CURRENT_PASSWORD);
    await userEvent.click(within(form).getByRole('button', { name: 'Получить код' }));
    await waitFor(() => expect(toasts).toContainEqual({ type: 'error', message: 'Не удалось отправить код' }));
  });
});

describe('/lk/profile: a code sent to the new number before (a reload, another tab)', () => {
  const tooSoon = (seconds: number) => ({
    status: 429,
    body: { message: `Повторно отправить код можно через ${seconds} секунд`, code: 'code_resend_too_soon' },
    headers: { 'Retry-After': String(seconds) },
  });

  it('«Получить код» refused as too soon goes on to the code already sent, with the server\'s wait counted down, not to a toast', async () => {
    const api = serve({
      'POST user/update/phone/send/code': () => tooSoon(56),
      'POST user/update/phone': () => ok(testUser({ phone: '79997654321' }), 'Номер телефона изменён'),
    });
    renderProfilePage();
    const form = await screen.findByRole('region', { name: 'Телефон' });
    await userEvent.type(within(form).getByLabelText('Новый номер телефона'), '9997654321');
    await userEvent.type(within(form).getByLabelText('Текущий пароль'), CURRENT_PASSWORD);
    await userEvent.click(within(form).getByRole('button', { name: 'Получить код' }));

    const code = await within(form).findByLabelText('Код из СМС');
    await waitFor(() => expect(code).toHaveFocus());
    expect(within(form).getByText(/^Код уже отправлен на номер/)).toHaveTextContent('Код уже отправлен на номер +7 (999) 765-43-21');
    expect(within(form).getByRole('timer')).toHaveTextContent(/^Отправить код повторно через 5[0-6] с$/);
    expect(toasts).toEqual([]);

    await userEvent.type(code, '246810');
    await userEvent.click(within(form).getByRole('button', { name: 'Подтвердить' }));
    await waitFor(() => expect(toasts).toContainEqual({ type: 'success', message: 'Номер телефона изменён' }));
    expect(api.callsTo('POST user/update/phone')[0]?.body).toEqual({ phone: '79997654321', code: '246810' });
    expect(api.callsTo('POST user/update/phone/send/code')).toHaveLength(1);
  });

  it('a refusal by the SMS limits sent nothing: it stays a toast, on the number', async () => {
    const message = 'Превышен лимит СМС. Попробуйте через 30 минут';
    serve({ 'POST user/update/phone/send/code': () => ({ status: 429, body: { message, code: 'sms_rate_limited' }, headers: { 'Retry-After': '1800' } }) });
    renderProfilePage();
    const form = await screen.findByRole('region', { name: 'Телефон' });
    await userEvent.type(within(form).getByLabelText('Новый номер телефона'), '9997654321');
    await userEvent.type(within(form).getByLabelText('Текущий пароль'), CURRENT_PASSWORD);
    await userEvent.click(within(form).getByRole('button', { name: 'Получить код' }));

    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toMatchObject({ type: 'error' });
    expect(within(form).getByLabelText('Новый номер телефона')).toBeInTheDocument();
    expect(within(form).queryByLabelText('Код из СМС')).not.toBeInTheDocument();
  });
});

describe('/lk/profile: a phone code that can no longer be used', () => {
  const spentText = 'Неверный код. Попытки исчерпаны. Запросите новый код';
  const nowSeconds = () => Math.floor(Date.now() / 1000);

  /** The new number's code sent `ago` seconds before; a resend sends one now. The code entered is refused for good. */
  async function openCodeStep(ago: number, u: ReturnType<typeof userEvent.setup> = userEvent.setup()) {
    let sent = 0;
    const api = serve({
      'POST user/update/phone/send/code': () => ok({ codeReceived: nowSeconds() - (sent++ === 0 ? ago : 0) }),
      'POST user/update/phone': () => fail(422, spentText, { code: 'code_attempts_exceeded', errors: { code: spentText } }),
    });
    renderProfilePage();
    const form = await screen.findByRole('region', { name: 'Телефон' });
    await u.type(within(form).getByLabelText('Новый номер телефона'), '9997654321');
    await u.type(within(form).getByLabelText('Текущий пароль'), CURRENT_PASSWORD);
    await u.click(within(form).getByRole('button', { name: 'Получить код' }));
    const code = await within(form).findByLabelText('Код из СМС');
    return { api, form, code };
  }

  it('spent before a new code may be asked for: the wait says so, then «Отправить код повторно» takes the focus; the new code empties the field, takes its error and the focus', async () => {
    jest.useFakeTimers();
    try {
      const u = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      const { api, form, code } = await openCodeStep(20, u);
      await u.type(code, '000000');
      await u.click(within(form).getByRole('button', { name: 'Подтвердить' }));

      await waitFor(() => expect(code).toHaveAccessibleDescription(spentText));
      expect(within(form).getByRole('timer')).toHaveTextContent(/^Новый код можно запросить через (39|40) с$/);
      expect(within(form).queryByRole('button', { name: 'Отправить код повторно' })).not.toBeInTheDocument();

      await act(() => jest.advanceTimersByTimeAsync(40_000));
      expect(within(form).getByRole('button', { name: 'Отправить код повторно' })).toHaveFocus();
      await u.keyboard('{Enter}');

      await waitFor(() => expect(within(form).getByRole('timer')).toHaveTextContent(COUNTDOWN_FROM_A_MINUTE));
      expect(api.callsTo('POST user/update/phone/send/code')).toHaveLength(2);
      // The resend asks with the password the first code was asked with.
      expect(api.callsTo('POST user/update/phone/send/code')[1]?.body).toEqual({ phone: '79997654321', password: CURRENT_PASSWORD });
      expect(code).toHaveValue('');
      expect(code).not.toBeInvalid();
      expect(code).not.toHaveAccessibleDescription(spentText);
      await waitFor(() => expect(code).toHaveFocus());
    } finally {
      jest.useRealTimers();
    }
  });

  it('spent when a new code may be asked for at once: «Отправить код повторно» takes the focus, and why is said as a status', async () => {
    const u = userEvent.setup();
    const { form, code } = await openCodeStep(60, u);
    await u.type(code, '000000{Enter}');

    await waitFor(() => expect(within(form).getByRole('button', { name: 'Отправить код повторно' })).toHaveFocus());
    expect(code).toHaveAccessibleDescription(spentText);
    expect(within(form).getByRole('status')).toHaveTextContent(spentText);
  });

  it('spent: «Подтвердить» goes and the field is read-only until a new code; Enter there sends nothing more (each press was another refusal)', async () => {
    const u = userEvent.setup();
    const { api, form, code } = await openCodeStep(20, u);
    await u.type(code, '000000');
    await u.click(within(form).getByRole('button', { name: 'Подтвердить' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(spentText));

    expect(within(form).queryByRole('button', { name: 'Подтвердить' })).not.toBeInTheDocument();
    expect(code).toHaveAttribute('readonly');
    await u.click(code);
    await u.keyboard('{Enter}');
    expect(api.callsTo('POST user/update/phone')).toHaveLength(1);
    expect(within(form).getByRole('status')).toHaveTextContent(spentText);
  });

  it('spent, then «Отменить» and the same number while a new code may not be asked for: back to the wait for a new one, not to the spent code', async () => {
    const u = userEvent.setup();
    const { api, form, code } = await openCodeStep(0, u);
    await u.type(code, '000000');
    await u.click(within(form).getByRole('button', { name: 'Подтвердить' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(spentText));
    await u.click(within(form).getByRole('button', { name: 'Отменить' }));

    await u.type(await within(form).findByLabelText('Новый номер телефона'), '9997654321');

    await u.type(within(form).getByLabelText('Текущий пароль'), CURRENT_PASSWORD);
    await u.click(within(form).getByRole('button', { name: 'Получить код' }));
    await within(form).findByLabelText('Код из СМС');
    expect(within(form).getByRole('timer')).toHaveTextContent(/^Новый код можно запросить через (5[5-9]|60) с$/);
    expect(api.callsTo('POST user/update/phone/send/code')).toHaveLength(1);
  });

  it('a plain resend empties the field and gives it the focus, not the body, as the button turns into the wait', async () => {
    const u = userEvent.setup();
    const { api, form, code } = await openCodeStep(60, u);
    await u.type(code, '123');
    await u.click(within(form).getByRole('button', { name: 'Отправить код повторно' }));

    await waitFor(() => expect(within(form).getByRole('timer')).toHaveTextContent(COUNTDOWN_FROM_A_MINUTE));
    expect(api.callsTo('POST user/update/phone/send/code')).toHaveLength(2);
    expect(code).toHaveValue('');
    await waitFor(() => expect(code).toHaveFocus());
  });
});

describe('/lk/profile: unsaved edits', () => {
  const leaveDialog = () => screen.findByRole('dialog', { name: 'Уйти без сохранения?' });
  let warn: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(console, 'warn');
  });
  afterEach(() => {
    // Several guarded forms on the page, and still the one blocker React Router supports.
    expect(warn.mock.calls.flat().join('\n')).not.toMatch(/only supports one blocker/);
    warn.mockRestore();
  });

  it('an edited name asks before leaving for another page: «Отмена» keeps it, «Уйти без сохранения» leaves', async () => {
    serve();
    renderProfilePage();
    await screen.findByRole('heading', { level: 1, name: 'Профиль' });
    const user = userEvent.setup();
    await user.type(within(section('Личные данные')).getByLabelText('Имя'), ' Сергеевич');
    await user.click(screen.getByRole('link', { name: 'Добавить организацию' }));

    const dialog = await leaveDialog();
    expect(dialog).toHaveAccessibleDescription('Личные данные не сохранены и пропадут, если уйти со страницы.');
    expect(within(dialog).getByRole('button', { name: 'Отмена' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(within(section('Личные данные')).getByLabelText('Имя')).toHaveValue('Иван Петров Сергеевич');

    await user.click(screen.getByRole('link', { name: 'Добавить организацию' }));
    await user.click(within(await leaveDialog()).getByRole('button', { name: 'Уйти без сохранения' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/lk/organization/add');
  });

  it('each form asks in its own words; edits in two of them ask once, naming no one form', async () => {
    serve();
    renderProfilePage();
    await screen.findByRole('heading', { level: 1, name: 'Профиль' });
    const user = userEvent.setup();
    await user.type(within(section('Пароль')).getByLabelText('Новый пароль'), 'новый-пароль-1');
    await user.click(screen.getByRole('link', { name: 'Добавить организацию' }));
    expect(await leaveDialog()).toHaveAccessibleDescription('Новый пароль не сохранён и пропадёт, если уйти со страницы.');
    await user.click(screen.getByRole('button', { name: 'Отмена' }));

    await user.type(within(section('Личные данные')).getByLabelText('Электронная почта'), 'ivan@example.ru');
    await user.click(screen.getByRole('link', { name: 'Добавить организацию' }));
    const dialog = await leaveDialog();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(dialog).toHaveAccessibleDescription('Изменения не сохранены и пропадут, если уйти со страницы.');
    await user.click(within(dialog).getByRole('button', { name: 'Уйти без сохранения' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/lk/organization/add');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a new number waiting for its code asks before leaving; once the change is cancelled, nothing does', async () => {
    serve({ 'POST user/update/phone/send/code': () => ok({ codeReceived: Math.floor(Date.now() / 1000) }) });
    renderProfilePage();
    await screen.findByRole('heading', { level: 1, name: 'Профиль' });
    const user = userEvent.setup();
    const form = section('Телефон');
    await user.type(within(form).getByLabelText('Новый номер телефона'), '9997654321');
    await user.type(within(form).getByLabelText('Текущий пароль'), CURRENT_PASSWORD);
    await user.click(within(form).getByRole('button', { name: 'Получить код' }));
    await within(form).findByLabelText('Код из СМС');

    await user.click(screen.getByRole('link', { name: 'Добавить организацию' }));
    expect(await leaveDialog()).toHaveAccessibleDescription('Новый номер телефона не подтверждён и пропадёт, если уйти со страницы.');
    await user.click(screen.getByRole('button', { name: 'Отмена' }));

    await user.click(within(form).getByRole('button', { name: 'Отменить' }));
    await user.click(screen.getByRole('link', { name: 'Добавить организацию' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/lk/organization/add');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a saved form no longer asks', async () => {
    serve({ 'POST user/update': ({ body }) => ok(testUser(body as Record<string, unknown>)) });
    renderProfilePage();
    await screen.findByRole('heading', { level: 1, name: 'Профиль' });
    const user = userEvent.setup();
    const form = section('Личные данные');
    await user.type(within(form).getByLabelText('Имя'), ' Сергеевич');
    await user.click(within(form).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(toasts).toContainEqual({ type: 'success', message: 'Профиль сохранён' }));

    await user.click(screen.getByRole('link', { name: 'Добавить организацию' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/lk/organization/add');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("the executor page's «О себе» asks before leaving; choosing a profile (saved at once) does not", async () => {
    serve(
      {
        'PUT user/profile/update': () =>
          ok({ profile: profile(12, 'customer', 'Иван Петров', true), user: testUser({ activeProfileId: 12 }) }),
        'GET profile/service/get-collection': () => ok({ items: [] }),
      },
      testUser({ activeProfileId: 11 }),
      [profile(11, 'executor', 'Иван Петров', true)],
    );
    renderProfilePage('/lk/profile?redirect=%2Flk%2Fapplication%2Fform');
    await screen.findByRole('heading', { level: 1, name: 'Профиль' });
    const user = userEvent.setup();
    await user.type(within(section('Страница исполнителя')).getByLabelText('О себе'), 'Сантехник');
    await user.click(await screen.findByRole('link', { name: 'Выбрать услуги' }));
    expect(await leaveDialog()).toHaveAccessibleDescription(
      'Сведения страницы исполнителя не сохранены и пропадут, если уйти со страницы.',
    );
    await user.click(screen.getByRole('button', { name: 'Отмена' }));
    await user.clear(within(section('Страница исполнителя')).getByLabelText('О себе'));

    await user.click(screen.getByRole('button', { name: 'Выбрать профиль «Заказчик»' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/lk/application/form');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('/lk/profile: focus', () => {
  it('focuses nothing on load, so the page starts at the top', async () => {
    serve();
    renderProfilePage();
    await screen.findByRole('heading', { level: 1, name: 'Профиль' });
    const field = within(section('Телефон')).getByLabelText('Новый номер телефона');
    // One more turn for effects that would focus after the first paint.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(field).not.toHaveFocus();
    // A focused field is what scrolled the page past the header.
    expect(document.activeElement).toBe(document.body);
  });

  it('a switch keeps the focus on the pressed button while it runs, goes once on a double click, then on «Активный профиль»', async () => {
    let answer: () => void = () => undefined;
    const api = serve(
      {
        'PUT user/profile/update': () =>
          new Promise((resolve) => {
            answer = () => resolve(ok({ profile: profile(20, 'organization', 'ООО «Ромашка»', true), user: testUser({ activeProfileId: 20 }) }));
          }),
      },
      testUser({ activeProfileId: 12 }),
      [profile(12, 'customer', 'Иван Петров', true), profile(20, 'organization', 'ООО «Ромашка»')],
    );
    renderProfilePage();
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Переключиться на профиль ООО «Ромашка»' });

    await doubleClickBeforeBusy(button);
    // Enter on the busy button sends nothing more.
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Выбрать профиль «Исполнитель»' })).toBeDisabled();

    answer();
    const row = screen.getByText('ООО «Ромашка»').closest('li')!;
    await waitFor(() => expect(within(row).getByText('Активный профиль')).toHaveFocus());
    expect(api.callsTo('PUT user/profile/update')).toHaveLength(1);
  });

  it('returns the focus to the new-phone field when the code step is cancelled', async () => {
    serve({ 'POST user/update/phone/send/code': () => ok({ codeReceived: Math.floor(Date.now() / 1000) }) });
    renderProfilePage();
    await screen.findByRole('heading', { level: 1, name: 'Профиль' });
    const form = section('Телефон');
    await userEvent.type(within(form).getByLabelText('Новый номер телефона'), '9997654321');
    await userEvent.type(within(form).getByLabelText('Текущий пароль'), CURRENT_PASSWORD);
    await userEvent.click(within(form).getByRole('button', { name: 'Получить код' }));
    await waitFor(() => expect(within(form).getByLabelText('Код из СМС')).toHaveFocus());
    await userEvent.click(within(form).getByRole('button', { name: 'Отменить' }));
    await waitFor(() => expect(within(form).getByLabelText('Новый номер телефона')).toHaveFocus());
  });
});

describe('/lk/profile: «Повторить»', () => {
  it('stays, busy and focused, until the answer; then the focus goes to the page’s heading, not to the body', async () => {
    const call = failsUntilRetried(() => fail(500, 'Внутренняя ошибка сервера'), () => ok(testUser()));
    serve({
      'GET user/get/token': call.handler,
    });
    renderProfilePage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Внутренняя ошибка сервера');
    const retry = screen.getByRole('button', { name: 'Повторить' });
    await call.retry(retry);
    expect(screen.getByRole('alert')).toHaveTextContent('Внутренняя ошибка сервера');

    call.answer();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Профиль' });
    await waitFor(() => expect(heading).toHaveFocus());
  });
});
