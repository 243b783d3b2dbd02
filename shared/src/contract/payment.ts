import { z } from 'zod';
import { paymentSchema } from './application-shapes';
import { idSchema, MAX_AMOUNT } from './common';
import { defineCall } from './define';
import { lazySchema } from './lazy-schema';

/**
 * The bank's side of a payment (ARCHITECTURE §8 "Payment and money"): its notification that an
 * invoice was paid, and the development stand-in that pays one as the bank would.
 */

/** The bank's id of the transfer: replays of one id change nothing, so it is stored and compared. */
const operationIdSchema = lazySchema(() => z
  .string({ error: 'Укажите идентификатор операции' })
  .trim()
  .min(1, { error: 'Укажите идентификатор операции' })
  .max(100, { error: 'Идентификатор операции — не длиннее 100 символов' })
  // Letters, digits and a few separators cover UUIDs and bank references; nothing to escape in logs.
  .regex(/^[0-9A-Za-z._:\/-]+$/, { error: 'Идентификатор операции содержит недопустимые символы' }));

/** Roubles paid, with kopecks at most: the ledger counts whole kopecks. */
const paidAmountSchema = lazySchema(() => z
  .number({ error: 'Укажите сумму числом' })
  .positive({ error: 'Сумма должна быть больше нуля' })
  .max(MAX_AMOUNT, { error: 'Слишком большая сумма' })
  // The double nearest to its two-decimal form: exact near a trillion too, where a fixed tolerance
  // on v * 100 would refuse valid sums.
  .refine((v) => Number(v.toFixed(2)) === v, { error: 'Сумма — не точнее копеек' }));

/** `POST payment/webhook` body, signed by `X-Signature` (hex HMAC-SHA256 of the raw body). */
export const paymentWebhookBodySchema = lazySchema(() => z.object({
  operationId: operationIdSchema,
  applicationId: idSchema,
  amount: paidAmountSchema,
  paidAt: z.iso.datetime({ offset: true, error: 'Укажите время оплаты в формате ISO 8601' }),
}));
export type PaymentWebhookBody = z.infer<typeof paymentWebhookBodySchema>;

export const paymentWebhook = defineCall({
  method: 'POST',
  path: 'payment/webhook',
  auth: 'none',
  headers: { 'X-Signature': { required: true, description: 'HMAC-SHA256 сырого тела запроса по PAYMENT_WEBHOOK_SECRET, hex' } },
  summary: 'Уведомление банка об оплате счёта (подпись в заголовке X-Signature)',
  body: paymentWebhookBodySchema,
  data: lazySchema(() => z.object({ accepted: z.boolean() })),
});

export const devPaymentPay = defineCall({
  method: 'POST',
  path: 'dev/payment/pay',
  auth: 'required',
  summary: 'Оплата счёта заявки, как это сделал бы банк (только вне production)',
  body: lazySchema(() => z.object({ id: idSchema })),
  data: paymentSchema,
});
