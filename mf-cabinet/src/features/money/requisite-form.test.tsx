import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REQUISITE_MESSAGES } from 'shared/lk';
import { clickWhileLayoutMoves, fail, listAnswer, ok, renderRoutes, setUpPageTests, failsUntilRetried } from 'shared/testing';
import { Component as MoneyPage } from '../../pages/money-page';
import { requisite, RUB, serveMoney, signInAs, USD, VALID } from './testing';

const toasts = setUpPageTests(() => signInAs('executor'));

/** A requisite of the list whose account is not VALID's: VALID may be added beside it. */
const ANOTHER = requisite(5, { account: '40817810199910004313' });

const renderPage = () => renderRoutes([{ path: '/lk/money', Component: MoneyPage }], '/lk/money');

async function openForm() {
  await userEvent.click(await screen.findByRole('button', { name: 'Добавить реквизиты' }));
  return within(await screen.findByRole('dialog', { name: 'Новые реквизиты' }));
}

test("shows the shared checks' messages as one leaves a field: INN, BIC, account key", async () => {
  serveMoney({ 'GET bank-requisite/bank/get': () => fail(404, 'Банк не найден') });
  renderPage();
  const form = await openForm();

  await userEvent.type(form.getByLabelText('ИНН'), '7707083894');
  await userEvent.tab();
  expect(await form.findByText(REQUISITE_MESSAGES.innChecksum)).toBeInTheDocument();
  expect(form.getByLabelText('ИНН')).toHaveAttribute('aria-invalid', 'true');

  await userEvent.type(form.getByLabelText('БИК банка'), '12345');
  await userEvent.tab();
  expect(await form.findByText(REQUISITE_MESSAGES.bicFormat)).toBeInTheDocument();
  await userEvent.clear(form.getByLabelText('БИК банка'));
  await userEvent.type(form.getByLabelText('БИК банка'), VALID.bic);
  await waitFor(() => expect(form.queryByText(REQUISITE_MESSAGES.bicFormat)).not.toBeInTheDocument());

  await userEvent.type(form.getByLabelText('Расчётный счёт'), '40817810999910004312');
  await userEvent.tab();
  expect(await form.findByText(REQUISITE_MESSAGES.accountChecksum)).toBeInTheDocument();
  // 404 of the directory: the bank name stays for the user to type.
  // (the field's hint says it; the status region announces it too, hence not found by text alone)
  await waitFor(() => expect(form.getByLabelText('Название банка')).toHaveAccessibleDescription('Банк не найден в справочнике. Укажите название банка вручную'));
  expect(form.getByLabelText('Название банка')).toBeEnabled();
});

test('masks the numbers: spaces and dashes go; an extra digit or a letter stays and is refused as the field is left (QA AAX-3)', async () => {
  serveMoney();
  renderPage();
  const form = await openForm();
  await userEvent.type(form.getByLabelText('ИНН'), '77-07 08 3893');
  expect(form.getByLabelText('ИНН')).toHaveValue('7707083893');
  await userEvent.type(form.getByLabelText('КПП'), '7736ab001');
  expect(form.getByLabelText('КПП')).toHaveValue('7736AB001');

  await userEvent.clear(form.getByLabelText('ИНН'));
  await userEvent.type(form.getByLabelText('ИНН'), '5001007322591');
  await userEvent.tab();
  expect(form.getByLabelText('ИНН')).toHaveValue('5001007322591');
  expect(await form.findByText(REQUISITE_MESSAGES.innFormat)).toBeInTheDocument();

  await userEvent.type(form.getByLabelText('Расчётный счёт'), '4081781000000000123O');
  await userEvent.tab();
  expect(form.getByLabelText('Расчётный счёт')).toHaveValue('4081781000000000123O');
  expect(await form.findByText(REQUISITE_MESSAGES.accountFormat)).toBeInTheDocument();
});

test('an edit inside a number keeps the caret after what was typed: a KPP letter, a space (QA AAY-1)', async () => {
  serveMoney();
  renderPage();
  const form = await openForm();
  await userEvent.type(form.getByLabelText('КПП'), '7701001{ArrowLeft}{ArrowLeft}{ArrowLeft}ав');
  expect(form.getByLabelText('КПП')).toHaveValue('7701AB001');
  await userEvent.type(form.getByLabelText('Расчётный счёт'), '4070281000000007{ArrowLeft}{ArrowLeft}{ArrowLeft} 0000');
  expect(form.getByLabelText('Расчётный счёт')).toHaveValue('40702810000000000007');
});

test('a number pasted with spaces (as a bank prints it) keeps all its digits', async () => {
  serveMoney();
  renderPage();
  const form = await openForm();
  // The field's length is the number's: the spaces of a printed "4081 7810 …" are not counted against it.
  await userEvent.click(form.getByLabelText('Расчётный счёт'));
  await userEvent.paste('4081 7810 8999 1000 4312');
  expect(form.getByLabelText('Расчётный счёт')).toHaveValue(VALID.account);
  await userEvent.click(form.getByLabelText('ИНН'));
  await userEvent.paste('7707 083 893');
  expect(form.getByLabelText('ИНН')).toHaveValue(VALID.inn);
  await userEvent.click(form.getByLabelText('БИК банка'));
  await userEvent.paste('04 45 25 225');
  expect(form.getByLabelText('БИК банка')).toHaveValue(VALID.bic);
});

test('fills the bank from the BIC directory and submits valid requisites', async () => {
  // The list holds another account: the same one twice is refused before it is sent (below).
  const api = serveMoney(
    {
      'GET bank-requisite/bank/get': () => ok({ bic: VALID.bic, bankName: 'ПАО Сбербанк', correspondentAccount: VALID.correspondentAccount }),
      'POST bank-requisite/create': () => ok(requisite(6), 'Реквизиты добавлены'),
    },
    { requisites: [ANOTHER] },
  );
  renderPage();
  const form = await openForm();
  expect(form.getByLabelText('Валюта')).toHaveValue(String(RUB.id));
  await userEvent.type(form.getByLabelText('Получатель'), VALID.recipientName);
  await userEvent.type(form.getByLabelText('ИНН'), VALID.inn);
  await userEvent.type(form.getByLabelText('БИК банка'), VALID.bic);
  await waitFor(() => expect(form.getByLabelText('Название банка')).toHaveValue('ПАО Сбербанк'));
  expect(form.getByLabelText('Корреспондентский счёт')).toHaveValue(VALID.correspondentAccount);
  await userEvent.type(form.getByLabelText('Расчётный счёт'), VALID.account);
  await userEvent.click(form.getByRole('button', { name: 'Добавить' }));

  await waitFor(() => expect(toasts).toContainEqual({ type: 'success', message: 'Реквизиты добавлены' }));
  expect(api.callsTo('bank-requisite/bank/get')[0]?.query.get('bic')).toBe(VALID.bic);
  expect(api.callsTo('POST bank-requisite/create')[0]?.body).toEqual({ ...VALID, kpp: null, bankName: 'ПАО Сбербанк', currencyId: RUB.id });
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('from the empty state: after the save the new card takes the focus (the «Добавить реквизиты» that opened the form is gone)', async () => {
  let saved = false;
  serveMoney(
    {
      'GET bank-requisite/get-collection': () => listAnswer(saved ? [requisite(6)] : [], { limit: 50 }),
      'POST bank-requisite/create': () => {
        saved = true;
        return ok(requisite(6), 'Реквизиты добавлены');
      },
    },
    { requisites: [] },
  );
  renderPage();
  const form = await openForm();
  await userEvent.type(form.getByLabelText('Получатель'), VALID.recipientName);
  await userEvent.type(form.getByLabelText('ИНН'), VALID.inn);
  await userEvent.type(form.getByLabelText('БИК банка'), VALID.bic);
  await userEvent.type(form.getByLabelText('Корреспондентский счёт'), VALID.correspondentAccount);
  await userEvent.type(form.getByLabelText('Расчётный счёт'), VALID.account);
  await userEvent.click(form.getByRole('button', { name: 'Добавить' }));

  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  const card = screen.getByRole('article', { name: requisite(6).recipientName });
  await waitFor(() => expect(document.activeElement).toBe(within(card).getByRole('heading')));
});

test("a rouble account with the currency set to dollars: the account says so, and nothing is sent until they agree", async () => {
  const api = serveMoney({
    'GET bank-requisite/bank/get': () => ok({ bic: VALID.bic, bankName: 'ПАО Сбербанк', correspondentAccount: VALID.correspondentAccount }),
    'POST bank-requisite/create': () => ok(requisite(6, { currency: USD }), 'Реквизиты добавлены'),
  });
  renderPage();
  const form = await openForm();
  await userEvent.type(form.getByLabelText('Получатель'), VALID.recipientName);
  await userEvent.type(form.getByLabelText('ИНН'), VALID.inn);
  await userEvent.type(form.getByLabelText('БИК банка'), VALID.bic);
  await waitFor(() => expect(form.getByLabelText('Корреспондентский счёт')).toHaveValue(VALID.correspondentAccount));
  await userEvent.type(form.getByLabelText('Расчётный счёт'), VALID.account);
  await userEvent.selectOptions(form.getByLabelText('Валюта'), String(USD.id));
  await userEvent.tab();
  const message = 'Счёт не в выбранной валюте: 6–8-я цифры счёта — код валюты, для USD это 840';
  expect(await form.findByText(message)).toBeInTheDocument();
  await userEvent.click(form.getByRole('button', { name: 'Добавить' }));
  expect(form.getByLabelText('Расчётный счёт')).toHaveAttribute('aria-invalid', 'true');
  expect(api.callsTo('POST bank-requisite/create')).toHaveLength(0);

  const dollarAccount = '40817840199910004312';
  await userEvent.clear(form.getByLabelText('Расчётный счёт'));
  await userEvent.type(form.getByLabelText('Расчётный счёт'), dollarAccount);
  await waitFor(() => expect(form.queryByText(message)).not.toBeInTheDocument());
  await userEvent.click(form.getByRole('button', { name: 'Добавить' }));
  await waitFor(() => expect(api.callsTo('POST bank-requisite/create')[0]?.body).toMatchObject({ account: dollarAccount, currencyId: USD.id }));
});

test("submits a typed correspondent account and shows the server's field errors", async () => {
  const api = serveMoney(
    {
      'GET bank-requisite/bank/get': () => fail(404, 'Справочник банков не подключён'),
      'POST bank-requisite/create': () => fail(422, 'Проверьте реквизиты', { errors: { account: 'Счёт уже добавлен' } }),
    },
    { requisites: [ANOTHER] },
  );
  renderPage();
  const form = await openForm();
  await userEvent.type(form.getByLabelText('Получатель'), VALID.recipientName);
  await userEvent.type(form.getByLabelText('ИНН'), VALID.inn);
  await userEvent.type(form.getByLabelText('БИК банка'), VALID.bic);
  await userEvent.type(form.getByLabelText('Название банка'), 'Мой банк');
  await userEvent.type(form.getByLabelText('Корреспондентский счёт'), VALID.correspondentAccount);
  await userEvent.type(form.getByLabelText('Расчётный счёт'), VALID.account);
  await userEvent.click(form.getByRole('button', { name: 'Добавить' }));

  expect(await form.findByText('Счёт уже добавлен', { selector: '.ui-field__error' })).toBeInTheDocument();
  expect(form.getByRole('alert')).toHaveTextContent('Проверьте реквизиты');
  expect(api.callsTo('POST bank-requisite/create')[0]?.body).toMatchObject({ bankName: 'Мой банк', correspondentAccount: VALID.correspondentAccount });
});

test('an empty form is not sent: every required field says what is missing', async () => {
  const api = serveMoney();
  renderPage();
  const form = await openForm();
  await userEvent.click(form.getByRole('button', { name: 'Добавить' }));
  expect(await form.findByText(REQUISITE_MESSAGES.innRequired)).toBeInTheDocument();
  expect(form.getByText(REQUISITE_MESSAGES.bicRequired)).toBeInTheDocument();
  expect(form.getByText(REQUISITE_MESSAGES.accountRequired)).toBeInTheDocument();
  expect(api.callsTo('POST bank-requisite/create')).toEqual([]);
});

test('edits a requisite with PUT bank-requisite/update {id, ...}', async () => {
  const api = serveMoney({ 'PUT bank-requisite/update': () => ok(requisite(5, { recipientName: 'ИП Петров' }), 'Реквизиты сохранены') });
  renderPage();
  await userEvent.click(await screen.findByRole('button', { name: 'Изменить реквизиты «Иван Петров», счёт 40817810899910004312' }));
  const form = within(await screen.findByRole('dialog', { name: 'Изменить реквизиты' }));
  expect(form.getByLabelText('ИНН')).toHaveValue(VALID.inn);
  await userEvent.clear(form.getByLabelText('Получатель'));
  await userEvent.type(form.getByLabelText('Получатель'), 'ИП Петров');
  await userEvent.click(form.getByRole('button', { name: 'Сохранить' }));
  await waitFor(() => expect(toasts).toContainEqual({ type: 'success', message: 'Реквизиты сохранены' }));
  expect(api.callsTo('PUT bank-requisite/update')[0]?.body).toEqual({ id: 5, ...VALID, recipientName: 'ИП Петров', kpp: null, bankName: 'ПАО Сбербанк', currencyId: RUB.id });
});

test("a new BIC on edit brings the new bank's name and correspondent account; the directory's answer for the old BIC changes nothing", async () => {
  const api = serveMoney({
    'GET bank-requisite/bank/get': (url) =>
      url.searchParams.get('bic') === VALID.bic
        ? ok({ bic: VALID.bic, bankName: 'ПАО СБЕРБАНК', correspondentAccount: VALID.correspondentAccount })
        : ok({ bic: '044525974', bankName: 'АО «ТБанк»', correspondentAccount: '30101810145250000974' }),
  });
  renderPage();
  await userEvent.click(await screen.findByRole('button', { name: 'Изменить реквизиты «Иван Петров», счёт 40817810899910004312' }));
  const form = within(await screen.findByRole('dialog', { name: 'Изменить реквизиты' }));
  await waitFor(() => expect(api.callsTo('bank-requisite/bank/get')).toHaveLength(1));
  expect(form.getByLabelText('Название банка')).toHaveValue('ПАО Сбербанк');

  await userEvent.clear(form.getByLabelText('БИК банка'));
  await userEvent.type(form.getByLabelText('БИК банка'), '044525974');
  await waitFor(() => expect(form.getByLabelText('Название банка')).toHaveValue('АО «ТБанк»'));
  expect(form.getByLabelText('Корреспондентский счёт')).toHaveValue('30101810145250000974');
});

test("a server error on a field is shown there once, not in the form's alert too", async () => {
  const message = 'Этот счёт уже добавлен';
  const api = serveMoney(
    {
      'GET bank-requisite/bank/get': () => ok({ bic: VALID.bic, bankName: 'ПАО Сбербанк', correspondentAccount: VALID.correspondentAccount }),
      'POST bank-requisite/create': () => fail(409, message, { errors: { account: message } }),
    },
    { requisites: [ANOTHER] },
  );
  renderPage();
  const form = await openForm();
  await userEvent.type(form.getByLabelText('Получатель'), VALID.recipientName);
  await userEvent.type(form.getByLabelText('ИНН'), VALID.inn);
  await userEvent.type(form.getByLabelText('БИК банка'), VALID.bic);
  await waitFor(() => expect(form.getByLabelText('Название банка')).toHaveValue('ПАО Сбербанк'));
  await userEvent.type(form.getByLabelText('Расчётный счёт'), VALID.account);
  await userEvent.click(form.getByRole('button', { name: 'Добавить' }));

  await waitFor(() => expect(form.getByLabelText('Расчётный счёт')).toHaveAccessibleDescription(`20 цифр ${message}`));
  expect(form.getByLabelText('Расчётный счёт')).toHaveAttribute('aria-invalid', 'true');
  // Once at the field (the field kept the focus through the press: its status line says it too).
  expect(form.getAllByText(message).filter((element) => !element.closest('[role="status"]'))).toHaveLength(1);
  expect(form.queryByRole('alert')).not.toBeInTheDocument();
  expect(api.callsTo('POST bank-requisite/create')).toHaveLength(1);
});

test('editing a requisite into one added meanwhile elsewhere (not in the loaded list): the API refuses the same account twice, at «Расчётный счёт», which takes the focus; changing it clears the error', async () => {
  const message = 'Этот расчётный счёт в этом банке уже добавлен в реквизиты';
  const other = '40817810199910004313';
  const api = serveMoney(
    { 'PUT bank-requisite/update': () => fail(409, message, { code: 'requisite_exists', errors: { account: message } }) },
    { requisites: [requisite(6, { recipientName: 'Второй', account: other })] },
  );
  renderPage();
  await userEvent.click(await screen.findByRole('button', { name: `Изменить реквизиты «Второй», счёт ${other}` }));
  const form = within(await screen.findByRole('dialog', { name: 'Изменить реквизиты' }));
  const account = form.getByLabelText('Расчётный счёт');
  await userEvent.clear(account);
  await userEvent.type(account, VALID.account);
  await userEvent.click(form.getByRole('button', { name: 'Сохранить' }));

  await waitFor(() => expect(account).toHaveAccessibleDescription(`20 цифр ${message}`));
  expect(account).toHaveAttribute('aria-invalid', 'true');
  expect(account).toHaveFocus();
  expect(form.queryByRole('alert')).not.toBeInTheDocument();
  expect(api.callsTo('PUT bank-requisite/update')[0]?.body).toMatchObject({ id: 6, account: VALID.account });
  expect(screen.getByRole('dialog', { name: 'Изменить реквизиты' })).toBeInTheDocument();

  await userEvent.clear(account);
  await userEvent.type(account, other);
  await waitFor(() => expect(account).toHaveAccessibleDescription('20 цифр'));
});

test("a new BIC the directory does not know clears the previous bank's name and correspondent account and says the bank was not found; a typed name stays", async () => {
  const UNKNOWN = '044525974';
  const ALSO_UNKNOWN = '044525593';
  serveMoney({
    'GET bank-requisite/bank/get': (url) =>
      url.searchParams.get('bic') === VALID.bic
        ? ok({ bic: VALID.bic, bankName: 'ПАО Сбербанк', correspondentAccount: VALID.correspondentAccount })
        : fail(404, 'Банк не найден'),
  });
  renderPage();
  const form = await openForm();
  await userEvent.type(form.getByLabelText('БИК банка'), VALID.bic);
  await waitFor(() => expect(form.getByLabelText('Название банка')).toHaveValue('ПАО Сбербанк'));
  expect(form.getByLabelText('Корреспондентский счёт')).toHaveValue(VALID.correspondentAccount);

  await userEvent.clear(form.getByLabelText('БИК банка'));
  await userEvent.type(form.getByLabelText('БИК банка'), UNKNOWN);
  await waitFor(() => expect(form.getByLabelText('Название банка')).toHaveValue(''));
  expect(form.getByLabelText('Корреспондентский счёт')).toHaveValue('');
  expect(form.getByLabelText('Название банка')).toHaveAccessibleDescription('Банк не найден в справочнике. Укажите название банка вручную');

  // What the user types is theirs: another unknown BIC leaves it.
  await userEvent.type(form.getByLabelText('Название банка'), 'Мой банк');
  await userEvent.clear(form.getByLabelText('БИК банка'));
  await userEvent.type(form.getByLabelText('БИК банка'), ALSO_UNKNOWN);
  await waitFor(() => expect(form.getByLabelText('Название банка')).toHaveAccessibleDescription('Банк не найден в справочнике. Укажите название банка вручную'));
  expect(form.getByLabelText('Название банка')).toHaveValue('Мой банк');
});

test('a name the user typed, kept over a BIC the directory knows, is not called the directory\'s: the hint says whose it is and names the directory\'s', async () => {
  serveMoney({
    'GET bank-requisite/bank/get': (url) =>
      url.searchParams.get('bic') === VALID.bic ? ok({ bic: VALID.bic, bankName: 'ПАО Сбербанк', correspondentAccount: VALID.correspondentAccount }) : fail(404, 'Банк не найден'),
  });
  renderPage();
  const form = await openForm();
  const bankName = form.getByLabelText('Название банка');
  await userEvent.type(form.getByLabelText('БИК банка'), '049999999');
  await waitFor(() => expect(bankName).toHaveAccessibleDescription('Банк не найден в справочнике. Укажите название банка вручную'));
  await userEvent.type(bankName, 'Мой банк');

  await userEvent.clear(form.getByLabelText('БИК банка'));
  await userEvent.type(form.getByLabelText('БИК банка'), VALID.bic);
  await waitFor(() => expect(bankName).toHaveAccessibleDescription('Указано ваше название; по справочнику БИК — «ПАО Сбербанк»'));
  expect(bankName).toHaveValue('Мой банк');

  // The directory's name typed in (or back): it is the directory's again.
  await userEvent.clear(bankName);
  expect(bankName).toHaveAccessibleDescription('По справочнику БИК — «ПАО Сбербанк»');
  await userEvent.type(bankName, 'ПАО Сбербанк');
  expect(bankName).toHaveAccessibleDescription('Заполнено по справочнику БИК, можно изменить');
});

test("editing: a new BIC the directory does not know clears the saved bank's name", async () => {
  serveMoney({
    'GET bank-requisite/bank/get': (url) =>
      url.searchParams.get('bic') === VALID.bic ? ok({ bic: VALID.bic, bankName: 'ПАО Сбербанк', correspondentAccount: VALID.correspondentAccount }) : fail(404, 'Банк не найден'),
  });
  renderPage();
  await userEvent.click(await screen.findByRole('button', { name: 'Изменить реквизиты «Иван Петров», счёт 40817810899910004312' }));
  const form = within(await screen.findByRole('dialog', { name: 'Изменить реквизиты' }));
  expect(form.getByLabelText('Название банка')).toHaveValue('ПАО Сбербанк');
  await userEvent.clear(form.getByLabelText('БИК банка'));
  await userEvent.type(form.getByLabelText('БИК банка'), '044525974');
  await waitFor(() => expect(form.getByLabelText('Название банка')).toHaveValue(''));
  expect(form.getByLabelText('Корреспондентский счёт')).toHaveValue('');
});

test("editing: a BIC changed and typed back brings the saved bank's name and correspondent account back, not the other bank's (QA AAX-1)", async () => {
  const VTB = { bic: '044525187', bankName: 'Банк ВТБ (ПАО)', correspondentAccount: '30101810700000000187' };
  serveMoney({
    'GET bank-requisite/bank/get': (url) =>
      url.searchParams.get('bic') === VTB.bic ? ok(VTB) : ok({ bic: VALID.bic, bankName: 'ПАО Сбербанк', correspondentAccount: VALID.correspondentAccount }),
  });
  renderPage();
  await userEvent.click(await screen.findByRole('button', { name: 'Изменить реквизиты «Иван Петров», счёт 40817810899910004312' }));
  const form = within(await screen.findByRole('dialog', { name: 'Изменить реквизиты' }));
  const bic = form.getByLabelText('БИК банка');
  const bankName = form.getByLabelText('Название банка');
  const correspondent = form.getByLabelText('Корреспондентский счёт');

  await userEvent.clear(bic);
  await userEvent.type(bic, VTB.bic);
  await waitFor(() => expect(bankName).toHaveValue(VTB.bankName));
  expect(correspondent).toHaveValue(VTB.correspondentAccount);

  await userEvent.clear(bic);
  await userEvent.type(bic, VALID.bic);
  await waitFor(() => expect(bankName).toHaveValue('ПАО Сбербанк'));
  expect(correspondent).toHaveValue(VALID.correspondentAccount);
  expect(bankName).toHaveAccessibleDescription('Заполнено по справочнику БИК, можно изменить');

  // A name the user typed over the other bank's stays his when the saved BIC comes back.
  await userEvent.clear(bic);
  await userEvent.type(bic, VTB.bic);
  await waitFor(() => expect(bankName).toHaveValue(VTB.bankName));
  await userEvent.clear(bankName);
  await userEvent.type(bankName, 'Мой банк');
  await userEvent.clear(bic);
  await userEvent.type(bic, VALID.bic);
  await waitFor(() => expect(correspondent).toHaveValue(VALID.correspondentAccount));
  expect(bankName).toHaveValue('Мой банк');
});

test('announces the bank found by the BIC (or that it is not found) politely, once: not on each keystroke, not on opening a saved one', async () => {
  serveMoney({
    'GET bank-requisite/bank/get': (url) =>
      url.searchParams.get('bic') === VALID.bic ? ok({ bic: VALID.bic, bankName: 'ПАО Сбербанк', correspondentAccount: VALID.correspondentAccount }) : fail(404, 'Банк не найден'),
  });
  renderPage();
  const form = await openForm();
  const status = form.getAllByRole('status').find((node) => node.closest('form'))!;
  expect(status).toHaveTextContent(/^$/);

  await userEvent.type(form.getByLabelText('БИК банка'), VALID.bic.slice(0, 8));
  expect(status).toHaveTextContent(/^$/);
  await userEvent.type(form.getByLabelText('БИК банка'), VALID.bic.slice(8));
  await waitFor(() => expect(status).toHaveTextContent(/^Банк: ПАО Сбербанк$/));

  // Typing elsewhere does not touch the region: nothing is said again.
  const changes: MutationRecord[] = [];
  const observer = new MutationObserver((records) => changes.push(...records));
  observer.observe(status, { childList: true, subtree: true, characterData: true });
  await userEvent.type(form.getByLabelText('Расчётный счёт'), VALID.account);
  await userEvent.type(form.getByLabelText('Получатель'), VALID.recipientName);
  observer.disconnect();
  expect(changes).toEqual([]);
  expect(status).toHaveTextContent(/^Банк: ПАО Сбербанк$/);

  await userEvent.clear(form.getByLabelText('БИК банка'));
  await userEvent.type(form.getByLabelText('БИК банка'), '044525999');
  await waitFor(() => expect(status).toHaveTextContent(/^Банк не найден в справочнике. Укажите название банка вручную$/));
  await userEvent.click(form.getByRole('button', { name: 'Отмена' }));

  // Changing a saved requisite: its own bank is not announced on opening.
  await userEvent.click(await screen.findByRole('button', { name: 'Изменить реквизиты «Иван Петров», счёт 40817810899910004312' }));
  const edit = within(await screen.findByRole('dialog', { name: 'Изменить реквизиты' }));
  await waitFor(() => expect(edit.getByLabelText('Название банка')).toHaveAccessibleDescription('Заполнено по справочнику БИК, можно изменить'));
  expect(edit.getAllByRole('status').find((node) => node.closest('form'))).toHaveTextContent(/^$/);
});

test('a field left for «Добавить» with one press: its error on blur does not move the button away, the click submits and every field says what is missing', async () => {
  const api = serveMoney();
  renderPage();
  const form = await openForm();
  await userEvent.type(form.getByLabelText('ИНН'), '123');
  await clickWhileLayoutMoves(form.getByRole('button', { name: 'Добавить' }), REQUISITE_MESSAGES.innFormat);
  // The click was not lost: the submit checked every field, not only the one just left.
  expect(await form.findByText(REQUISITE_MESSAGES.bicRequired)).toBeInTheDocument();
  expect(form.getByText(REQUISITE_MESSAGES.accountRequired)).toBeInTheDocument();
  expect(form.getByText(REQUISITE_MESSAGES.innFormat)).toBeInTheDocument();
  expect(form.getByLabelText('Получатель')).toHaveFocus();
  expect(api.callsTo('POST bank-requisite/create')).toEqual([]);
});

test.each([
  ['the directory is down (503)', () => fail(503, 'Справочник банков сейчас недоступен. Укажите название банка вручную')],
  ['the server is not reached', () => Promise.reject(new TypeError('Failed to fetch'))],
])('when %s, the BIC is not called unknown: the bank name is asked for by hand, for what it is', async (_, answer) => {
  serveMoney({ 'GET bank-requisite/bank/get': answer });
  renderPage();
  const form = await openForm();
  await userEvent.type(form.getByLabelText('БИК банка'), VALID.bic);

  const said = 'Справочник банков сейчас недоступен. Укажите название банка вручную';
  await waitFor(() => expect(form.getByLabelText('Название банка')).toHaveAccessibleDescription(said));
  // Announced once, politely, as the other answers of the directory are.
  expect(form.getAllByRole('status').find((node) => node.closest('form'))).toHaveTextContent(new RegExp(`^${said}$`));
  expect(form.queryByText(/не найден/)).not.toBeInTheDocument();
  expect(form.getByLabelText('Название банка')).toBeEnabled();
});

const DUPLICATE = 'Этот расчётный счёт в этом банке уже добавлен в реквизиты';

test('an account of a bank already in the list is refused at «Расчётный счёт» as it is typed, in the API\'s words, said politely; «Добавить» sends nothing and goes to the field; another account clears it', async () => {
  const api = serveMoney({
    'GET bank-requisite/bank/get': () => ok({ bic: VALID.bic, bankName: 'ПАО Сбербанк', correspondentAccount: VALID.correspondentAccount }),
    'POST bank-requisite/create': () => ok(requisite(6), 'Реквизиты добавлены'),
  });
  renderPage();
  const form = await openForm();
  await userEvent.type(form.getByLabelText('Получатель'), VALID.recipientName);
  await userEvent.type(form.getByLabelText('ИНН'), VALID.inn);
  await userEvent.type(form.getByLabelText('БИК банка'), VALID.bic);
  await waitFor(() => expect(form.getByLabelText('Название банка')).toHaveValue('ПАО Сбербанк'));
  const account = form.getByLabelText('Расчётный счёт');
  await userEvent.type(account, VALID.account);

  // Still in the field, not yet left: the warning is there and heard.
  expect(account).toHaveFocus();
  await waitFor(() => expect(account).toHaveAccessibleDescription(`20 цифр ${DUPLICATE}`));
  expect(account).toHaveAttribute('aria-invalid', 'true');
  expect(form.getAllByRole('status').some((node) => node.textContent === DUPLICATE)).toBe(true);

  await userEvent.click(form.getByRole('button', { name: 'Добавить' }));
  await waitFor(() => expect(account).toHaveFocus());
  expect(api.callsTo('POST bank-requisite/create')).toEqual([]);
  expect(form.queryByRole('alert')).not.toBeInTheDocument();

  await userEvent.clear(account);
  await userEvent.type(account, '40817810199910004313');
  await waitFor(() => expect(account).toHaveAccessibleDescription('20 цифр'));
  expect(form.getAllByRole('status').some((node) => node.textContent === DUPLICATE)).toBe(false);
  await userEvent.click(form.getByRole('button', { name: 'Добавить' }));
  await waitFor(() => expect(api.callsTo('POST bank-requisite/create')[0]?.body).toMatchObject({ account: '40817810199910004313', bic: VALID.bic }));
});

test('the same account typed before the BIC: the warning comes when the bank makes it the same; another bank clears it', async () => {
  serveMoney({ 'GET bank-requisite/bank/get': () => fail(404, 'Банк не найден') });
  renderPage();
  const form = await openForm();
  const account = form.getByLabelText('Расчётный счёт');
  await userEvent.type(account, VALID.account);
  await userEvent.type(form.getByLabelText('БИК банка'), VALID.bic);
  await waitFor(() => expect(account).toHaveAccessibleDescription(`20 цифр ${DUPLICATE}`));

  await userEvent.clear(form.getByLabelText('БИК банка'));
  await userEvent.type(form.getByLabelText('БИК банка'), '044525974');
  await waitFor(() => expect(account).not.toHaveAccessibleDescription(new RegExp(DUPLICATE)));
});

test('changing a requisite keeps its own account without a warning', async () => {
  const api = serveMoney({ 'PUT bank-requisite/update': () => ok(requisite(5, { recipientName: 'ИП Петров' }), 'Реквизиты сохранены') });
  renderPage();
  await userEvent.click(await screen.findByRole('button', { name: 'Изменить реквизиты «Иван Петров», счёт 40817810899910004312' }));
  const form = within(await screen.findByRole('dialog', { name: 'Изменить реквизиты' }));
  const account = form.getByLabelText('Расчётный счёт');
  await userEvent.clear(account);
  await userEvent.type(account, VALID.account);
  await userEvent.tab();
  expect(account).toHaveAccessibleDescription('20 цифр');
  await userEvent.click(form.getByRole('button', { name: 'Сохранить' }));
  await waitFor(() => expect(api.callsTo('PUT bank-requisite/update')).toHaveLength(1));
});

test('editing a requisite into another one of the list is refused at «Расчётный счёт» before anything is sent', async () => {
  const other = '40817810199910004313';
  const api = serveMoney({}, { requisites: [requisite(5), requisite(6, { recipientName: 'Второй', account: other })] });
  renderPage();
  await userEvent.click(await screen.findByRole('button', { name: `Изменить реквизиты «Второй», счёт ${other}` }));
  const form = within(await screen.findByRole('dialog', { name: 'Изменить реквизиты' }));
  const account = form.getByLabelText('Расчётный счёт');
  await userEvent.clear(account);
  await userEvent.type(account, VALID.account);
  await waitFor(() => expect(account).toHaveAccessibleDescription(`20 цифр ${DUPLICATE}`));
  await userEvent.click(form.getByRole('button', { name: 'Сохранить' }));
  await waitFor(() => expect(account).toHaveFocus());
  expect(api.callsTo('PUT bank-requisite/update')).toEqual([]);
});

test('«Повторить» of the currencies stays, busy and focused, until the answer; then the form takes the focus, not the body', async () => {
  const call = failsUntilRetried(() => fail(500, 'Валюты недоступны'), () => ok({ items: [RUB, USD] }));
  serveMoney({
    'GET bank-requisite/currency/get-collection': call.handler,
  });
  renderPage();
  await userEvent.click(await screen.findByRole('button', { name: 'Добавить реквизиты' }));
  const dialog = await screen.findByRole('dialog', { name: 'Новые реквизиты' });
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Валюты недоступны');
  const retry = within(dialog).getByRole('button', { name: 'Повторить' });
  await call.retry(retry);

  call.answer();
  await screen.findByLabelText('ИНН');
  const form = screen.getByRole('dialog', { name: 'Новые реквизиты' });
  await waitFor(() => expect(form).toContainElement(document.activeElement as HTMLElement));
  expect(document.activeElement).not.toBe(document.body);
});

test('closed while the requisite is saved, a refusal is still said: in a toast, in the server\'s words', async () => {
  let answer!: (value: ReturnType<typeof fail>) => void;
  serveMoney(
    {
      'GET bank-requisite/bank/get': () => fail(404, 'Банк не найден'),
      'POST bank-requisite/create': () => new Promise((resolve) => (answer = resolve)),
    },
    { requisites: [ANOTHER] },
  );
  renderPage();
  const form = await openForm();
  await userEvent.type(form.getByLabelText('Получатель'), VALID.recipientName);
  await userEvent.type(form.getByLabelText('ИНН'), VALID.inn);
  await userEvent.type(form.getByLabelText('БИК банка'), VALID.bic);
  await userEvent.type(form.getByLabelText('Название банка'), 'ПАО Сбербанк');
  await userEvent.type(form.getByLabelText('Корреспондентский счёт'), VALID.correspondentAccount);
  await userEvent.type(form.getByLabelText('Расчётный счёт'), VALID.account);
  await userEvent.click(form.getByRole('button', { name: 'Добавить' }));
  await waitFor(() => expect(form.getByRole('button', { name: 'Добавить' })).toHaveAttribute('aria-busy', 'true'));
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

  answer(fail(500, 'Сервис реквизитов недоступен'));
  await waitFor(() => expect(toasts).toContainEqual({ type: 'error', message: 'Сервис реквизитов недоступен' }));
});

test('closed while a requisite is deleted, a refusal is still said: in a toast, in the server\'s words', async () => {
  let answer!: (value: ReturnType<typeof fail>) => void;
  serveMoney({ 'DELETE bank-requisite/delete': () => new Promise((resolve) => (answer = resolve)) });
  renderPage();
  await userEvent.click(await screen.findByRole('button', { name: /^Удалить реквизиты/ }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Удалить реквизиты?' }));
  await userEvent.click(dialog.getByRole('button', { name: 'Удалить' }));
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

  answer(fail(500, 'Реквизиты сейчас нельзя удалить'));
  await waitFor(() => expect(toasts).toContainEqual({ type: 'error', message: 'Реквизиты сейчас нельзя удалить' }));
});

test('tabbing through the untouched form marks no field invalid; a field typed in and emptied is checked as it is left, and «Добавить» checks them all (QA FFF-2)', async () => {
  serveMoney();
  renderPage();
  const form = await openForm();
  const dialog = screen.getByRole('dialog', { name: 'Новые реквизиты' });
  await userEvent.click(form.getByLabelText('Получатель'));
  for (let i = 0; i < 8; i += 1) await userEvent.tab();
  await userEvent.click(form.getByLabelText('Получатель'));
  expect(dialog.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
  expect(form.queryByText(REQUISITE_MESSAGES.innRequired)).not.toBeInTheDocument();
  expect(form.queryByText(REQUISITE_MESSAGES.recipientNameRequired)).not.toBeInTheDocument();

  await userEvent.type(form.getByLabelText('Получатель'), 'И');
  await userEvent.clear(form.getByLabelText('Получатель'));
  await userEvent.tab();
  await waitFor(() => expect(form.getByLabelText('Получатель')).toHaveAccessibleDescription(expect.stringContaining(REQUISITE_MESSAGES.recipientNameRequired)));
  expect(form.getByLabelText('ИНН')).not.toHaveAttribute('aria-invalid', 'true');

  await userEvent.click(form.getByRole('button', { name: 'Добавить' }));
  await waitFor(() => expect(form.getByLabelText('ИНН')).toHaveAttribute('aria-invalid', 'true'));
  expect(form.getByLabelText('БИК банка')).toHaveAttribute('aria-invalid', 'true');
});
