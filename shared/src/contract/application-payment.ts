import { applicationFileDownload } from './application-documents';

/** Payment files of an application (ARCHITECTURE §8 "Payment and money"), for its customer. */

/** A PDF invoice in Russian: platform requisites, amount, purpose with the application number. */
export const applicationPaymentInvoiceDownload = applicationFileDownload('application/payment-invoices/download', 'Счёт на оплату заявки (PDF)');

/** A PNG QR code of ГОСТ Р 56042-2014 for the same payment. */
export const applicationSbpQrDownload = applicationFileDownload('application/spb-qr/download', 'QR-код для оплаты заявки (PNG)');
