import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  applicationPaymentInvoiceDownload,
  applicationSbpQrDownload,
  devPaymentPay,
  paymentWebhook,
  type CallContract,
} from 'shared/contract';
import type { AppConfig } from '../../config';
import { AppError } from '../../http/errors';
import { registerCall } from '../../http/register';
import { attachmentDisposition } from '../../providers/storage/attachment';
import { JSON_ONLY_MESSAGE } from '../../plugins/error-handler';
import { requireCaller } from '../../http/caller';
import type { Lifecycle } from '../application/lifecycle';
import type { PaymentService } from './service';
import { PAYMENT_MESSAGES } from './service';
import { verifyWebhookSignature } from './webhook';
import { roublesToKopecks } from './amounts';
import type { PaymentDocuments } from './documents';

export interface PaymentRouteOptions {
  checkResponses: boolean;
  config: AppConfig;
  payments: PaymentService;
  documents: PaymentDocuments;
  lifecycle: Lifecycle;
}

const rawBodies = new WeakMap<FastifyRequest, string>();
export const WEBHOOK_SIGNATURE_MESSAGE = 'Неверная подпись уведомления';

/**
 * The bank's side of a payment. The webhook's HMAC covers the raw body, so this plugin (and only
 * it: the parser is encapsulated) keeps the JSON text as it arrived next to the parsed body.
 */
export async function paymentRoutes(app: FastifyInstance, opts: PaymentRouteOptions) {
  const { config, payments, documents, lifecycle } = opts;
  const o = { checkResponses: opts.checkResponses };

  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    rawBodies.set(request, text);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError(400, 'bad_request', 'Некорректный JSON в теле запроса'), undefined);
    }
  });

  registerCall(
    app,
    paymentWebhook,
    async ({ body }) => {
      const paid = await payments.receive({ operationId: body.operationId, applicationId: body.applicationId, amountKopecks: roublesToKopecks(body.amount) });
      // Accepted either way, so the bank stops retrying; the message says where money matching no
      // open invoice went (the contract's data has no field for it).
      if (paid.credited) return { data: { accepted: true }, message: PAYMENT_MESSAGES.credited[paid.credited] };
      return { data: { accepted: true } };
    },
    {
      ...o,
      // The signature first: an unsigned caller gets the 401, not the body's field errors.
      before(request) {
        // A body that came as another type than JSON (text/plain, or none named: Node's fetch sends
        // text/plain) kept no raw text to check the signature against, and was told «Неверная подпись»:
        // an integrator looked for the fault in the secret (QA AAQ-8). Said as the type it is.
        if (!rawBodies.has(request) && request.body !== undefined) throw new AppError(415, 'unsupported_media_type', JSON_ONLY_MESSAGE);
        const signature = request.headers['x-signature'];
        if (!verifyWebhookSignature(rawBodies.get(request) ?? '', typeof signature === 'string' ? signature : undefined, config.paymentWebhookSecret)) {
          throw new AppError(401, 'bad_signature', WEBHOOK_SIGNATURE_MESSAGE);
        }
      },
    },
  );

  // The bank stand-in exists only where no real bank can be confused with it.
  if (config.env !== 'production') {
    registerCall(
      app,
      devPaymentPay,
      async ({ body, request, user }) => {
        const caller = await requireCaller(request, user);
        // Paying is the customer's: the same decision as the invoice it pays.
        const { row } = await lifecycle.check(body.id, applicationPaymentInvoiceDownload.path, caller);
        if (row.paymentStatus !== 'awaiting') throw new AppError(409, 'not_awaiting', PAYMENT_MESSAGES.notAwaiting);
        await payments.receive({ operationId: `dev-${row.id}-${row.version}`, applicationId: row.id, amountKopecks: Math.round((row.price ?? 0) * 100) });
        return { data: { status: 'held' as const, amount: row.price ?? 0 }, message: PAYMENT_MESSAGES.paid };
      },
      o,
    );
  }

  /** A payment file of one application, to the customer once an executor is named (the table's rows). */
  const file = (call: CallContract, make: (row: Awaited<ReturnType<Lifecycle['check']>>['row']) => Promise<{ bytes: Buffer; name: string; mime: string }>) =>
    app.route({
      method: 'GET',
      url: `/api/${call.path}`,
      async handler(request, reply) {
        const caller = await requireCaller(request);
        const { id } = call.query!.parse(request.query ?? {}) as { id: number };
        const { row } = await lifecycle.check(id, call.path, caller);
        const { bytes, name, mime } = await make(row);
        return reply
          .header('Content-Type', mime)
          .header('Content-Disposition', attachmentDisposition(name))
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', 'private, no-store')
          .send(bytes);
      },
    });

  file(applicationPaymentInvoiceDownload, async (row) => ({ bytes: await documents.invoice(row), name: `Счёт по заявке № ${row.number}.pdf`, mime: 'application/pdf' }));
  file(applicationSbpQrDownload, async (row) => ({ bytes: await documents.qr(row), name: `QR для оплаты заявки № ${row.number}.png`, mime: 'image/png' }));
}
