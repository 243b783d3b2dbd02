import { useId } from 'react';
import { apiRequest, Button, downloadFile, formatMoney, getRuntimeConfig, openFile, type ApplicationLkDetail } from 'shared';
import { applicationPaymentInvoiceDownload, applicationSbpQrDownload, devPaymentPay } from 'shared/lk';
import { withNotification } from '../../../lib/await-notification';
import { useDetailAction } from '../api/use-detail-action';
import { useDownload } from '../hooks/use-download';
import { actionLabel } from '../lib/action-map';
import { PAYMENT_STATUS_LABELS } from '../lib/labels';
import { awaitsSignatures } from '../lib/signed-documents';

const INVOICE = 'application/payment-invoices/download';
const QR = 'application/spb-qr/download';
const PRICE = 'application/update/price';

/**
 * Payment status and amount; the customer's invoice (PDF, kept for the books after payment too)
 * and, until the money has come, the SBP QR code (a PNG in a new tab): scanned after, it would
 * only pay a second time.
 */
export function PaymentSection({ detail, asCustomer }: { detail: ApplicationLkDetail; asCustomer: boolean }) {
  const headingId = useId();
  const invoice = useDownload();
  const qr = useDownload();
  const testPay = useDetailAction();
  const { payment, id } = detail;
  const canInvoice = detail.allowedActions.includes(INVOICE);
  const canQr = detail.allowedActions.includes(QR);
  // Named on a reply and an application without a price (0: «договорная»): nothing to pay yet, and
  // the work cannot start until there is; both sides are told so rather than shown nothing (the
  // executor's start is said by the action bar, beside where «Начать работу» would stand).
  if (detail.status === 'executor_named' && payment.status === 'none' && !detail.price) {
    return (
      <section className="detail-section" aria-labelledby={headingId}>
        <h2 id={headingId}>Оплата</h2>
        <p className="detail-muted">
          {!asCustomer
            ? 'Заказчик ещё не указал цену. Оплатить заявку можно будет, когда он её укажет.'
            : detail.allowedActions.includes(PRICE)
              ? 'Цена не указана: укажите её («Изменить цену»), чтобы оплатить заявку. Исполнитель начнёт работу после оплаты.'
              : 'Цена не указана, а договор уже подписан: чтобы указать цену, загрузите новый договор.'}
        </p>
      </section>
    );
  }
  if (!canInvoice && !canQr && payment.status === 'none') return null;
  const unpaid = payment.status === 'none' || payment.status === 'awaiting';
  const fee = payment.fee ?? 0;
  // Kopecks, as the ledger counts: 1 234,56 − 61,73 must not come out as 1 172,8299….
  const payout = (Math.round(payment.amount * 100) - Math.round(fee * 100)) / 100;

  return (
    <section className="detail-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Оплата</h2>
      <dl className="detail-facts">
        <div>
          <dt>Статус оплаты</dt>
          <dd>{PAYMENT_STATUS_LABELS[payment.status]}</dd>
        </div>
        <div>
          <dt>Сумма</dt>
          <dd>{formatMoney(payment.amount)}</dd>
        </div>
        {/* The executor is paid the sum less the platform's fee: he sees both, not the gross alone. */}
        {!asCustomer && fee > 0 && (
          <>
            <div>
              <dt>Комиссия платформы</dt>
              <dd>{formatMoney(fee)}</dd>
            </div>
            <div>
              <dt>{payment.status === 'released' ? 'Зачислено на ваш баланс' : 'Будет зачислено на ваш баланс'}</dt>
              <dd>{formatMoney(payout)}</dd>
            </div>
          </>
        )}
      </dl>
      {unpaid && (canInvoice || canQr) && (
        <p className="detail-muted">
          Оплатите счёт по реквизитам или по QR-коду через СБП: исполнитель начнёт работу после поступления оплаты
          {awaitsSignatures(detail.contract) ? ' и подписания договора обеими сторонами' : ''}.
        </p>
      )}
      <div className="detail-buttons">
        {canInvoice && (
          <Button
            size="sm"
            variant="secondary"
            loading={invoice.pending}
            onClick={() => invoice.start(() => downloadFile(applicationPaymentInvoiceDownload, { id }, `Счёт по заявке № ${detail.number}.pdf`))}
          >
            {actionLabel(INVOICE)}
          </Button>
        )}
        {canQr && unpaid && (
          <Button
            size="sm"
            variant="secondary"
            loading={qr.pending}
            onClick={() => qr.start(() => openFile(applicationSbpQrDownload, { id }))}
          >
            {actionLabel(QR)}
            <span className="ui-visually-hidden"> (откроется в новой вкладке)</span>
          </Button>
        )}
        {canInvoice && payment.status === 'awaiting' && getRuntimeConfig().devPayments && (
          <Button
            size="sm"
            loading={testPay.isPending}
            // The payment is also announced to the customer by a notification (toasted by the shell): one toast, not two.
            onClick={() =>
              testPay.mutate({
                run: () => withNotification(id, () => apiRequest(devPaymentPay, { body: { id } })),
                success: 'Оплата получена',
                landed: { id, when: (fresh) => fresh.payment.status !== 'none' && fresh.payment.status !== 'awaiting' },
              })
            }
          >
            Оплатить (тестовый банк)
          </Button>
        )}
      </div>
    </section>
  );
}
