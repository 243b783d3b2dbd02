import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, listAnswer, ok, serveApi, setUpPageTests } from 'shared/testing';
import { Component as EditPage } from '../../pages/application-edit-page';
import { Component as FormPage } from '../../pages/application-form-page';
import { makeApplication, renderRoutes, signInAs } from '../../testing/render-page';
import { ADDRESS_KEPT_NOTICE } from './components/application-form';
import { A_KEY, COMPLETE_VIEW, draftUpsert, FACILITIES, fillAllButName, FULL_BODY, KAZAN, lkView, lookupRoutes, makeFacility, MOSCOW } from './testing/form-fixtures';

jest.setTimeout(20_000);

const renderForm = () => renderRoutes([{ path: '/lk/application/form', Component: FormPage }], '/lk/application/form');
const renderEdit = () => renderRoutes([{ path: '/lk/application/edit/:id', Component: EditPage }], '/lk/application/edit/41');
const facilitySelect = () => screen.getByRole('combobox', { name: 'Объект' });
const addressInput = () => screen.getByRole('combobox', { name: 'Адрес' });
const DACHA = 'Дача в Подмосковье — г Москва, ул Тверская, д 1';

setUpPageTests(() => signInAs('customer'));

test("«Объект» lists the active profile's facilities with their addresses, «Без объекта» first", async () => {
  const api = serveApi(lookupRoutes);
  renderForm();

  await waitFor(() => expect(facilitySelect()).toBeEnabled());
  const options = screen.getAllByRole('option').map((option) => option.textContent);
  expect(options).toEqual(['Без объекта', DACHA, 'Склад']);
  expect(facilitySelect()).toHaveValue('');
  expect(facilitySelect()).toHaveAccessibleDescription(/Необязательно/);
  const [request] = api.callsTo('GET profile/facility/get-collection');
  expect(request?.query.get('limit')).toBe('100');
});

test('choosing a facility fills the empty address and the draft is saved with facilityId', async () => {
  const api = serveApi({ ...lookupRoutes, 'POST application/draft/upsert': draftUpsert });
  renderForm();
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Название'), 'Ремонт крыши');
  await waitFor(() => expect(api.callsTo('POST application/draft/upsert')).toHaveLength(1));

  await waitFor(() => expect(facilitySelect()).toBeEnabled());
  await user.selectOptions(facilitySelect(), DACHA);

  expect(addressInput()).toHaveValue(MOSCOW.value);
  expect(screen.getByText('Адрес заполнен по объекту')).toHaveAttribute('role', 'status');
  await waitFor(() => expect(api.callsTo('POST application/draft/upsert')).toHaveLength(2));
  expect(api.callsTo('POST application/draft/upsert')[1]?.body).toEqual({ id: 41, name: 'Ремонт крыши', facilityId: 15, address: MOSCOW });

  // «Без объекта» unlinks it; the address it filled in stays the application's.
  await user.selectOptions(facilitySelect(), 'Без объекта');
  await waitFor(() => expect(api.callsTo('POST application/draft/upsert')).toHaveLength(3));
  // Only the change goes: the address the draft holds stays.
  expect(api.callsTo('POST application/draft/upsert')[2]?.body).toEqual({ id: 41, name: 'Ремонт крыши', facilityId: null });
});

test('another facility chosen replaces the address the first one filled in, not one typed (QA AAC-4)', async () => {
  const OFFICE = makeFacility({ id: 17, name: 'Офис', address: KAZAN });
  serveApi({ ...lookupRoutes, 'profile/facility/get-collection': () => listAnswer([...FACILITIES, OFFICE], { limit: 100 }) });
  renderForm();
  const user = userEvent.setup();
  await waitFor(() => expect(facilitySelect()).toBeEnabled());
  await user.selectOptions(facilitySelect(), DACHA);
  expect(addressInput()).toHaveValue(MOSCOW.value);

  await user.selectOptions(facilitySelect(), `Офис — ${KAZAN.value}`);
  expect(addressInput()).toHaveValue(KAZAN.value);
  expect(screen.getByText('Адрес заполнен по объекту')).toHaveAttribute('role', 'status');
});

test('a saved draft whose address is its facility’s: another facility chosen brings its own address (QA AAG-2)', async () => {
  const OFFICE = makeFacility({ id: 17, name: 'Офис', address: KAZAN });
  serveApi({
    ...lookupRoutes,
    'profile/facility/get-collection': () => listAnswer([...FACILITIES, OFFICE], { limit: 100 }),
    'application/get': () => ok(lkView({ ...COMPLETE_VIEW, address: MOSCOW, facility: { id: 15, name: 'Дача в Подмосковье' } })),
    'POST application/draft/upsert': draftUpsert,
  });
  renderEdit();
  const user = userEvent.setup();
  await waitFor(() => expect(facilitySelect()).toBeEnabled());
  expect(addressInput()).toHaveValue(MOSCOW.value);

  await user.selectOptions(facilitySelect(), `Офис — ${KAZAN.value}`);
  expect(addressInput()).toHaveValue(KAZAN.value);
  expect(screen.getByText('Адрес заполнен по объекту')).toHaveAttribute('role', 'status');
});

test('an address the user typed is never replaced; application/create carries facilityId', async () => {
  const api = serveApi({ ...lookupRoutes, 'POST application/create': () => ok(makeApplication({ id: 42 }), 'Заявка опубликована') });
  const { location } = renderForm();
  const user = userEvent.setup();
  await fillAllButName(user);
  await waitFor(() => expect(facilitySelect()).toBeEnabled());
  await user.selectOptions(facilitySelect(), DACHA);
  expect(addressInput()).toHaveValue(KAZAN.value);
  expect(screen.queryByText('Адрес заполнен по объекту')).not.toBeInTheDocument();
  // Kept, and said to be: the facility's address is another.
  expect(screen.getByText(ADDRESS_KEPT_NOTICE)).toHaveAttribute('role', 'status');

  fireEvent.change(screen.getByLabelText('Название'), { target: { value: 'Ремонт крыши' } });
  await user.click(screen.getByRole('button', { name: 'Опубликовать' }));

  await waitFor(() => expect(location().pathname).toBe('/lk/application'));
  expect(api.callsTo('POST application/create')[0]?.body).toEqual({ ...FULL_BODY, facilityId: 15, clientKey: A_KEY });
});

test('a facility without an address leaves the address empty', async () => {
  serveApi(lookupRoutes);
  renderForm();
  const user = userEvent.setup();
  await waitFor(() => expect(facilitySelect()).toBeEnabled());
  await user.selectOptions(facilitySelect(), 'Склад');
  expect(facilitySelect()).toHaveValue(String(FACILITIES[1]!.id));
  expect(addressInput()).toHaveValue('');
});

test('without facilities the field says so and leads to the facility form', async () => {
  serveApi({ ...lookupRoutes, 'profile/facility/get-collection': () => listAnswer([], { limit: 100 }) });
  renderForm();

  const link = await screen.findByRole('link', { name: 'добавьте на странице «Мои объекты»' });
  expect(link).toHaveAttribute('href', '/lk/facility/form');
  expect(screen.getByText(/У вас пока нет объектов/)).toBeInTheDocument();
  expect(facilitySelect()).toBeDisabled();
  expect(facilitySelect()).toHaveAccessibleDescription(/У вас пока нет объектов/);
});

test('a failed load says so and loads again on request; the form stays usable', async () => {
  let answer = fail(500, 'Ошибка сервера');
  serveApi({ ...lookupRoutes, 'profile/facility/get-collection': () => answer });
  renderForm();
  const user = userEvent.setup();

  expect(await screen.findByRole('alert')).toHaveTextContent('Не удалось загрузить ваши объекты.');
  expect(facilitySelect()).toHaveValue('');
  expect(screen.getByLabelText('Название')).toBeEnabled();

  answer = listAnswer(FACILITIES, { limit: 100 });
  await user.click(screen.getByRole('button', { name: 'Загрузить снова' }));
  expect(await screen.findByRole('option', { name: DACHA })).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('the edit form shows the saved facility and keeps it on application/update', async () => {
  const api = serveApi({
    ...lookupRoutes,
    'application/get': () =>
      ok(
        lkView({
          ...COMPLETE_VIEW,
          status: 'published',
          facility: { id: 15, name: 'Дача в Подмосковье' },
          allowedActions: ['application/update'],
        }),
      ),
    'POST application/update': () => ok(makeApplication({ id: 41 })),
  });
  const { location } = renderEdit();
  const user = userEvent.setup();

  expect(await screen.findByRole('combobox', { name: 'Объект' })).toHaveValue('15');
  await waitFor(() => expect(facilitySelect()).toBeEnabled());
  expect(facilitySelect()).toHaveDisplayValue(DACHA);
  await user.click(screen.getByRole('button', { name: 'Сохранить изменения' }));

  await waitFor(() => expect(location().pathname).toBe('/lk/application'));
  // Unchanged, it is not sent (not cleared either): the application keeps it.
  expect(api.callsTo('POST application/update')[0]?.body).toEqual({ id: 41 });
});

test('a facility changed in the edit form is sent with application/update; «Без объекта» clears it', async () => {
  const api = serveApi({
    ...lookupRoutes,
    'application/get': () =>
      ok(lkView({ ...COMPLETE_VIEW, status: 'published', facility: { id: 15, name: 'Дача в Подмосковье' }, allowedActions: ['application/update'] })),
    'POST application/update': () => fail(500, 'Сервер недоступен'),
  });
  renderEdit();
  const user = userEvent.setup();
  await waitFor(() => expect(facilitySelect()).toBeEnabled());

  await user.selectOptions(facilitySelect(), 'Склад');
  await user.click(screen.getByRole('button', { name: 'Сохранить изменения' }));
  await waitFor(() => expect(api.callsTo('POST application/update')).toHaveLength(1));
  expect(api.callsTo('POST application/update')[0]?.body).toEqual({ id: 41, facilityId: 16, seen: { facilityId: 15 } });

  await user.selectOptions(facilitySelect(), 'Без объекта');
  await user.click(screen.getByRole('button', { name: 'Сохранить изменения' }));
  await waitFor(() => expect(api.callsTo('POST application/update')).toHaveLength(2));
  expect(api.callsTo('POST application/update')[1]?.body).toEqual({ id: 41, facilityId: null, seen: { facilityId: 15 } });
});
