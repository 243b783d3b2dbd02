import type { Queryable } from '../../db';
import type { LifecycleRow } from '../application/lifecycle';
import { lkRepository } from '../application/lk-repository';
import { invoicePdf } from './invoice-pdf';
import { gostQrPayload, gostQrPng, paymentPurpose } from './qr';
import type { PayeeRequisites } from './requisites';

/**
 * The customer's two ways to pay an application (§8): a PDF invoice and a ГОСТ Р 56042-2014 QR
 * code, both for the agreed price with the application number in the purpose.
 */
export function paymentDocuments({ db, requisites, now }: { db: Queryable; requisites: PayeeRequisites; now: () => Date }) {
  const kopecksOf = (row: LifecycleRow) => Math.round((row.price ?? 0) * 100);
  return {
    async invoice(row: LifecycleRow): Promise<Buffer> {
      const [payer] = await db.query<{ name: string; inn: string | null }>('select name, inn from profiles where id = $1', [row.customerProfileId]);
      // Dated the day the executor was named, so every download of one invoice is the same
      // document; now() only for a row without that history.
      const named = await lkRepository(db).namedAt(row.id);
      return invoicePdf({
        requisites,
        number: String(row.number),
        applicationNumber: row.number,
        applicationName: row.name,
        amountKopecks: kopecksOf(row),
        payer: { name: payer?.name ?? '', inn: payer?.inn ?? null },
        date: named ?? now(),
      });
    },
    async qr(row: LifecycleRow): Promise<Buffer> {
      return gostQrPng(gostQrPayload({ requisites, amountKopecks: kopecksOf(row), purpose: paymentPurpose(row.number, row.name) }));
    },
  };
}
export type PaymentDocuments = ReturnType<typeof paymentDocuments>;
