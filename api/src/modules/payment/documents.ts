import type { Queryable } from '../../db';
import type { LifecycleRow } from '../application/lifecycle';
import { lkRepository } from '../application/lk-repository';
import { profilesRepository } from '../user/profiles-repository';
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
      const payer = await profilesRepository(db).payerDetails(row.customerProfileId);
      // Each issue (a naming, a new agreed price) is its own invoice: «№ 10077», then «№ 10077-2»,
      // dated when issued, so every download of one issue is the same document; now() only for
      // a row never issued one.
      const { issue, at } = await lkRepository(db).invoiceIssue(row.id);
      return invoicePdf({
        requisites,
        number: issue > 1 ? `${row.number}-${issue}` : String(row.number),
        applicationNumber: row.number,
        applicationName: row.name,
        amountKopecks: kopecksOf(row),
        payer: { name: payer?.name ?? '', inn: payer?.inn ?? null, kpp: payer?.kpp ?? null, address: payer?.address ?? null },
        date: at ?? now(),
      });
    },
    async qr(row: LifecycleRow): Promise<Buffer> {
      return gostQrPng(gostQrPayload({ requisites, amountKopecks: kopecksOf(row), purpose: paymentPurpose(row.number, row.name) }));
    },
  };
}
export type PaymentDocuments = ReturnType<typeof paymentDocuments>;
