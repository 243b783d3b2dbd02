import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, getRuntimeConfig, setRuntimeConfig } from 'shared';
import { ok, serveApi, setUpPageTests } from 'shared/testing';
import { actAs, contractAwaitingExecutor, CUSTOMER, EXECUTOR, makeDetail } from './testing/fixtures';
import { detailShown, renderDetail } from './testing/render-detail';
import { NOTIFICATION_WAIT_MS } from '../../lib/await-notification';

const toasts = setUpPageTests(() => actAs(CUSTOMER));
const downloads = ['application/payment-invoices/download', 'application/spb-qr/download'];

beforeEach(() => {
  URL.createObjectURL = jest.fn(() => 'blob:file');
  URL.revokeObjectURL = jest.fn();
});

describe('payment block', () => {
  it('named on an application without a price: the customer is told to set one, the executor that it is awaited', async () => {
    const unpriced = { status: 'executor_named' as const, price: 0, payment: { status: 'none' as const, amount: 0 } };
    serveApi({ 'GET application/get': () => ok(makeDetail({ ...unpriced, allowedActions: ['application/update/price'] })) });
    const first = renderDetail();
    const payment = await screen.findByRole('region', { name: 'Оплата' });
    expect(payment).toHaveTextContent('Цена не указана: укажите её («Изменить цену»), чтобы оплатить заявку.');
    first.unmount();

    // A signed contract fixes the price: the customer is told how to free it, not that he is awaited.
    serveApi({ 'GET application/get': () => ok(makeDetail({ ...unpriced, allowedActions: ['application/contract/upload'] })) });
    const second = renderDetail();
    expect(await screen.findByRole('region', { name: 'Оплата' })).toHaveTextContent('Цена не указана, а договор уже подписан: чтобы указать цену, загрузите новый договор.');
    second.unmount();

    actAs(EXECUTOR);
    serveApi({ 'GET application/get': () => ok(makeDetail({ ...unpriced, allowedActions: ['application/cancel/executor/send/sms'] })) });
    renderDetail();
    expect(await screen.findByRole('region', { name: 'Оплата' })).toHaveTextContent('Заказчик ещё не указал цену.');
  });

  it("the executor sees the platform's fee and what he is paid; the customer sees the sum he pays", async () => {
    const held = { status: 'in_work' as const, payment: { status: 'held' as const, amount: 1234.56, fee: 61.73 } };
    actAs(EXECUTOR);
    serveApi({ 'GET application/get': () => ok(makeDetail({ ...held, allowedActions: ['application/confirm-execution'] })) });
    const first = renderDetail();
    const payment = await screen.findByRole('region', { name: 'Оплата' });
    expect(within(payment).getByText('Комиссия платформы').nextElementSibling).toHaveTextContent('61,73 ₽');
    expect(within(payment).getByText('Будет зачислено на ваш баланс').nextElementSibling).toHaveTextContent('1 172,83 ₽');
    first.unmount();

    serveApi({ 'GET application/get': () => ok(makeDetail({ status: 'closed', payment: { status: 'released', amount: 1234.56, fee: 61.73 }, allowedActions: [] })) });
    const second = renderDetail();
    // Released money is on the balance, not yet paid out to a bank account: the words say where it is.
    const released = await screen.findByRole('region', { name: 'Оплата' });
    expect(within(released).getByText('Зачислено на ваш баланс').nextElementSibling).toHaveTextContent('1 172,83 ₽');
    expect(within(released).getByText('Зачислена на баланс исполнителя')).toBeInTheDocument();
    second.unmount();

    actAs(CUSTOMER);
    serveApi({ 'GET application/get': () => ok(makeDetail({ ...held, allowedActions: downloads })) });
    renderDetail();
    const customers = await screen.findByRole('region', { name: 'Оплата' });
    expect(within(customers).getByText('Сумма').nextElementSibling).toHaveTextContent('1 234,56 ₽');
    expect(within(customers).queryByText('Комиссия платформы')).not.toBeInTheDocument();
  });

  it('shows the payment status and amount with the invoice and the QR code', async () => {
    const tab = { location: { href: '' }, close: jest.fn() };
    const open = jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const api = serveApi({
      'GET application/get': () => ok(makeDetail({ status: 'executor_named', payment: { status: 'awaiting', amount: 11000 }, allowedActions: downloads })),
      'GET application/spb-qr/download': () => ({ body: 'png' }),
      'GET application/payment-invoices/download': () => ({ status: 500 }),
    });
    const user = userEvent.setup();

    renderDetail();
    const payment = await screen.findByRole('region', { name: 'Оплата' });
    expect(within(payment).getByText('Ожидает оплаты')).toBeInTheDocument();
    expect(within(payment).getByText('11 000 ₽')).toBeInTheDocument();

    await user.click(within(payment).getByRole('button', { name: 'QR-код для оплаты (откроется в новой вкладке)' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:file'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(api.callsTo('GET application/spb-qr/download')[0]?.query.get('id')).toBe('42');

    await user.click(within(payment).getByRole('button', { name: 'Скачать счёт' }));
    await waitFor(() => expect(toasts).toEqual([{ type: 'error', message: 'Ошибка скачивания документа' }]));
    open.mockRestore();
  });

  it('offers a test payment only where the API plays the bank, and pays through dev/payment/pay', async () => {
    const awaiting = makeDetail({ status: 'executor_named', payment: { status: 'awaiting', amount: 11000 }, allowedActions: downloads });
    const api = serveApi({
      'GET application/get': () => ok(awaiting),
      'POST dev/payment/pay': () => ok({ status: 'held', amount: 11000 }, 'Оплата получена'),
    });
    const first = renderDetail();
    const payment = await screen.findByRole('region', { name: 'Оплата' });
    expect(within(payment).queryByRole('button', { name: 'Оплатить (тестовый банк)' })).not.toBeInTheDocument();
    first.unmount();

    setRuntimeConfig({ ...getRuntimeConfig(), devPayments: true });
    const user = userEvent.setup();
    renderDetail();
    const again = await screen.findByRole('region', { name: 'Оплата' });
    await user.click(within(again).getByRole('button', { name: 'Оплатить (тестовый банк)' }));
    await waitFor(() => expect(toasts).toContainEqual({ type: 'success', message: 'Оплата получена' }));
    expect(api.callsTo('POST dev/payment/pay')[0]?.body).toEqual({ id: 42 });
  });

  describe('a test payment is told once', () => {
    const PAID_NOTICE = 'Заявка № 7: оплата получена';
    /** What the shell does with the socket's notification of the payment (notification-event.ts). */
    const shellNotifies = (applicationId = 42, message = PAID_NOTICE) => {
      bus.emit('notification:received', { message, applicationId });
      bus.emit('toast:show', { type: 'info', message });
    };
    const payingDetail = () => makeDetail({ status: 'executor_named', payment: { status: 'awaiting', amount: 11000 }, allowedActions: downloads });

    beforeEach(() => setRuntimeConfig({ ...getRuntimeConfig(), devPayments: true }));

    it('by the notification alone when it comes while the call is made or answered', async () => {
      const api = serveApi({ 'GET application/get': () => ok(payingDetail()), 'POST dev/payment/pay': () => ok({ status: 'held', amount: 11000 }, 'Оплата получена') });
      const user = userEvent.setup();
      renderDetail();
      const pay = await screen.findByRole('button', { name: 'Оплатить (тестовый банк)' });
      await user.click(pay);
      await waitFor(() => expect(api.callsTo('POST dev/payment/pay')).toHaveLength(1));
      act(() => shellNotifies());

      await waitFor(() => expect(pay).not.toHaveAttribute('aria-busy'));
      expect(toasts).toEqual([{ type: 'info', message: PAID_NOTICE }]);
    });

    it('by the notification alone when it comes before the answer', async () => {
      serveApi({
        'GET application/get': () => ok(payingDetail()),
        'POST dev/payment/pay': () => {
          shellNotifies();
          return ok({ status: 'held', amount: 11000 }, 'Оплата получена');
        },
      });
      const user = userEvent.setup();
      renderDetail();
      const pay = await screen.findByRole('button', { name: 'Оплатить (тестовый банк)' });
      await user.click(pay);

      await waitFor(() => expect(pay).not.toHaveAttribute('aria-busy'));
      expect(toasts).toEqual([{ type: 'info', message: PAID_NOTICE }]);
    });

    describe('without the notification (socket down, or about another application)', () => {
      beforeEach(() => jest.useFakeTimers());
      afterEach(() => jest.useRealTimers());

      it('by its own toast once the wait is over', async () => {
        const api = serveApi({ 'GET application/get': () => ok(payingDetail()), 'POST dev/payment/pay': () => ok({ status: 'held', amount: 11000 }, 'Оплата получена') });
        const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
        renderDetail();
        await user.click(await screen.findByRole('button', { name: 'Оплатить (тестовый банк)' }));
        await waitFor(() => expect(api.callsTo('POST dev/payment/pay')).toHaveLength(1));
        const other = 'Заявка № 8: оплата получена';
        act(() => shellNotifies(8, other));
        await act(() => jest.advanceTimersByTimeAsync(NOTIFICATION_WAIT_MS - 100));
        expect(toasts).toEqual([{ type: 'info', message: other }]);

        await act(() => jest.advanceTimersByTimeAsync(200));
        expect(toasts).toEqual([
          { type: 'info', message: other },
          { type: 'success', message: 'Оплата получена' },
        ]);
      });
    });
  });

  it('once paid, keeps the invoice for the books but offers no QR code to pay again', async () => {
    serveApi({ 'GET application/get': () => ok(makeDetail({ status: 'in_work', payment: { status: 'held', amount: 11000 }, allowedActions: downloads })) });
    renderDetail();
    const payment = await screen.findByRole('region', { name: 'Оплата' });
    expect(within(payment).getByRole('button', { name: 'Скачать счёт' })).toBeInTheDocument();
    expect(within(payment).queryByRole('button', { name: /QR-код для оплаты/ })).not.toBeInTheDocument();
    expect(within(payment).queryByText(/Оплатите счёт/)).not.toBeInTheDocument();
  });

  it('the customer is told the start waits for the contract both sides sign too, before paying and after (QA AAF-2)', async () => {
    const unsigned = contractAwaitingExecutor().contract!;
    const named = (payment: { status: 'awaiting' | 'held'; amount: number }) =>
      makeDetail({ status: 'executor_named', contract: unsigned, payment, allowedActions: [...downloads, 'application/stop-working/executor'] });
    serveApi({ 'GET application/get': () => ok(named({ status: 'awaiting', amount: 11000 })) });
    const before = renderDetail();
    expect(await screen.findByRole('region', { name: 'Оплата' })).toHaveTextContent(
      'Оплатите счёт по реквизитам или по QR-коду через СБП: исполнитель начнёт работу после поступления оплаты и подписания договора обеими сторонами.',
    );
    before.unmount();

    serveApi({ 'GET application/get': () => ok(named({ status: 'held', amount: 11000 })) });
    renderDetail();
    expect(await screen.findByText('Исполнитель сможет начать работу, когда договор подпишут обе стороны.')).toBeInTheDocument();
  });

  it('is not shown to someone without the downloads before any payment', async () => {
    serveApi({ 'GET application/get': () => ok(makeDetail({ status: 'executor_named', allowedActions: [] })) });
    renderDetail();
    await detailShown();
    expect(screen.queryByRole('region', { name: 'Оплата' })).not.toBeInTheDocument();
  });
});
