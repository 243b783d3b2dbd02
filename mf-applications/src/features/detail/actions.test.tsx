import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationKeys, balanceKeys } from 'shared';
import { fail, ok, serveApi, setUpPageTests } from 'shared/testing';
import { actAs, CUSTOMER, EXECUTOR, makeDetail, makeReply } from './testing/fixtures';
import { barNames, detailAnswers } from './testing/page';
import { renderDetail } from './testing/render-detail';

const toasts = setUpPageTests(() => actAs(CUSTOMER));


/** A contract or report as `application/get` gives it, signed by the first `count` of `parties` in order. */
function signedDocument(id: number, name: string, parties: readonly ('customer' | 'executor')[], count: number) {
  return {
    id,
    name,
    sizeBytes: 1000,
    sha256: String(id % 10).repeat(64),
    uploadedAt: '2026-11-22T08:00:00.000Z',
    signatures: parties.slice(0, count).map((party, i) => ({ party, signerName: party === 'customer' ? CUSTOMER.name : EXECUTOR.name, signedAt: new Date(Date.UTC(2026, 10, 22, 9 + i, 5)).toISOString() })),
  };
}

describe('actions of the lk application detail', () => {
  it('a transition shows the server message and refetches the detail', async () => {
    const before = makeDetail({ status: 'executor_named', payment: { status: 'held', amount: 12500 }, allowedActions: ['application/start-working/executor', 'application/cancel/executor'] });
    const after = makeDetail({ status: 'in_work', allowedActions: ['application/confirm-execution'] });
    actAs(EXECUTOR);
    const api = serveApi({
      'GET application/get': detailAnswers(before, after),
      'POST application/start-working/executor': () => ok(after, 'Работа по заявке начата'),
    });
    const user = userEvent.setup();

    const { queryClient } = renderDetail();
    // The header's balance, cached: a deal's step may move money (a stop refunds, a close releases).
    queryClient.setQueryData(balanceKeys.current(EXECUTOR.id), { amount: 0 });
    await user.click(await screen.findByRole('button', { name: 'Начать работу' }));

    expect(await screen.findByText('В работе', { selector: '.detail-status' })).toBeInTheDocument();
    expect(queryClient.getQueryState(balanceKeys.current(EXECUTOR.id))?.isInvalidated).toBe(true);
    expect(api.callsTo('POST application/start-working/executor')[0]?.body).toEqual({ id: 42, seenContract: null });
    expect(api.callsTo('GET application/get')).toHaveLength(2);
    expect(toasts).toEqual([{ type: 'success', message: 'Работа по заявке начата' }]);
    expect(barNames()).toEqual(['Сдать работу на проверку']);
    // The pressed button is gone: focus is not lost to the page body.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
  });

  it('a double click makes one call: the second click lands before the button is drawn disabled', async () => {
    const before = makeDetail({ status: 'executor_named', payment: { status: 'held', amount: 12500 }, allowedActions: ['application/start-working/executor'] });
    const after = makeDetail({ status: 'in_work', allowedActions: ['application/confirm-execution'] });
    actAs(EXECUTOR);
    const api = serveApi({
      'GET application/get': detailAnswers(before, after),
      'POST application/start-working/executor': () => ok(after, 'Работа по заявке начата'),
    });

    renderDetail();
    const start = await screen.findByRole('button', { name: 'Начать работу' });
    // Two clicks in the same task, with no render between them.
    fireEvent.click(start);
    fireEvent.click(start);

    expect(await screen.findByText('В работе', { selector: '.detail-status' })).toBeInTheDocument();
    expect(api.callsTo('POST application/start-working/executor')).toHaveLength(1);
    expect(toasts).toEqual([{ type: 'success', message: 'Работа по заявке начата' }]);
  });

  it('a 409 shows the server message and refetches (someone else acted first)', async () => {
    const before = makeDetail({ status: 'on_review', allowedActions: ['application/verification', 'application/send/revision'] });
    const after = makeDetail({ status: 'revision', allowedActions: [] });
    const api = serveApi({
      'GET application/get': detailAnswers(before, after),
      'POST application/verification': () => fail(409, 'Действие недоступно в текущем статусе заявки'),
    });
    const user = userEvent.setup();

    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Принять работу' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Принять работу?' })).getByRole('button', { name: 'Принять работу' }));

    expect(await screen.findByText('На доработке', { selector: '.detail-status' })).toBeInTheDocument();
    expect(toasts).toEqual([{ type: 'error', message: 'Действие недоступно в текущем статусе заявки' }]);
    expect(api.callsTo('GET application/get')).toHaveLength(2);
  });

  it('«Принять работу» asks first, with «Отмена» focused; Escape leaves it unasked, the confirm accepts the work', async () => {
    const before = makeDetail({ status: 'on_review', allowedActions: ['application/verification', 'application/send/revision'] });
    const after = makeDetail({ status: 'executed', allowedActions: ['application/review'] });
    const api = serveApi({
      'GET application/get': detailAnswers(before, after),
      'POST application/verification': () => ok(after),
    });
    const user = userEvent.setup();

    renderDetail();
    const accept = await screen.findByRole('button', { name: 'Принять работу' });
    await user.click(accept);
    const dialog = screen.getByRole('dialog', { name: 'Принять работу?' });
    expect(dialog).toHaveAccessibleDescription(
      'Работа будет принята как выполненная, заявка перейдёт в статус «Выполнена», и вернуть её на доработку будет нельзя. Затем нужно будет оставить отзыв и закрыть заявку: при закрытии оплата перечисляется исполнителю.',
    );
    // Not reversible: the safe choice takes the focus, so Enter does no harm.
    expect(within(dialog).getByRole('button', { name: 'Отмена' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(accept).toHaveFocus();
    expect(api.callsTo('POST application/verification')).toHaveLength(0);

    await user.click(accept);
    await user.click(within(screen.getByRole('dialog', { name: 'Принять работу?' })).getByRole('button', { name: 'Принять работу' }));

    expect(await screen.findByText('Выполнена', { selector: '.detail-status' })).toBeInTheDocument();
    expect(api.callsTo('POST application/verification')[0]?.body).toEqual({ id: 42, seenReport: null });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toasts).toEqual([{ type: 'success', message: 'Работа принята' }]);
  });

  it('«Закрыть заявку» (pays the executor) asks first: «Отмена» sends nothing, the confirm closes it with one call (QA DD-3)', async () => {
    const before = makeDetail({ status: 'executed', review: { rating: 5, text: 'Спасибо' }, allowedActions: ['application/close'] });
    const after = makeDetail({ status: 'closed', review: { rating: 5, text: 'Спасибо' }, allowedActions: [] });
    const api = serveApi({
      'GET application/get': detailAnswers(before, after),
      'POST application/close': () => ok(after),
    });
    const user = userEvent.setup();

    renderDetail();
    const close = await screen.findByRole('button', { name: 'Закрыть заявку' });
    await user.click(close);
    const dialog = screen.getByRole('dialog', { name: 'Закрыть заявку?' });
    expect(dialog).toHaveAccessibleDescription('Оплата будет перечислена исполнителю, заявка получит статус «Закрыта». Отменить это нельзя.');
    expect(within(dialog).getByRole('button', { name: 'Отмена' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST application/close')).toHaveLength(0);
    expect(screen.getByText('Выполнена', { selector: '.detail-status' })).toBeInTheDocument();

    await user.click(close);
    await user.click(within(screen.getByRole('dialog', { name: 'Закрыть заявку?' })).getByRole('button', { name: 'Закрыть заявку' }));

    expect(await screen.findByText('Закрыта', { selector: '.detail-status' })).toBeInTheDocument();
    expect(api.callsTo('POST application/close').map((call) => call.body)).toEqual([{ id: 42 }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toasts).toEqual([{ type: 'success', message: 'Заявка закрыта' }]);
  });

  it('on review with the report signed by one side, the customer is told why «Принять работу» is not offered', async () => {
    const report = { id: 5, name: 'report.pdf', sizeBytes: 1000, sha256: 'ab', uploadedAt: '2026-11-23T10:00:00.000Z', signatures: [{ party: 'executor' as const, signerName: 'Пётр Сидоров', signedAt: '2026-11-23T10:01:00.000Z' }] };
    serveApi({ 'GET application/get': () => ok(makeDetail({ status: 'on_review', report, allowedActions: ['application/send/revision', 'application/document-report/send/sms'] })) });
    renderDetail();
    expect(await screen.findByText('Принять работу можно, когда отчёт о выполнении подпишут обе стороны.')).toBeInTheDocument();
    expect(barNames()).toEqual(['Вернуть на доработку']);
  });

  describe('the named executor, before «Начать работу» is offered, is told what it waits for', () => {
    const named = (overrides: Parameters<typeof makeDetail>[0]) =>
      makeDetail({
        status: 'executor_named',
        executor: { id: EXECUTOR.id, name: EXECUTOR.name, type: 'executor' },
        replies: [makeReply()],
        allowedActions: ['application/cancel/executor/send/sms', 'application/cancel/executor'],
        ...overrides,
      });
    const contract = (signatures: number) => signedDocument(900, 'Договор.pdf', ['customer', 'executor'], signatures);

    it.each([
      ['not paid yet', named({ payment: { status: 'awaiting', amount: 12500 } }), 'Начать работу можно, когда заказчик оплатит заявку.'],
      ['paid, the contract signed by one side', named({ payment: { status: 'held', amount: 12500 }, contract: contract(1) }), 'Начать работу можно, когда договор подпишут обе стороны.'],
      [
        'not paid, the contract not signed',
        named({ payment: { status: 'awaiting', amount: 12500 }, contract: contract(0) }),
        'Начать работу можно, когда заказчик оплатит заявку, а договор подпишут обе стороны.',
      ],
      // «Цена договорная»: nothing to pay until the customer sets it (the server: «У заявки не указана цена»).
      ['no price («договорная», 0)', named({ price: 0, payment: { status: 'none', amount: 0 } }), 'Начать работу можно, когда заказчик укажет цену и оплатит заявку.'],
      ['no price at all, the contract signed by both', named({ price: null, payment: { status: 'none', amount: 0 }, contract: contract(2) }), 'Начать работу можно, когда заказчик укажет цену и оплатит заявку.'],
      [
        'no price, the contract not signed',
        named({ price: null, payment: { status: 'none', amount: 0 }, contract: contract(1) }),
        'Начать работу можно, когда заказчик укажет цену и оплатит заявку, а договор подпишут обе стороны.',
      ],
    ])('%s', async (_, detail, said) => {
      actAs(EXECUTOR);
      serveApi({ 'GET application/get': () => ok(detail) });
      renderDetail();
      const bar = await screen.findByRole('region', { name: 'Действия с заявкой' });
      expect(within(bar).getByText(said)).toBeInTheDocument();
      expect(barNames()).toEqual(['Отказаться от заявки']);
    });

    it('once it may start, or paid with the contract signed by both, nothing is said', async () => {
      actAs(EXECUTOR);
      serveApi({ 'GET application/get': () => ok(named({ payment: { status: 'held', amount: 12500 }, contract: contract(2), allowedActions: ['application/start-working/executor', 'application/cancel/executor'] })) });
      renderDetail();
      const bar = await screen.findByRole('region', { name: 'Действия с заявкой' });
      expect(within(bar).queryByText(/Начать работу можно/)).not.toBeInTheDocument();
    });
  });

  describe('the named executor, his work handed over, is told he waits for the customer, and when he is paid', () => {
    const handedOver = (overrides: Parameters<typeof makeDetail>[0]) =>
      makeDetail({
        executor: { id: EXECUTOR.id, name: EXECUTOR.name, type: 'executor' },
        replies: [makeReply()],
        payment: { status: 'held', amount: 12500 },
        ...overrides,
      });
    const report = (signatures: number) => signedDocument(901, 'Отчёт.pdf', ['executor', 'customer'], signatures);

    it.each([
      [
        'on review',
        handedOver({ status: 'on_review', report: report(2), allowedActions: ['application/document-report/download'] }),
        'Работа на проверке у заказчика: он примет её или вернёт на доработку. Оплата поступит на ваш баланс, когда заказчик примет работу и закроет заявку.',
      ],
      [
        'on review, the report signed by him alone',
        handedOver({ status: 'on_review', report: report(1), allowedActions: ['application/document-report/upload'] }),
        'Работа на проверке у заказчика: он примет её или вернёт на доработку. Принять работу заказчик сможет, когда отчёт о выполнении подпишут обе стороны. Оплата поступит на ваш баланс, когда заказчик примет работу и закроет заявку.',
      ],
      ['executed', handedOver({ status: 'executed', allowedActions: [] }), 'Заказчик принял работу. Оплата поступит на ваш баланс, когда он оставит отзыв и закроет заявку.'],
    ])('%s', async (_, detail, said) => {
      actAs(EXECUTOR);
      serveApi({ 'GET application/get': () => ok(detail) });
      renderDetail();
      // No step of his is offered, and the section still says what is awaited.
      const bar = await screen.findByRole('region', { name: 'Действия с заявкой' });
      expect(bar).toHaveTextContent(said);
      expect(within(bar).queryAllByRole('button')).toEqual([]);
    });

    it('the customer, whose step it is, is not told to wait', async () => {
      serveApi({ 'GET application/get': () => ok(handedOver({ status: 'executed', allowedActions: ['application/review'] })) });
      renderDetail();
      const bar = await screen.findByRole('region', { name: 'Действия с заявкой' });
      expect(within(bar).queryByText(/Оплата поступит/)).not.toBeInTheDocument();
      expect(barNames()).toEqual(['Оставить отзыв']);
    });
  });

  it('revision needs a comment; the dialog sends it and closes', async () => {
    const before = makeDetail({ status: 'on_review', allowedActions: ['application/send/revision'] });
    const api = serveApi({
      'GET application/get': detailAnswers(before, makeDetail({ status: 'revision' })),
      'POST application/send/revision': () => ok(makeDetail({ status: 'revision' })),
    });
    const user = userEvent.setup();

    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Вернуть на доработку' }));
    const dialog = screen.getByRole('dialog', { name: 'Вернуть на доработку' });
    const comment = within(dialog).getByLabelText('Что нужно доработать');
    expect(comment).toHaveFocus();

    // From the keyboard: Tab to the button, Enter.
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Вернуть на доработку' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(within(dialog).getByText('Напишите, что нужно доработать')).toBeInTheDocument();
    expect(comment).toHaveAttribute('aria-invalid', 'true');
    // The focus goes back to the field, where a screen reader reads its message: not left on the button.
    expect(comment).toHaveFocus();
    expect(comment).toHaveAccessibleDescription('Напишите, что нужно доработать');
    expect(api.callsTo('POST application/send/revision')).toHaveLength(0);

    await user.type(comment, 'Не работает розетка на кухне');
    await user.click(within(dialog).getByRole('button', { name: 'Вернуть на доработку' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST application/send/revision')[0]?.body).toEqual({ id: 42, comment: 'Не работает розетка на кухне' });
    expect(toasts).toEqual([{ type: 'success', message: 'Заявка возвращена на доработку' }]);
  });

  it('deleting asks first with «Отмена» focused, then leads to the list', async () => {
    const api = serveApi({
      'GET application/get': () => ok(makeDetail({ allowedActions: ['application/delete'] })),
      'DELETE application/delete': () => ok({ id: 42 }, 'Заявка удалена'),
    });
    const user = userEvent.setup();

    const { location } = renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Удалить заявку' }));
    const dialog = screen.getByRole('dialog', { name: 'Удалить заявку?' });
    expect(dialog).toHaveAccessibleDescription('Заявка, её отклики и документы будут удалены без возможности восстановления.');
    // The safe choice takes the focus: Enter must not delete.
    expect(within(dialog).getByRole('button', { name: 'Отмена' })).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Удалить' })).toHaveClass('ui-button--danger');
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('DELETE application/delete')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Удалить заявку' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Удалить заявку?' })).getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Удалить заявку' })).toHaveFocus();
    expect(api.callsTo('DELETE application/delete')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Удалить заявку' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Удалить' }));

    await waitFor(() => expect(location().pathname).toBe('/lk/application'));
    expect(api.callsTo('DELETE application/delete')[0]?.query.get('id')).toBe('42');
    expect(toasts).toEqual([{ type: 'success', message: 'Заявка удалена' }]);
  });

  it('a deleted application is not asked for again: its detail is dropped, the lists are refetched', async () => {
    let deleted = false;
    const api = serveApi({
      'GET application/get': () => (deleted ? fail(404, 'Заявка не найдена') : ok(makeDetail({ allowedActions: ['application/delete'] }))),
      'DELETE application/delete': () => {
        deleted = true;
        return ok({ id: 42 }, 'Заявка удалена');
      },
    });
    const user = userEvent.setup();

    const { location, queryClient } = renderDetail();
    // A list of the cabinet, cached: it held the application.
    queryClient.setQueryData(applicationKeys.list({ role: 'customer', page: 1 }), { items: [], total: 0, page: 1, limit: 6 });
    await user.click(await screen.findByRole('button', { name: 'Удалить заявку' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Удалить заявку?' })).getByRole('button', { name: 'Удалить' }));

    await waitFor(() => expect(location().pathname).toBe('/lk/application'));
    expect(await screen.findByRole('heading', { name: 'Мои заявки' })).toBeInTheDocument();
    // Whatever was still on its way settles: no `application/get` of the gone application (a 404 in the console).
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(api.callsTo('GET application/get')).toHaveLength(1);
    expect(queryClient.getQueryState(applicationKeys.list({ role: 'customer', page: 1 }))?.isInvalidated).toBe(true);
    expect(toasts).toEqual([{ type: 'success', message: 'Заявка удалена' }]);
  });

  it('a draft deleted from the detail page is asked about as on its form: it has no replies to lose', async () => {
    serveApi({ 'GET application/get': () => ok(makeDetail({ status: 'draft', allowedActions: ['application/delete'] })) });
    const user = userEvent.setup();

    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Удалить заявку' }));
    const dialog = screen.getByRole('dialog', { name: 'Удалить заявку?' });
    expect(dialog).toHaveAccessibleDescription('Заявка и её документы будут удалены без возможности восстановления.');
    expect(within(dialog).getByRole('button', { name: 'Отмена' })).toHaveFocus();
  });

  it("a dialog refused on its own check drops the server's alert of the try before: it was about another text", async () => {
    serveApi({
      'GET application/get': () => ok(makeDetail({ status: 'on_review', review: null, allowedActions: ['application/send/revision'] })),
      'POST application/send/revision': () => fail(422, 'Комментарий содержит недопустимые символы'),
    });
    const user = userEvent.setup();

    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Вернуть на доработку' }));
    const dialog = screen.getByRole('dialog', { name: 'Вернуть на доработку' });
    const comment = within(dialog).getByLabelText('Что нужно доработать');
    await user.type(comment, 'Переделать');
    await user.click(within(dialog).getByRole('button', { name: 'Вернуть на доработку' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Комментарий содержит недопустимые символы');
    // The server's refusal is the error toast of spec §7 too, silent: the alert says it.
    expect(toasts).toEqual([{ type: 'error', message: 'Комментарий содержит недопустимые символы', silent: true }]);

    await user.clear(comment);
    await user.click(within(dialog).getByRole('button', { name: 'Вернуть на доработку' }));
    expect(comment).toHaveAccessibleDescription('Напишите, что нужно доработать');
    expect(within(dialog).queryByText('Комментарий содержит недопустимые символы')).not.toBeInTheDocument();
    // The dialog's own check is no failure of a call: no second toast.
    expect(toasts).toHaveLength(1);
  });

  it('the review form is a labelled radio group of 1–5 and a text', async () => {
    const api = serveApi({
      'GET application/get': detailAnswers(makeDetail({ status: 'executed', allowedActions: ['application/review'] }), makeDetail({ status: 'executed', review: { rating: 4, text: 'Всё аккуратно' }, allowedActions: ['application/close'] })),
      'POST application/review': () => ok(makeDetail({ status: 'executed' }), 'Отзыв сохранён'),
    });
    const user = userEvent.setup();

    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Оставить отзыв' }));
    const dialog = screen.getByRole('dialog', { name: 'Отзыв об исполнителе' });
    const rating = within(dialog).getByRole('radiogroup', { name: 'Оценка' });
    expect(within(rating).getAllByRole('radio')).toHaveLength(5);

    const send = within(dialog).getByRole('button', { name: 'Отправить отзыв' });
    act(() => send.focus());
    await user.keyboard('{Enter}');
    expect(within(dialog).getByText('Поставьте оценку от 1 до 5')).toBeInTheDocument();
    // The refused group's first choice takes the focus; the group is described by its message.
    expect(within(rating).getByRole('radio', { name: '1 — Очень плохо' })).toHaveFocus();
    expect(rating).toHaveAccessibleDescription('Поставьте оценку от 1 до 5');
    // A radiogroup, where aria-invalid is read; the focused radio carries the message too (QA K-4).
    expect(rating).toHaveAttribute('aria-invalid', 'true');
    expect(within(rating).getByRole('radio', { name: '1 — Очень плохо' })).toHaveAccessibleDescription('Поставьте оценку от 1 до 5');

    await user.click(within(rating).getByRole('radio', { name: '4 — Хорошо' }));
    // A choice made, the group is no longer refused nor described by why (QA SSS-3).
    expect(rating).not.toHaveAttribute('aria-invalid');
    expect(within(rating).getByRole('radio', { name: '4 — Хорошо' })).not.toHaveAccessibleDescription();
    expect(within(dialog).queryByText('Поставьте оценку от 1 до 5')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Отзыв'), 'Всё аккуратно');
    await user.click(within(dialog).getByRole('button', { name: 'Отправить отзыв' }));

    const review = await screen.findByRole('region', { name: 'Отзыв заказчика' });
    expect(within(review).getByText('4 из 5', { exact: false })).toBeInTheDocument();
    expect(api.callsTo('POST application/review')[0]?.body).toEqual({ id: 42, rating: 4, text: 'Всё аккуратно', seenReview: null });
    expect(barNames()).toEqual(['Закрыть заявку']);
  });

  it('the rating refused with the focus on its last choice (Shift+Tab lands there) is said: the focus only moves within the group', async () => {
    serveApi({ 'GET application/get': () => ok(makeDetail({ status: 'executed', allowedActions: ['application/review'] })) });
    const user = userEvent.setup();

    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Оставить отзыв' }));
    const dialog = screen.getByRole('dialog', { name: 'Отзыв об исполнителе' });
    const rating = within(dialog).getByRole('radiogroup', { name: 'Оценка' });
    const last = within(rating).getByRole('radio', { name: '5 — Отлично' });
    act(() => last.focus());
    await user.keyboard('{Enter}');

    await waitFor(() => expect(within(rating).getByRole('radio', { name: '1 — Очень плохо' })).toHaveFocus());
    expect(within(dialog).getByRole('status')).toHaveTextContent('Поставьте оценку от 1 до 5');
    // A choice made is the group's change: what was said of no choice goes.
    await user.keyboard('{ArrowRight}');
    expect(within(rating).getByRole('radio', { name: '2 — Плохо' })).toBeChecked();
    expect(within(dialog).getByRole('status')).toHaveTextContent('');
  });

  it('a review given already is offered to change, with the dialog holding it', async () => {
    serveApi({
      'GET application/get': () => ok(makeDetail({ status: 'executed', review: { rating: 4, text: 'Всё аккуратно' }, allowedActions: ['application/review', 'application/close'] })),
    });
    const user = userEvent.setup();

    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Изменить отзыв' }));
    expect(screen.queryByRole('button', { name: 'Оставить отзыв' })).not.toBeInTheDocument();
    const dialog = screen.getByRole('dialog', { name: 'Отзыв об исполнителе' });
    expect(within(dialog).getByRole('radio', { name: '4 — Хорошо' })).toBeChecked();
    expect(within(dialog).getByLabelText('Отзыв')).toHaveValue('Всё аккуратно');
  });

  it('a review changed in another tab while this one’s form was open: the form sent what it opened on, the 409 closes it and the page shows the review given (QA WWW-2)', async () => {
    const given = { rating: 5, text: 'Отлично — вкладка A' };
    const api = serveApi({
      'GET application/get': detailAnswers(
        makeDetail({ status: 'executed', allowedActions: ['application/review'] }),
        makeDetail({ status: 'executed', review: given, allowedActions: ['application/review', 'application/close'] }),
      ),
      'POST application/review': () => fail(409, 'Отзыв изменился, пока была открыта эта форма: проверьте его и отправьте снова', { code: 'review_changed' }),
    });
    const user = userEvent.setup();

    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Оставить отзыв' }));
    const dialog = screen.getByRole('dialog', { name: 'Отзыв об исполнителе' });
    await user.click(within(dialog).getByRole('radio', { name: '2 — Плохо' }));
    await user.type(within(dialog).getByLabelText('Отзыв'), 'Плохо — из вкладки B');
    await user.click(within(dialog).getByRole('button', { name: 'Отправить отзыв' }));

    expect(api.callsTo('POST application/review')[0]?.body).toEqual({ id: 42, rating: 2, text: 'Плохо — из вкладки B', seenReview: null });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toasts).toContainEqual(expect.objectContaining({ type: 'error', message: 'Отзыв изменился, пока была открыта эта форма: проверьте его и отправьте снова' }));
    expect(await screen.findByRole('button', { name: 'Изменить отзыв' })).toBeInTheDocument();
  });

  it('the customer names an executor from a reply, or rejects it with a reason', async () => {
    const detail = makeDetail({ replies: [makeReply()], allowedActions: ['application/named/executor', 'application/reply/reject'] });
    const api = serveApi({
      'GET application/get': () => ok(detail),
      'POST application/reply/reject': () => ok(makeReply({ status: 'rejected' })),
      'POST application/named/executor': () => ok(makeDetail({ status: 'executor_named' })),
    });
    const user = userEvent.setup();

    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Отклонить отклик: Пётр Сидоров' }));
    const dialog = screen.getByRole('dialog', { name: 'Отклонить отклик' });
    await user.type(within(dialog).getByLabelText('Причина (необязательно)'), 'Дорого');
    await user.click(within(dialog).getByRole('button', { name: 'Отклонить отклик' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST application/reply/reject')[0]?.body).toEqual({ id: 42, replyId: 301, reason: 'Дорого' });
    expect(toasts).toContainEqual({ type: 'success', message: 'Отклик отклонён' });

    // Naming fixes the deal: asked first, with «Отмена» (the safe choice) focused.
    await user.click(screen.getByRole('button', { name: 'Выбрать исполнителем: Пётр Сидоров' }));
    const choosing = screen.getByRole('dialog', { name: 'Выбрать исполнителем?' });
    expect(choosing).toHaveAccessibleDescription(
      // The price the deal is agreed at: the reply's own replaces the application's (QA H).
      'Пётр Сидоров станет исполнителем заявки по цене из отклика — 11\u00a0000\u00a0₽ (в заявке 12\u00a0500\u00a0₽), заявка перейдёт в статус «Исполнитель выбран», а сменить исполнителя можно будет, только остановив его работу.',
    );
    expect(within(choosing).getByRole('button', { name: 'Отмена' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST application/named/executor')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Выбрать исполнителем: Пётр Сидоров' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Выбрать исполнителем?' })).getByRole('button', { name: 'Выбрать исполнителем' }));
    await waitFor(() => expect(api.callsTo('POST application/named/executor')).toHaveLength(1));
    expect(api.callsTo('POST application/named/executor')[0]?.body).toEqual({ id: 42, replyId: 301 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a reply the customer may not choose (one person acts for both: QA L-1) says why instead of «Выбрать исполнителем»; «Отклонить» stays', async () => {
    const detail = makeDetail({
      replies: [makeReply({ sameUser: true }), makeReply({ id: 302, executor: { id: 8, name: 'Иван Другой', type: 'executor' } })],
      allowedActions: ['application/named/executor', 'application/reply/reject'],
    });
    serveApi({ 'GET application/get': () => ok(detail) });
    renderDetail();
    const other = await screen.findByRole('button', { name: 'Выбрать исполнителем: Иван Другой' });
    const mine = other.closest('ul')!.firstElementChild as HTMLElement;
    expect(within(mine).queryByRole('button', { name: /Выбрать исполнителем/ })).not.toBeInTheDocument();
    expect(within(mine).getByText('Нельзя выбрать этого исполнителя: за него и за заказчика действует один и тот же человек.')).toBeInTheDocument();
    expect(within(mine).getByRole('button', { name: 'Отклонить отклик: Пётр Сидоров' })).toBeInTheDocument();
  });

  it('a user acting for both sides is told why his side has no buttons', async () => {
    serveApi({
      'GET application/get': () =>
        ok(makeDetail({ status: 'in_work', allowedActions: ['application/payment-invoices/download'], actionsWithheld: 'Вы действуете в этой заявке и за заказчика, и за исполнителя: делать в ней шаги сделки вам нельзя' })),
    });
    renderDetail();
    expect(await screen.findByText('Вы действуете в этой заявке и за заказчика, и за исполнителя: делать в ней шаги сделки вам нельзя.')).toBeInTheDocument();
    expect(barNames()).toEqual([]);
  });

  it('a rejected reply\'s button gone, the focus stays in its section: on «Отклики», not the page\'s top', async () => {
    const before = makeDetail({ replies: [makeReply()], allowedActions: ['application/named/executor', 'application/reply/reject'] });
    const after = makeDetail({ replies: [makeReply({ status: 'rejected' })], allowedActions: [] });
    serveApi({
      'GET application/get': detailAnswers(before, after),
      'POST application/reply/reject': () => ok(makeReply({ status: 'rejected' })),
    });
    const user = userEvent.setup();

    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Отклонить отклик: Пётр Сидоров' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Отклонить отклик' })).getByRole('button', { name: 'Отклонить отклик' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Отклонить отклик: Пётр Сидоров' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: /^Отклики/ })).toHaveFocus());
  });

  it('an executor sees its own reply and can withdraw it, once he confirms (focus on «Отмена»)', async () => {
    actAs(EXECUTOR);
    const api = serveApi({
      'GET application/get': () => ok(makeDetail({ replies: [makeReply()], allowedActions: ['application/reply/remove'] })),
      'POST application/reply/remove': () => ok(makeReply({ status: 'withdrawn' }), 'Отклик отозван'),
    });
    const user = userEvent.setup();

    renderDetail();
    const mine = await screen.findByRole('region', { name: 'Ваш отклик' });
    expect(within(mine).queryByRole('button', { name: /Выбрать исполнителем/ })).not.toBeInTheDocument();
    await user.click(within(mine).getByRole('button', { name: 'Отозвать отклик' }));
    const asking = screen.getByRole('dialog', { name: 'Отозвать отклик?' });
    expect(asking).toHaveAccessibleDescription(
      'Заказчик больше не сможет выбрать вас по этому отклику, и вернуть его нельзя. Откликнуться заново можно, только пока заявка принимает отклики.',
    );
    expect(within(asking).getByRole('button', { name: 'Отмена' })).toHaveFocus();
    await user.click(within(asking).getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(mine).getByRole('button', { name: 'Отозвать отклик' })).toHaveFocus();
    expect(api.callsTo('POST application/reply/remove')).toHaveLength(0);

    await user.click(within(mine).getByRole('button', { name: 'Отозвать отклик' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Отозвать отклик?' })).getByRole('button', { name: 'Отозвать отклик' }));
    await waitFor(() => expect(api.callsTo('POST application/reply/remove')[0]?.body).toEqual({ id: 42 }));
    expect(api.callsTo('POST application/reply/remove')).toHaveLength(1);
    await waitFor(() => expect(toasts).toEqual([{ type: 'success', message: 'Отклик отозван' }]));
  });

  it('an executor who replied again sees «Ваши отклики»; the withdrawn one at the application’s price names its amount, as the live one does', async () => {
    actAs(EXECUTOR);
    serveApi({
      'GET application/get': () =>
        ok(makeDetail({ price: 9000, replies: [makeReply({ id: 300, price: null, status: 'withdrawn' }), makeReply({ price: null })], allowedActions: ['application/reply/remove'] })),
    });
    renderDetail();
    const mine = await screen.findByRole('region', { name: 'Ваши отклики' });
    const [withdrawn, live] = within(mine).getAllByRole('listitem');
    expect(within(withdrawn!).getByText(/^По цене заявки: 9\s000\s₽ ·/)).toBeInTheDocument();
    expect(within(live!).getByText(/^По цене заявки: 9\s000\s₽ ·/)).toBeInTheDocument();
    expect(within(mine).getAllByRole('button', { name: 'Отозвать отклик' })).toHaveLength(1);
  });

  /** What the API answers a profile whose reply closed (lk-service `view`): the public card, its reply and its part. */
  const formerReplier = (participation: 'withdrawn' | 'cancelled') => {
    const { executor: _e, history: _h, contract: _c, report: _p, payment: _m, review: _v, ...rest } = makeDetail({
      status: participation === 'withdrawn' ? 'published' : 'cancelled_by_executor',
      replies: [makeReply({ status: 'withdrawn' })],
      allowedActions: [],
    });
    return { ...rest, participation };
  };
  /** `application/get` answers `first`, then the former replier's view. */
  const thenFormer = (first: ReturnType<typeof makeDetail>, participation: 'withdrawn' | 'cancelled') => {
    let calls = 0;
    return () => ok(calls++ === 0 ? first : formerReplier(participation));
  };

  /** The executor withdraws his reply, its answer lost; `application/get` answers as `detail` says. */
  async function withdrawWithAnswerLost(detail: Parameters<typeof serveApi>[0][string]) {
    actAs(EXECUTOR);
    const api = serveApi({
      'GET application/get': detail,
      'POST application/reply/remove': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Отозвать отклик' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Отозвать отклик?' })).getByRole('button', { name: 'Отозвать отклик' }));
    return api;
  }
  const withdrawable = () => makeDetail({ replies: [makeReply()], allowedActions: ['application/reply/remove'] });

  it('a withdrawal whose answer was lost is the success it was when the reply, read again, stands withdrawn', async () => {
    const api = await withdrawWithAnswerLost(thenFormer(withdrawable(), 'withdrawn'));

    expect(await screen.findByText('Вы отозвали свой отклик на эту заявку.')).toBeInTheDocument();
    await waitFor(() => expect(toasts).toEqual([{ type: 'success', message: 'Отклик отозван' }]));
    expect(api.callsTo('POST application/reply/remove')).toHaveLength(1);
  });

  it('a withdrawal whose answer was lost and whose reply still stands says the failure', async () => {
    await withdrawWithAnswerLost(() => ok(withdrawable()));

    await waitFor(() => expect(toasts).toEqual([{ type: 'error', message: expect.stringMatching(/Сервер недоступен/) }]));
    expect(screen.getByRole('button', { name: 'Отозвать отклик' })).toBeInTheDocument();
  });

  it('a second tab withdrawing a reply the first withdrew: the server’s message, and the page shows the reply withdrawn', async () => {
    actAs(EXECUTOR);
    const api = serveApi({
      'GET application/get': thenFormer(makeDetail({ replies: [makeReply()], allowedActions: ['application/reply/remove'] }), 'withdrawn'),
      'POST application/reply/remove': () => fail(409, 'Вы уже отозвали свой отклик на эту заявку'),
    });
    const user = userEvent.setup();

    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Отозвать отклик' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Отозвать отклик?' })).getByRole('button', { name: 'Отозвать отклик' }));

    expect(await screen.findByText('Вы отозвали свой отклик на эту заявку.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toasts).toEqual([{ type: 'error', message: 'Вы уже отозвали свой отклик на эту заявку' }]);
    expect(api.callsTo('GET application/get')).toHaveLength(2);
  });

  it('a 403 on an offered action means the caller’s part ended meanwhile (a cancel in another tab): the message, and the page catches up', async () => {
    actAs(EXECUTOR);
    const before = makeDetail({
      status: 'executor_named',
      executor: { id: EXECUTOR.id, name: EXECUTOR.name, type: 'executor' },
      replies: [makeReply()],
      payment: { status: 'held', amount: 12500 },
      allowedActions: ['application/start-working/executor'],
    });
    const api = serveApi({
      'GET application/get': thenFormer(before, 'cancelled'),
      'POST application/start-working/executor': () => fail(403, 'Это действие с заявкой вам недоступно'),
    });
    const user = userEvent.setup();

    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Начать работу' }));

    expect(await screen.findByText('Вы отказались от выполнения этой заявки.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Начать работу' })).not.toBeInTheDocument();
    expect(toasts).toEqual([{ type: 'error', message: 'Это действие с заявкой вам недоступно' }]);
    expect(api.callsTo('GET application/get')).toHaveLength(2);
  });
});

describe('a page behind the server: the other side acted first', () => {
  it('an executor stopped meanwhile presses «Начать работу»: the refusal, then what ended his part, with the focus on its heading', async () => {
    actAs(EXECUTOR);
    const before = makeDetail({
      status: 'executor_named',
      executor: { id: EXECUTOR.id, name: EXECUTOR.name, type: 'executor' },
      replies: [makeReply()],
      payment: { status: 'held', amount: 12500 },
      allowedActions: ['application/start-working/executor', 'application/cancel/executor'],
    });
    // What the API answers a former party: the public card, its own reply and its part.
    const { executor: _e, history: _h, contract: _c, report: _p, payment: _m, review: _v, ...card } = makeDetail({
      status: 'stopped_by_customer',
      replies: [makeReply({ status: 'rejected' })],
      allowedActions: [],
    });
    serveApi({
      'GET application/get': detailAnswers(before, { ...card, participation: 'stopped' } as never),
      'POST application/start-working/executor': () => fail(403, 'Это действие с заявкой вам недоступно'),
    });
    const user = userEvent.setup();

    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Начать работу' }));

    expect(await screen.findByText('Вы больше не участвуете в этой заявке. Заказчик остановил вашу работу по ней.')).toBeInTheDocument();
    expect(toasts).toEqual([{ type: 'error', message: 'Это действие с заявкой вам недоступно' }]);
    // The pressed button went with the deal: the focus is on the page's heading, not lost to the body.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Замена электропроводки' })).toHaveFocus());
  });

  it('an executor withdraws from an application deleted meanwhile: «Заявка не найдена», its heading focused', async () => {
    actAs(EXECUTOR);
    let gets = 0;
    serveApi({
      'GET application/get': () => (gets++ === 0 ? ok(makeDetail({ replies: [makeReply()], allowedActions: ['application/reply/remove'] })) : fail(404, 'Заявка не найдена')),
      'POST application/reply/remove': () => fail(404, 'Заявка не найдена'),
    });
    const user = userEvent.setup();

    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Отозвать отклик' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Отозвать отклик?' })).getByRole('button', { name: 'Отозвать отклик' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Заявка не найдена' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('link', { name: 'Вернуться к моим заявкам' })).toBeInTheDocument();
  });
});

describe('a step whose answer was lost (QA I-5): the page, read again, decides whether it was made', () => {
  const lost = () => {
    throw new TypeError('Failed to fetch');
  };

  it('made: the success it was, with no «Сервер недоступен» beside the new status', async () => {
    const before = makeDetail({ status: 'executor_named', payment: { status: 'held', amount: 12500 }, allowedActions: ['application/start-working/executor'] });
    const after = makeDetail({ status: 'in_work', allowedActions: ['application/confirm-execution'] });
    actAs(EXECUTOR);
    const api = serveApi({ 'GET application/get': detailAnswers(before, after), 'POST application/start-working/executor': lost });
    const user = userEvent.setup();

    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Начать работу' }));

    expect(await screen.findByText('В работе', { selector: '.detail-status' })).toBeInTheDocument();
    await waitFor(() => expect(toasts).toEqual([{ type: 'success', message: 'Работа начата' }]));
    expect(api.callsTo('POST application/start-working/executor')).toHaveLength(1);
  });

  it('offline, the page read again failing too: the dialog stays with the reason typed and says so, the page stays (QA AAP-2)', async () => {
    const named = { executor: { id: EXECUTOR.id, name: EXECUTOR.name, type: 'executor' as const }, replies: [makeReply()], payment: { status: 'held' as const, amount: 12500 } };
    const before = makeDetail({ status: 'in_work', ...named, allowedActions: ['application/stop-working/executor'] });
    let reads = 0;
    const api = serveApi({ 'GET application/get': () => (reads++ === 0 ? ok(before) : lost()), 'POST application/stop-working/executor': lost });
    const user = userEvent.setup();

    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Остановить работу исполнителя' }));
    const dialog = screen.getByRole('dialog', { name: 'Остановить работу исполнителя' });
    await user.type(within(dialog).getByLabelText('Причина (необязательно)'), 'Сроки сорваны');
    await user.click(within(dialog).getByRole('button', { name: 'Остановить работу' }));

    await waitFor(() => expect(reads).toBeGreaterThan(1));
    await waitFor(() => expect(api.callsTo('POST application/stop-working/executor')).toHaveLength(1));
    expect(await within(dialog).findByText(/Сервер недоступен/)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Остановить работу исполнителя' })).toBe(dialog);
    expect(within(dialog).getByLabelText('Причина (необязательно)')).toHaveValue('Сроки сорваны');
    expect(screen.queryByText('Не удалось загрузить заявку')).not.toBeInTheDocument();
    expect(screen.getByText('В работе', { selector: '.detail-status' })).toBeInTheDocument();
  });

  it('not made (a proxy 502, the status unmoved): the failure it was', async () => {
    const before = makeDetail({ status: 'executor_named', payment: { status: 'held', amount: 12500 }, allowedActions: ['application/start-working/executor'] });
    actAs(EXECUTOR);
    serveApi({ 'GET application/get': () => ok(before), 'POST application/start-working/executor': () => ({ status: 502 }) });
    const user = userEvent.setup();

    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Начать работу' }));

    await waitFor(() => expect(toasts).toEqual([{ type: 'error', message: 'Внутренняя ошибка сервера' }]));
    expect(barNames()).toEqual(['Начать работу']);
  });

  it('«Вернуть на доработку» made: the dialog closes with its success, not «Сервер недоступен» over «На доработке»', async () => {
    const before = makeDetail({ status: 'on_review', allowedActions: ['application/send/revision'] });
    serveApi({ 'GET application/get': detailAnswers(before, makeDetail({ status: 'revision' })), 'POST application/send/revision': lost });
    const user = userEvent.setup();

    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Вернуть на доработку' }));
    const dialog = screen.getByRole('dialog', { name: 'Вернуть на доработку' });
    await user.type(within(dialog).getByLabelText('Что нужно доработать'), 'Переделайте швы');
    await user.click(within(dialog).getByRole('button', { name: 'Вернуть на доработку' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toasts).toEqual([{ type: 'success', message: 'Заявка возвращена на доработку' }]);
  });

  it('naming made: «Исполнитель выбран» when the application read again names that executor', async () => {
    const before = makeDetail({ replies: [makeReply()], allowedActions: ['application/named/executor'] });
    const after = makeDetail({ status: 'executor_named', executor: { id: EXECUTOR.id, name: EXECUTOR.name, type: 'executor' }, replies: [makeReply()], allowedActions: [] });
    serveApi({ 'GET application/get': detailAnswers(before, after), 'POST application/named/executor': lost });
    const user = userEvent.setup();

    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Выбрать исполнителем: Пётр Сидоров' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Выбрать исполнителем?' })).getByRole('button', { name: 'Выбрать исполнителем' }));

    await waitFor(() => expect(toasts).toEqual([{ type: 'success', message: 'Исполнитель выбран' }]));
    expect(await screen.findByText('Исполнитель выбран', { selector: '.detail-status' })).toBeInTheDocument();
  });
});
