import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSessionStore } from 'shared';
import { clickWhileLayoutMoves, doubleClickBeforeBusy, fail, ok, renderRoutes, serveApi, setUpPageTests, failsUntilRetried } from 'shared/testing';
import { ORGANIZATION_CHANGED, ORGANIZATION_CHANGED_MESSAGE, organizationSeenOf } from 'shared/lk';
import { Component as ListPage } from '../../pages/organization-list-page';
import { ORGANIZATION_ALREADY_DELETED } from './notify';
import { listed, makeOrganization, ME, orgProfile, signIn } from './testing/fixtures';

jest.setTimeout(20_000);

const ROMASHKA = makeOrganization();
const VASILEK = makeOrganization({ id: 21, name: 'ООО «Василёк»', inn: '7736207543', role: 'employee', active: false, director: { userId: 3, name: 'Анна Смирнова' } });

const toasts = setUpPageTests(() =>
  signIn(
    [
      { id: 20, type: 'organization', name: ROMASHKA.name },
      { id: 21, type: 'organization', name: VASILEK.name },
    ],
    20,
  ),
);

const AddStandIn = () => <p>Добавление организации</p>;
const renderList = (entry = '/lk/organization') =>
  renderRoutes(
    [
      { path: '/lk/organization', Component: ListPage },
      { path: '/lk/organization/add', Component: AddStandIn },
    ],
    entry,
  );

const card = (name: string) => screen.getByRole('article', { name });
const details = () => screen.getByRole('region', { name: 'Активная организация' });

test("lists the user's organisations with its role in each, the active one marked, and the active one's requisites", async () => {
  const api = serveApi({
    'GET organization/get-collection': () => ok({ items: [listed(ROMASHKA), listed(VASILEK)] }),
    'GET organization/get/profile': () => ok(ROMASHKA),
  });
  renderList();

  expect(screen.getByRole('status')).toHaveTextContent('Загружаем организации…');
  await screen.findByRole('article', { name: ROMASHKA.name });
  expect(within(card(ROMASHKA.name)).getByText('Руководитель')).toBeInTheDocument();
  expect(within(card(ROMASHKA.name)).getByText('Активный профиль')).toBeInTheDocument();
  expect(within(card(VASILEK.name)).getByText('Сотрудник')).toBeInTheDocument();
  expect(within(card(VASILEK.name)).getByRole('button', { name: 'Переключиться на организацию ООО «Василёк»' })).toBeInTheDocument();

  expect(await within(details()).findByText('773601001')).toBeInTheDocument();
  expect(within(details()).getByText('1027700132195')).toBeInTheDocument();
  expect(within(details()).getByText(ROMASHKA.address!.value)).toBeInTheDocument();
  expect(within(details()).getByText(ME.name)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Добавить организацию' })).toHaveAttribute('href', '/lk/organization/add');
  expect(api.callsTo('GET organization/get/profile')).toHaveLength(1);
});

test('switching makes the other organisation the active profile', async () => {
  const api = serveApi({
    'GET organization/get-collection': () => ok({ items: [listed(ROMASHKA), listed(VASILEK)] }),
    'GET organization/get/profile': () => ok(ROMASHKA),
    'PUT user/profile/update': () => ok({ profile: orgProfile(VASILEK), user: { ...ME, activeProfileId: 21 } }),
  });
  renderList();
  const user = userEvent.setup();

  await user.click(await screen.findByRole('button', { name: 'Переключиться на организацию ООО «Василёк»' }));

  await waitFor(() => expect(useSessionStore.getState().activeProfile?.id).toBe(21));
  expect(api.callsTo('PUT user/profile/update')[0]?.body).toEqual({ id: 21 });
  expect(toasts).toContainEqual({ type: 'success', message: 'Активный профиль: ООО «Василёк»' });
});

test('a switch keeps the focus on the pressed button while it runs, goes once on a double click, then on «Активный профиль»', async () => {
  let switched = false;
  let answer: () => void = () => undefined;
  const api = serveApi({
    'GET organization/get-collection': () =>
      ok({ items: switched ? [listed({ ...ROMASHKA, active: false }), listed({ ...VASILEK, active: true })] : [listed(ROMASHKA), listed(VASILEK)] }),
    'GET organization/get/profile': () => ok(switched ? { ...VASILEK, active: true } : ROMASHKA),
    'PUT user/profile/update': () =>
      new Promise((resolve) => {
        answer = () => {
          switched = true;
          resolve(ok({ profile: orgProfile(VASILEK), user: { ...ME, activeProfileId: 21 } }));
        };
      }),
  });
  renderList();
  const button = await screen.findByRole('button', { name: 'Переключиться на организацию ООО «Василёк»' });

  await doubleClickBeforeBusy(button);

  answer();
  await waitFor(() => expect(within(card(VASILEK.name)).getByText('Активный профиль')).toHaveFocus());
  expect(api.callsTo('PUT user/profile/update')).toHaveLength(1);
});

test('without organisations the page explains them and offers both ways in', async () => {
  serveApi({ 'GET organization/get-collection': () => ok({ items: [] }) });
  signIn([{ id: 11, type: 'customer', name: ME.name }], 11);
  renderList();

  const empty = (await screen.findByText('У вас пока нет организаций')).closest('.ui-state') as HTMLElement;
  expect(empty).toHaveTextContent('введите код из СМС');
  expect(within(empty).getByRole('link', { name: 'Добавить организацию' })).toHaveAttribute('href', '/lk/organization/add');
  expect(within(empty).getByRole('button', { name: 'Ввести код приглашения' })).toBeInTheDocument();
  // Each way in is heard once: the page's header does not repeat them above the empty state.
  expect(screen.getAllByRole('link', { name: 'Добавить организацию' })).toHaveLength(1);
  expect(screen.getAllByRole('button', { name: 'Ввести код приглашения' })).toHaveLength(1);
});

test("a failed load shows the server's message with a retry", async () => {
  serveApi({ 'GET organization/get-collection': () => fail(500, 'Сервис временно недоступен') });
  renderList();
  expect(await screen.findByRole('alert')).toHaveTextContent('Сервис временно недоступен');
  expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
});

test('«Повторить» that brings the list hands its focus to «Ваши организации», not to the page', async () => {
  let failing = true;
  serveApi({
    'GET organization/get-collection': () => (failing ? fail(500, 'Сервис временно недоступен') : ok({ items: [listed(ROMASHKA)] })),
    'GET organization/get/profile': () => ok(ROMASHKA),
  });
  renderList();
  const retry = await screen.findByRole('button', { name: 'Повторить' });
  failing = false;
  retry.focus();
  await userEvent.keyboard('{Enter}');
  await screen.findByRole('article', { name: ROMASHKA.name });
  await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Ваши организации' })).toHaveFocus());
});

test('an employee of the active organisation sees its requisites without edit or delete', async () => {
  signIn([{ id: 21, type: 'organization', name: VASILEK.name }], 21);
  const active = { ...VASILEK, active: true };
  serveApi({
    'GET organization/get-collection': () => ok({ items: [listed(active)] }),
    'GET organization/get/profile': () => ok(active),
  });
  renderList();

  expect(await within(await screen.findByRole('region', { name: 'Активная организация' })).findByText('Анна Смирнова')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Изменить данные' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Удалить организацию' })).not.toBeInTheDocument();
});

/** The director's page of the active Ромашка, with «Изменить данные» opened (and any other calls the test answers). */
async function openEditDialog(routes: Parameters<typeof serveApi>[0] = {}) {
  const api = serveApi({
    'GET organization/get-collection': () => ok({ items: [listed(ROMASHKA)] }),
    'GET organization/get/profile': () => ok(ROMASHKA),
    ...routes,
  });
  const { queryClient } = renderList();
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Изменить данные' }));
  return { api, user, queryClient, dialog: screen.getByRole('dialog', { name: 'Данные организации' }) };
}

test('the director edits the requisites: the changed fields go with the id', async () => {
  const { api, user, dialog } = await openEditDialog({
    'POST organization/update': () => ok({ ...ROMASHKA, name: 'ООО «Ромашка плюс»' }, 'Данные организации сохранены'),
    'GET user/profile/list': () => ok({ items: [orgProfile({ id: 20, name: 'ООО «Ромашка плюс»' })] }),
  });
  const name = within(dialog).getByLabelText('Название');
  await user.clear(name);
  await user.type(name, 'ООО «Ромашка плюс»');
  await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));

  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(api.callsTo('POST organization/update')[0]?.body).toEqual({
    id: 20,
    inn: '7707083893',
    name: 'ООО «Ромашка плюс»',
    kpp: '773601001',
    ogrn: '1027700132195',
    address: ROMASHKA.address,
    description: null,
    // What the form saw: a save over a change made meanwhile is refused (QA AAQ-2).
    seen: organizationSeenOf(ROMASHKA),
  });
  expect(toasts).toContainEqual({ type: 'success', message: 'Данные организации сохранены' });
});

describe('saved elsewhere while the dialog is open (QA AAQ-2)', () => {
  const ELSEWHERE = { ...ROMASHKA, name: 'ООО «Ромашка-Б»', kpp: '770101001' };

  test('the dialog takes the new values into its untouched fields, says which changed, and sends what it saw', async () => {
    let reads = 0;
    const { api, user, queryClient, dialog } = await openEditDialog({
      'GET organization/get/profile': () => ok(reads++ === 0 ? ROMASHKA : ELSEWHERE),
      'POST organization/update': () => ok(ELSEWHERE, 'Данные организации сохранены'),
    });
    await user.type(within(dialog).getByLabelText('Описание'), 'Описание из вкладки А');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    // Another tab saves; the page under the dialog reads the organisation again (its socket news).
    await act(() => queryClient.invalidateQueries());

    const notice = await within(dialog).findByRole('alert');
    expect(notice).toHaveTextContent(
      'Пока открыта форма, данные организации изменили в другой вкладке или другой сотрудник (поля «Название», «КПП»). Поля, которые вы не меняли, обновлены; ваши правки при сохранении запишутся поверх.',
    );
    // By the buttons, after the last field: on a phone the dialog's top is out of view as «Сохранить» is pressed (QA AAT-2).
    expect(within(dialog).getByLabelText('Описание').compareDocumentPosition(notice) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(dialog).getByLabelText('Название')).toHaveValue('ООО «Ромашка-Б»');
    expect(within(dialog).getByLabelText('КПП')).toHaveValue('770101001');
    expect(within(dialog).getByLabelText('Описание')).toHaveValue('Описание из вкладки А');

    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(api.callsTo('POST organization/update')).toHaveLength(1));
    expect(api.callsTo('POST organization/update')[0]?.body).toMatchObject({
      name: 'ООО «Ромашка-Б»',
      kpp: '770101001',
      description: 'Описание из вкладки А',
      seen: organizationSeenOf(ELSEWHERE),
    });
  });

  test('a save refused 409 because the news had not come yet: the reason by the buttons, the page reads the organisation again and the dialog names what changed', async () => {
    let changed = false;
    const { api, user, dialog } = await openEditDialog({
      'GET organization/get/profile': () => ok(changed ? ELSEWHERE : ROMASHKA),
      'POST organization/update': () => {
        changed = true;
        return fail(409, ORGANIZATION_CHANGED_MESSAGE, { code: ORGANIZATION_CHANGED });
      },
    });
    await user.type(within(dialog).getByLabelText('Описание'), 'Описание из вкладки А');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));

    await waitFor(() => expect(api.callsTo('POST organization/update')).toHaveLength(1));
    expect(api.callsTo('POST organization/update')[0]?.body).toMatchObject({ seen: organizationSeenOf(ROMASHKA) });
    await waitFor(() => expect(within(dialog).getByLabelText('Название')).toHaveValue('ООО «Ромашка-Б»'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Пока открыта форма, данные организации изменили в другой вкладке или другой сотрудник (поля «Название», «КПП»)');
    expect(within(dialog).getByLabelText('Описание')).toHaveValue('Описание из вкладки А');
    expect(screen.getByRole('dialog', { name: 'Данные организации' })).toBeInTheDocument();
  });
});

describe('«Город» of the organisation (the catalogue finds executors by it)', () => {
  const MOSCOW = { value: 'г Москва', cityFiasId: '0c5b2444-70a0-4932-980c-b4dc0d3f02b5', geoLat: null, geoLon: null };
  const KAZAN = { value: 'Респ Татарстан, г Казань', cityFiasId: '93b3df57-4c89-44df-ac42-96f05e9cd3b9', geoLat: 55.79, geoLon: 49.11 };

  test('shows the city it names, and sends it on with an address whose text alone changed', async () => {
    const inMoscow = makeOrganization({ address: { value: 'г. Москва, ул. Льва Толстого, 16', cityFiasId: MOSCOW.cityFiasId, geoLat: null, geoLon: null }, city: MOSCOW });
    const { api, user, dialog } = await openEditDialog({
      'GET organization/get-collection': () => ok({ items: [listed(inMoscow)] }),
      'GET organization/get/profile': () => ok(inMoscow),
      'POST organization/update': () => ok(inMoscow, 'Данные организации сохранены'),
    });
    expect(within(details()).getByText('Город').nextElementSibling).toHaveTextContent('г Москва');
    expect(within(dialog).getByRole('combobox', { name: 'Город' })).toHaveValue('г Москва');
    await user.type(within(dialog).getByLabelText('Юридический адрес'), ', офис 5');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));

    await waitFor(() => expect(api.callsTo('POST organization/update')).toHaveLength(1));
    expect(api.callsTo('POST organization/update')[0]?.body).toMatchObject({
      address: { value: 'г. Москва, ул. Льва Толстого, 16, офис 5', cityFiasId: null },
      city: MOSCOW,
    });
  });

  test('a city chosen among the suggestions is saved', async () => {
    const { api, user, dialog } = await openEditDialog({
      'GET user/address/search': () => ok({ items: [KAZAN] }),
      'POST organization/update': () => ok({ ...ROMASHKA, city: KAZAN }, 'Данные организации сохранены'),
    });
    const city = within(dialog).getByRole('combobox', { name: 'Город' });
    expect(city).toHaveValue('');
    await user.type(city, 'Каза');
    await user.click(await screen.findByRole('option', { name: KAZAN.value }));
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));

    await waitFor(() => expect(api.callsTo('POST organization/update')).toHaveLength(1));
    expect(api.callsTo('POST organization/update')[0]?.body).toMatchObject({ id: 20, address: ROMASHKA.address, city: KAZAN });
    expect(api.callsTo('GET user/address/search')[0]?.query.get('bound')).toBe('city');
  });
});

test('the edit dialog keeps every digit of an ИНН pasted with spaces', async () => {
  const { api, user, dialog } = await openEditDialog();
  const inn = within(dialog).getByLabelText('ИНН');
  const kpp = within(dialog).getByLabelText('КПП');
  await user.clear(inn);
  await user.paste('7707 0838 93');
  await user.clear(kpp);
  await user.paste('7736 01 001');
  expect(inn).toHaveValue('7707083893');
  expect(kpp).toHaveValue('773601001');
  expect(api.callsTo('POST organization/update')).toHaveLength(0);
});

test('«Сохранить» pressed right after emptying a field is not lost to the error its blur shows: one click checks the form and the focus goes to the field to correct', async () => {
  const { api, user, dialog } = await openEditDialog();
  const name = within(dialog).getByLabelText('Название');
  await user.clear(name);
  await clickWhileLayoutMoves(within(dialog).getByRole('button', { name: 'Сохранить' }), 'Укажите название организации');

  // The submit ran (not only the blur): the field to correct has the focus, its message is read with it.
  await waitFor(() => expect(name).toHaveAccessibleDescription(expect.stringContaining('Укажите название организации')));
  expect(name).toHaveFocus();
  expect(api.callsTo('POST organization/update')).toHaveLength(0);
});

test("deleting asks first; a 409 keeps the server's reason in the dialog (its error toast silent, spec §7), then a delete leads to the list", async () => {
  let refuse = true;
  let deleted = false;
  const api = serveApi({
    // Once deleted, the list no longer holds it: the page under the dialog changes at once.
    'GET organization/get-collection': () => ok({ items: deleted ? [] : [listed(ROMASHKA)] }),
    'GET organization/get/profile': () => ok(ROMASHKA),
    'DELETE organization/delete': () => {
      if (refuse) return fail(409, 'Нельзя удалить организацию, пока у неё есть заявки в работе');
      deleted = true;
      return ok({ id: 20 }, 'Организация удалена');
    },
    // The profiles come last: the list has already dropped the organisation, and its page with it.
    'GET user/profile/list': async () => {
      if (deleted) await new Promise((resolve) => setTimeout(resolve, 100));
      return ok({ items: [] });
    },
    'GET user/get/token': () => ok({ ...ME, activeProfileId: null }),
  });
  const { location } = renderList('/lk/organization?from=menu');
  const user = userEvent.setup();

  await user.click(await screen.findByRole('button', { name: 'Удалить организацию' }));
  const dialog = screen.getByRole('dialog', { name: 'Удалить организацию?' });
  expect(within(dialog).getByRole('button', { name: 'Отмена' })).toHaveFocus();
  await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));

  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Нельзя удалить организацию, пока у неё есть заявки в работе');
  expect(toasts.filter((toast) => toast.type === 'error')).toEqual([{ type: 'error', message: 'Нельзя удалить организацию, пока у неё есть заявки в работе', silent: true }]);
  expect(api.callsTo('DELETE organization/delete')[0]?.query.get('id')).toBe('20');

  refuse = false;
  await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(toasts).toContainEqual({ type: 'success', message: 'Организация удалена' });
  // The router navigates in a transition, which may commit after the dialog's urgent close: wait
  // for it (CI once read the location in between).
  await waitFor(() => expect(location()).toMatchObject({ pathname: '/lk/organization', search: '' }));
  await waitFor(() => expect(useSessionStore.getState().profiles).toEqual([]));
});

test('an organisation deleted meanwhile (another tab): the delete says so, closes and the page drops it', async () => {
  let deleted = false;
  serveApi({
    'GET organization/get-collection': () => ok({ items: deleted ? [] : [listed(ROMASHKA)] }),
    'GET organization/get/profile': () => (deleted ? fail(404, 'Организация не найдена') : ok(ROMASHKA)),
    'DELETE organization/delete': () => {
      deleted = true;
      return fail(404, 'Организация не найдена');
    },
    'GET user/profile/list': () => ok({ items: deleted ? [] : [orgProfile(ROMASHKA)] }),
    'GET user/get/token': () => ok({ ...ME, activeProfileId: deleted ? null : 20 }),
  });
  renderList();
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Удалить организацию' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Удалить организацию?' })).getByRole('button', { name: 'Удалить' }));

  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(toasts).toContainEqual({ type: 'info', message: ORGANIZATION_ALREADY_DELETED });
  expect(toasts.filter((toast) => toast.type === 'error')).toEqual([]);
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Удалить организацию' })).not.toBeInTheDocument());
  await waitFor(() => expect(useSessionStore.getState().profiles).toEqual([]));
});

/**
 * The active organisation deleted: the profiles then leave the person active, and the list comes
 * back after them, so for a while the page still lists the organisation.
 */
function serveDeletingActive() {
  let deleted = false;
  return serveApi({
    'GET organization/get-collection': async () => {
      if (deleted) await new Promise((resolve) => setTimeout(resolve, 150));
      return ok({ items: deleted ? [] : [listed(ROMASHKA)] });
    },
    'GET organization/get/profile': () => (deleted ? fail(403, 'Выберите профиль организации') : ok(ROMASHKA)),
    'DELETE organization/delete': () => {
      deleted = true;
      return ok({ id: 20 }, 'Организация удалена');
    },
    'GET user/profile/list': () =>
      ok({ items: deleted ? [{ id: 2, type: 'executor', name: ME.name, active: true }] : [orgProfile(ROMASHKA), { id: 2, type: 'executor', name: ME.name, active: false }] }),
    'GET user/get/token': () => ok({ ...ME, activeProfileId: deleted ? 2 : 20 }),
  });
}

test('deleting the active organisation: its requisites are not asked for again as the person it leaves active, nor said to have failed (QA WW-5)', async () => {
  const api = serveDeletingActive();
  renderList();
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Удалить организацию' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Удалить организацию?' })).getByRole('button', { name: 'Удалить' }));

  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await screen.findByText('У вас пока нет организаций');
  expect(api.callsTo('GET organization/get/profile')).toHaveLength(1);
  expect(toasts.filter((toast) => toast.type === 'error')).toEqual([]);
});

test('deleting the active organisation never offers a switch to it while the list is asked again (QA AAA-2)', async () => {
  serveDeletingActive();
  const shown: string[] = [];
  const watch = new MutationObserver(() => {
    if (document.body.textContent?.includes('Переключитесь на одну из них')) shown.push(document.body.textContent);
  });
  watch.observe(document.body, { childList: true, subtree: true, characterData: true });
  renderList();
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Удалить организацию' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Удалить организацию?' })).getByRole('button', { name: 'Удалить' }));

  await screen.findByText('У вас пока нет организаций');
  watch.disconnect();
  expect(shown).toEqual([]);
});

test('«Повторить» of the active organisation’s requisites stays, busy and focused, until the answer; then the focus goes to «Активная организация», not to the body', async () => {
  const call = failsUntilRetried(() => fail(500, 'Реквизиты недоступны'), () => ok(ROMASHKA));
  serveApi({
    'GET organization/get-collection': () => ok({ items: [listed(ROMASHKA), listed(VASILEK)] }),
    'GET organization/get/profile': call.handler,
  });
  renderList();
  expect(await within(await screen.findByRole('region', { name: 'Активная организация' })).findByRole('alert')).toHaveTextContent('Реквизиты недоступны');
  const retry = within(details()).getByRole('button', { name: 'Повторить' });
  await call.retry(retry);
  expect(within(details()).getByRole('alert')).toHaveTextContent('Реквизиты недоступны');

  call.answer();
  expect(await within(details()).findByText('773601001')).toBeInTheDocument();
  expect(within(details()).getByRole('heading', { level: 2, name: 'Активная организация' })).toHaveFocus();
});
