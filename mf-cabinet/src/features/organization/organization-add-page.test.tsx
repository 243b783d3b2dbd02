import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router-dom';
import { useSessionStore } from 'shared';
import { clickWhileLayoutMoves, fail, ok, renderRoutes, serveApi, setUpPageTests } from 'shared/testing';
import { REQUISITE_MESSAGES } from 'shared/lk';
import { Component as AddPage } from '../../pages/organization-add-page';
import { listed, makeOrganization, ME, orgProfile, PARTY, SBER_ADDRESS, signIn } from './testing/fixtures';

// Forms typed key by key under jsdom are slow on a shared CI machine.
jest.setTimeout(20_000);

const toasts = setUpPageTests(() => signIn([{ id: 11, type: 'customer', name: 'Иван Петров' }], 11));

const ListStandIn = () => <p>Список организаций</p>;
const renderAdd = () =>
  renderRoutes(
    [
      { path: '/lk/organization/add', Component: AddPage },
      { path: '/lk/organization', Component: ListStandIn },
    ],
    '/lk/organization/add',
  );

/** The server's side of creating: the organisation becomes the active profile. */
function serveCreate(routes: Parameters<typeof serveApi>[0] = {}) {
  const created = makeOrganization({ id: 30, name: PARTY.name });
  return serveApi({
    'POST organization/create': () =>
      ok({ profile: orgProfile(created), organization: created, user: { ...ME, activeProfileId: 30 } }, 'Организация добавлена'),
    'GET user/get/token': () => ok({ ...ME, activeProfileId: 30 }),
    'GET user/profile/list': () => ok({ items: [orgProfile(created)] }),
    'GET organization/get-collection': () => ok({ items: [listed(created)] }),
    ...routes,
  });
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

test('«Найти по ИНН» fills the form from DaData, and creating makes the organisation active and leads to the list', async () => {
  const api = serveCreate({ 'GET organization/get-dadata': () => ok(PARTY) });
  const { location } = renderAdd();
  const user = userEvent.setup();

  await user.type(field('ИНН'), '77-0708 3893');
  expect(field('ИНН')).toHaveValue('7707083893');
  await user.click(screen.getByRole('button', { name: 'Найти по ИНН' }));

  expect(await screen.findByText('Данные заполнены по ИНН — проверьте их')).toBeInTheDocument();
  expect(screen.getByText('Президент, председатель правления: Греф Герман Оскарович')).toBeInTheDocument();
  expect(api.callsTo('GET organization/get-dadata')[0]?.query.get('inn')).toBe('7707083893');
  expect(field('Название')).toHaveValue('ПАО СБЕРБАНК');
  expect(field('КПП')).toHaveValue('773601001');
  expect(field('ОГРН')).toHaveValue('1027700132195');
  expect(field('Юридический адрес')).toHaveValue(SBER_ADDRESS.value);

  await user.click(screen.getByRole('button', { name: 'Добавить организацию' }));

  await waitFor(() => expect(location().pathname).toBe('/lk/organization'));
  expect(api.callsTo('POST organization/create')[0]?.body).toEqual({
    inn: '7707083893',
    name: 'ПАО СБЕРБАНК',
    kpp: '773601001',
    ogrn: '1027700132195',
    // The looked-up address goes back whole, with its city and coordinates.
    address: SBER_ADDRESS,
    description: null,
  });
  expect(toasts).toContainEqual({ type: 'success', message: 'Организация добавлена' });
  expect(useSessionStore.getState().activeProfile).toMatchObject({ id: 30, type: 'organization' });
  await waitFor(() => expect(api.callsTo('GET user/profile/list').length).toBeGreaterThan(0));
});

test('once created, the focus goes to the organisations page’s start, not to the body the busy button left it on', async () => {
  serveCreate({ 'GET organization/get-dadata': () => ok(PARTY) });
  // In the app's layout: each page's start is its heading inside <main>.
  renderRoutes(
    [
      { path: '/lk/organization/add', Component: () => <main><AddPage /></main> },
      { path: '/lk/organization', Component: () => <main><h1>Организации</h1></main> },
    ],
    '/lk/organization/add',
  );
  const user = userEvent.setup();
  await user.type(field('ИНН'), '7707083893');
  await user.type(field('Название'), 'ПАО СБЕРБАНК');
  await user.keyboard('{Enter}');

  expect(await screen.findByRole('heading', { level: 1, name: 'Организации' })).toHaveFocus();
});

test('Back from the organisations page it led to goes to the page before the form, not to an empty form that would add the organisation twice', async () => {
  serveCreate();
  const Before = () => <Link to="/lk/organization/add">Добавить организацию</Link>;
  const { location, go } = renderRoutes(
    [
      { path: '/lk/profile', Component: Before },
      { path: '/lk/organization/add', Component: AddPage },
      { path: '/lk/organization', Component: ListStandIn },
    ],
    '/lk/profile',
  );
  const user = userEvent.setup();
  await user.click(screen.getByRole('link', { name: 'Добавить организацию' }));
  await user.type(field('ИНН'), '7707083893');
  await user.type(field('Название'), 'ООО «Ромашка»');
  await user.click(screen.getByRole('button', { name: 'Добавить организацию' }));
  await waitFor(() => expect(location().pathname).toBe('/lk/organization'));

  await go(-1);
  expect(location().pathname).toBe('/lk/profile');
  expect(screen.queryByRole('form', { name: 'Новая организация' })).not.toBeInTheDocument();
});

describe('sent on from the profile page by the profile guard (`?redirect=`)', () => {
  const AskedFor = () => <main><h1>Услуги</h1></main>;
  const renderAddFrom = (entry: string) =>
    renderRoutes(
      [
        { path: '/lk/organization/add', Component: () => <main><AddPage /></main> },
        { path: '/lk/organization', Component: ListStandIn },
        { path: '/lk/service', Component: AskedFor },
      ],
      entry,
    );
  async function addOrganization() {
    const user = userEvent.setup();
    await user.type(field('ИНН'), '7707083893');
    await user.type(field('Название'), 'ООО «Ромашка»');
    await user.click(screen.getByRole('button', { name: 'Добавить организацию' }));
  }

  beforeEach(() => signIn([], null));

  test('the organisation, now the active profile, leads on to the page asked for, whose start takes the focus', async () => {
    serveCreate();
    const { location } = renderAddFrom('/lk/organization/add?redirect=%2Flk%2Fservice%3Fpage%3D2');
    await addOrganization();

    await waitFor(() => expect(location().pathname).toBe('/lk/service'));
    expect(location().search).toBe('?page=2');
    expect(screen.getByRole('heading', { level: 1, name: 'Услуги' })).toHaveFocus();
    expect(toasts).toContainEqual({ type: 'success', message: 'Организация добавлена' });
  });

  test('a page of another site is not followed: the list of organisations, as without it', async () => {
    serveCreate();
    const { location } = renderAddFrom('/lk/organization/add?redirect=%2F%2Fevil.example');
    await addOrganization();
    await waitFor(() => expect(location().pathname).toBe('/lk/organization'));
  });
});

test('a 404 lookup asks for the data by hand, and the hand-filled organisation is created', async () => {
  const api = serveCreate({ 'GET organization/get-dadata': () => fail(404, 'Поиск организации по ИНН недоступен: заполните данные вручную') });
  renderAdd();
  const user = userEvent.setup();

  await user.type(field('ИНН'), '7707083893');
  await user.click(screen.getByRole('button', { name: 'Найти по ИНН' }));

  const notice = (await screen.findByText('Поиск организации по ИНН недоступен: заполните данные вручную')).closest('[role="status"]');
  expect(notice).not.toBeNull();
  expect(field('Название')).toHaveValue('');

  await user.type(field('Название'), 'ООО «Ромашка»');
  await user.type(field('Юридический адрес'), 'г. Казань, ул. Баумана, д. 1');
  await user.click(screen.getByRole('button', { name: 'Добавить организацию' }));

  await waitFor(() => expect(api.callsTo('POST organization/create')).toHaveLength(1));
  expect(api.callsTo('POST organization/create')[0]?.body).toEqual({
    inn: '7707083893',
    name: 'ООО «Ромашка»',
    kpp: null,
    ogrn: null,
    address: { value: 'г. Казань, ул. Баумана, д. 1', cityFiasId: null, geoLat: null, geoLon: null },
    description: null,
  });
});

test('a city chosen in «Город» goes with the hand-filled organisation, apart from its address', async () => {
  const kazan = { value: 'Респ Татарстан, г Казань', cityFiasId: '93b3df57-4c89-44df-ac42-96f05e9cd3b9', geoLat: 55.79, geoLon: 49.11 };
  const api = serveCreate({ 'GET user/address/search': () => ok({ items: [kazan] }) });
  renderAdd();
  const user = userEvent.setup();

  await user.type(field('ИНН'), '7707083893');
  await user.type(field('Название'), 'ООО «Ромашка»');
  await user.type(field('Юридический адрес'), 'г. Казань, ул. Баумана, д. 1');
  await user.type(screen.getByRole('combobox', { name: 'Город' }), 'Каза');
  await user.click(await screen.findByRole('option', { name: kazan.value }));
  await user.click(screen.getByRole('button', { name: 'Добавить организацию' }));

  await waitFor(() => expect(api.callsTo('POST organization/create')).toHaveLength(1));
  expect(api.callsTo('POST organization/create')[0]?.body).toMatchObject({
    address: { value: 'г. Казань, ул. Баумана, д. 1', cityFiasId: null },
    city: kazan,
  });
});

test.each([
  ['the lookup is off', 'Поиск организации по ИНН недоступен: заполните данные вручную'],
  ['nothing is found', 'Организация с таким ИНН не найдена: проверьте ИНН или заполните данные вручную'],
])('when %s, «заполните данные вручную» is said once, in one status, not as a title and again in its text', async (_, said) => {
  serveCreate({ 'GET organization/get-dadata': () => fail(404, said) });
  renderAdd();
  const user = userEvent.setup();
  await user.type(field('ИНН'), '7707083893');
  await user.click(screen.getByRole('button', { name: 'Найти по ИНН' }));

  // Said in the lookup's status, where it is announced from.
  expect((await screen.findByText(said)).closest('[role="status"]')).not.toBeNull();
  // And nowhere else on the page, in the same or other words: not by a title above it either.
  expect((document.body.textContent ?? '').match(/заполните данные вручную/gi)).toHaveLength(1);
});

test('the shared checks judge the numbers as they are typed; a wrong INN is not looked up', async () => {
  const api = serveCreate();
  renderAdd();
  const user = userEvent.setup();

  await user.type(field('ИНН'), '7707083894');
  await user.click(screen.getByRole('button', { name: 'Найти по ИНН' }));
  expect(await screen.findByText('Неверный ИНН: не сходится контрольное число')).toBeInTheDocument();
  expect(field('ИНН')).toHaveAttribute('aria-invalid', 'true');
  expect(api.callsTo('GET organization/get-dadata')).toHaveLength(0);

  await user.clear(field('ИНН'));
  await user.type(field('ИНН'), '7707083893');
  expect(screen.queryByText('Неверный ИНН: не сходится контрольное число')).not.toBeInTheDocument();

  await user.type(field('ОГРН'), '1027700132196');
  await user.tab();
  expect(await screen.findByText('Неверный ОГРН: не сходится контрольное число')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Добавить организацию' }));
  expect(api.callsTo('POST organization/create')).toHaveLength(0);
});

test('an ИНН, КПП or ОГРНИП pasted with spaces (as printed) keeps every digit, and a digit too many is kept and refused: neither the field\'s length nor the mask cuts it', async () => {
  const api = serveCreate();
  renderAdd();
  const user = userEvent.setup();
  const paste = async (label: string, text: string) => {
    await user.click(field(label));
    await user.paste(text);
  };

  await paste('ИНН', '5001 0073 2259');
  expect(field('ИНН')).toHaveValue('500100732259');
  await paste('ОГРН', '3047 7000 0123 453');
  expect(field('ОГРН')).toHaveValue('304770000123453');
  await paste('Название', 'ИП Иванов Иван Иванович');
  await user.tab();
  expect(screen.queryByText(/Неверный ИНН|Неверный ОГРН/)).not.toBeInTheDocument();

  // A KPP belongs to an organisation: pasted for one, it is kept whole too.
  await user.clear(field('ИНН'));
  await paste('ИНН', '7707 0838 93');
  expect(field('ИНН')).toHaveValue('7707083893');
  await paste('КПП', '7736 01 001');
  expect(field('КПП')).toHaveValue('773601001');
  // Longer than the number: kept whole and refused, not cut to a number of the right length (QA AAX-3).
  await user.clear(field('ИНН'));
  await paste('ИНН', '5001 0073 2259 99');
  expect(field('ИНН')).toHaveValue('50010073225999');
  await user.tab();
  expect(await screen.findByText(REQUISITE_MESSAGES.innFormat)).toBeInTheDocument();
  expect(api.callsTo('POST organization/create')).toHaveLength(0);
});

test('«Добавить организацию» pressed right after a wrong number is not lost to the error its blur shows: one click shows every missing field', async () => {
  const api = serveCreate();
  renderAdd();
  const user = userEvent.setup();

  await user.type(field('ИНН'), '7707083893');
  await user.type(field('ОГРН'), '1027700132196');
  await clickWhileLayoutMoves(screen.getByRole('button', { name: 'Добавить организацию' }), 'Неверный ОГРН: не сходится контрольное число');

  // The submit ran: the empty name says so too (the blur alone judges only the ОГРН), and takes the focus.
  expect(await screen.findByText('Укажите название организации')).toBeInTheDocument();
  expect(screen.getByText('Неверный ОГРН: не сходится контрольное число')).toBeInTheDocument();
  expect(field('Название')).toHaveFocus();
  expect(api.callsTo('POST organization/create')).toHaveLength(0);
});

test('a failing lookup says so and leaves the form usable', async () => {
  serveCreate({ 'GET organization/get-dadata': () => fail(502, 'Сервис поиска организаций временно недоступен: попробуйте позже или заполните данные вручную') });
  renderAdd();
  const user = userEvent.setup();

  await user.type(field('ИНН'), '7707083893');
  await user.click(screen.getByRole('button', { name: 'Найти по ИНН' }));

  expect(await screen.findByRole('alert')).toHaveTextContent('Не удалось найти организацию по ИНН');
  expect(screen.getByRole('alert')).toHaveTextContent('Сервис поиска организаций временно недоступен: попробуйте позже или заполните данные вручную');
  expect(field('Название')).toBeEnabled();
  expect(screen.getByRole('button', { name: 'Добавить организацию' })).toBeEnabled();
});

test('an organisation the user directs already (the first answer lost, the form sent again) leads to his organisations, said so (QA I-5)', async () => {
  let calls = 0;
  const mine = 'Эта организация уже есть среди ваших: вы её руководитель';
  const api = serveCreate({
    'POST organization/create': () => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return fail(409, mine, { code: 'organization_yours', errors: { inn: mine } });
    },
  });
  const { location } = renderAdd();
  const user = userEvent.setup();
  await user.type(field('ИНН'), '7707083893');
  await user.type(field('Название'), 'ООО «Ромашка»');
  await user.click(screen.getByRole('button', { name: 'Добавить организацию' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Сервер недоступен');

  await user.click(screen.getByRole('button', { name: 'Добавить организацию' }));

  await waitFor(() => expect(location().pathname).toBe('/lk/organization'));
  expect(toasts).toContainEqual({ type: 'info', message: mine });
  // His profiles read again: the organisation the lost call made (and made active) is among them.
  expect(api.callsTo('GET user/profile/list').length).toBeGreaterThan(0);
});

test("the server's refusal stays on the form with its field errors", async () => {
  serveCreate({
    'POST organization/create': () => fail(409, 'Организация с таким ИНН уже есть', { errors: { inn: 'ИНН уже занят' } }),
  });
  renderAdd();
  const user = userEvent.setup();

  await user.type(field('ИНН'), '7707083893');
  await user.type(field('Название'), 'ООО «Ромашка»');
  await user.click(screen.getByRole('button', { name: 'Добавить организацию' }));

  expect(await screen.findByRole('alert')).toHaveTextContent('Организация с таким ИНН уже есть');
  expect(screen.getByText('ИНН уже занят')).toBeInTheDocument();
});

test('what is typed is not dropped by leaving for another page without a question; the form\'s «Отмена» drops it', async () => {
  serveCreate();
  const { location } = renderAdd();
  const user = userEvent.setup();
  await user.type(field('Название'), 'ООО «Вектор»');

  await user.click(screen.getByRole('link', { name: 'Введите код приглашения' }));
  const dialog = await screen.findByRole('dialog', { name: 'Уйти без сохранения?' });
  expect(dialog).toHaveAccessibleDescription('Данные организации не сохранены и пропадут, если уйти со страницы.');
  await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
  expect(location().pathname).toBe('/lk/organization/add');
  expect(field('Название')).toHaveValue('ООО «Вектор»');

  // «Отмена» opened in a new tab (ctrl-click) leaves nothing here: the edits are still guarded.
  await user.keyboard('{Control>}');
  await user.click(screen.getByRole('link', { name: 'Отмена' }));
  await user.keyboard('{/Control}');
  await user.click(screen.getByRole('link', { name: 'Введите код приглашения' }));
  await user.click(within(await screen.findByRole('dialog', { name: 'Уйти без сохранения?' })).getByRole('button', { name: 'Отмена' }));

  await user.click(screen.getByRole('link', { name: 'Отмена' }));
  await waitFor(() => expect(location().pathname).toBe('/lk/organization'));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('tabbing through the untouched form marks no field invalid; the name typed in and emptied is checked as it is left (QA FFF-2)', async () => {
  serveCreate();
  renderAdd();
  const user = userEvent.setup();

  await user.click(field('ИНН'));
  for (let i = 0; i < 8; i += 1) await user.tab();
  expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
  expect(screen.queryByText('Укажите название организации')).not.toBeInTheDocument();

  await user.type(field('Название'), 'О');
  await user.clear(field('Название'));
  await user.tab();
  expect(await screen.findByText('Укажите название организации')).toBeInTheDocument();
  expect(field('Название')).toHaveAttribute('aria-invalid', 'true');
  expect(field('ИНН')).not.toHaveAttribute('aria-invalid', 'true');
});
