import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, useSessionStore } from 'shared';
import { actAs, CUSTOMER, makeDetail } from './testing/fixtures';
import { ok, serveApi, setTestRuntimeConfig } from './testing/fake-api';
import { renderDetail } from './testing/render-detail';

const toasts: unknown[] = [];
const downloads = ['application/payment-invoices/download', 'application/spb-qr/download'];

beforeEach(() => {
  setTestRuntimeConfig();
  bus.clear();
  toasts.length = 0;
  bus.on('toast:show', (t) => toasts.push(t));
  actAs(CUSTOMER);
  URL.createObjectURL = jest.fn(() => 'blob:file');
  URL.revokeObjectURL = jest.fn();
});

afterEach(() => useSessionStore.getState().clear());

describe('payment block', () => {
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

  it('is not shown to someone without the downloads before any payment', async () => {
    serveApi({ 'GET application/get': () => ok(makeDetail({ status: 'executor_named', allowedActions: [] })) });
    renderDetail();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'Оплата' })).not.toBeInTheDocument();
  });
});
