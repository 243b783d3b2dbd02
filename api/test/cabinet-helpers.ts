import type { Db } from '../src/db';
import { moneyService } from '../src/modules/money/service';
import { makePerson, makeUserWithoutProfile, must, SAMPLE_PDF, type DealContext, type Person, type Who } from './deal-helpers';
import { lastInviteCode, makeStaffed, type Staffed } from './organization-helpers';

/**
 * A cabinet with something in every drawer, for the access matrix (cabinet-access.test.ts):
 * organisation A (director and an employee who switched to it) owning one of each cabinet
 * resource — a bank requisite, a facility with a private document, an organisation document, a
 * pending invite, a service, and with `money` a balance, a history line and a payout — next to
 * organisation B (same staff, nothing owned), an unrelated personal profile and a user without a
 * profile (who is the addressee of A's invite).
 */
export interface CabinetWorld {
  a: Staffed;
  b: Staffed;
  /** An executor's personal profile (owner role): it has requisites, facilities and services of its own. */
  unrelated: Person;
  /** Logged in, no profile yet; A's pending invite is addressed to his phone. */
  noProfile: { userId: number; phone: string; headers: Record<string, string> };
  requisiteId: number;
  facilityId: number;
  /** A private document of A's facility. */
  facilityDocumentId: number;
  /** A document of organisation A. */
  documentId: number;
  inviteId: number;
  inviteCode: string;
  /** A service A offers, and one it does not. */
  serviceId: number;
  otherServiceId: number;
  facilityTypeId: number;
  rubId: number;
  /** With `money`: the seeded application whose release funded A, and A's payout. */
  fundedApplicationId: number | null;
  payoutId: number | null;
}

/** A settlement requisite that passes every check (Sberbank's BIC and correspondent account). */
export const requisiteBody = (currencyId: number, over: Record<string, unknown> = {}) => ({
  recipientName: 'ООО «Ромашка»',
  inn: '7707083893',
  bic: '044525225',
  correspondentAccount: '30101810400000000225',
  account: '40702810500000001234',
  currencyId,
  ...over,
});

export const FACILITY_ADDRESS = { value: 'г Москва, ул Тверская, д 1', cityFiasId: '0c5b2444-70a0-4932-980c-b4dc0d3f02b5', geoLat: 55.757, geoLon: 37.615 };

/** The multipart fields of `profile/facility/create` (and, with `id`, `update`). */
export const facilityFields = (typeId: number, over: Record<string, string> = {}) => ({
  name: 'Квартира на Тверской',
  typeId: String(typeId),
  description: 'Две комнаты',
  address: JSON.stringify(FACILITY_ADDRESS),
  ...over,
});

/** Seeded applications not used for funding yet (nothing paid on them: the seeded deals hold money), per database: each funds one profile once. */
const unfunded = new WeakMap<Db, number[]>();

/**
 * Money on a profile's balance as it really arrives: a seeded application is paid by its own
 * customer and released to `profileId`. Answers that application's id (its history line names it).
 */
export async function fundProfile(db: Db, profileId: number, kopecks: number): Promise<number> {
  if (!unfunded.has(db)) unfunded.set(db, (await db.query<{ id: number }>("select id from applications where payment_status = 'none' order by id desc")).map((r) => r.id));
  const applicationId = unfunded.get(db)!.shift();
  if (applicationId === undefined) throw new Error('the seed has too few applications to fund another profile');
  const [app] = await db.query<{ customer: number }>('select customer_profile_id as customer from applications where id = $1', [applicationId]);
  const money = moneyService({ db, feePercent: 0 });
  await money.recordPayment({ applicationId, customerProfileId: app!.customer, amountKopecks: kopecks, operationId: `cabinet-fund-${applicationId}` });
  await money.release({ applicationId, executorProfileId: profileId });
  return applicationId;
}

let keySerial = 0;
/** A fresh `Idempotency-Key` header for `balance/refund_virtual_account`. */
export const idempotencyKey = () => ({ 'idempotency-key': `cabinet-${process.pid}-${Date.now()}-${++keySerial}` });

/** The catalogue ids a world needs, read once per database. */
const catalogue = new WeakMap<Db, Promise<{ serviceId: number; otherServiceId: number; facilityTypeId: number; rubId: number }>>();
function catalogueOf(db: Db) {
  if (!catalogue.has(db)) {
    catalogue.set(
      db,
      (async () => {
        const services = await db.query<{ id: number }>('select id from services where parent_id is not null order by id limit 2');
        const [type] = await db.query<{ id: number }>('select id from facility_types order by id limit 1');
        const [rub] = await db.query<{ id: number }>(`select id from currencies where code = 'RUB'`);
        return { serviceId: services[0]!.id, otherServiceId: services[1]!.id, facilityTypeId: type!.id, rubId: rub!.id };
      })(),
    );
  }
  return catalogue.get(db)!;
}

export async function makeCabinetWorld(d: DealContext, { money = false } = {}): Promise<CabinetWorld> {
  const { serviceId, otherServiceId, facilityTypeId, rubId } = await catalogueOf(d.db);
  const a = await makeStaffed(d, 'ООО «А»');
  const b = await makeStaffed(d, 'ООО «Б»');
  const unrelated = await makePerson(d.db, 'executor', 'Посторонний Исполнитель');
  const noProfile = await makeUserWithoutProfile(d.db);
  const director: Who = a.director;
  const { api } = d;

  const requisiteId = must(await api.post(director, 'bank-requisite/create', requisiteBody(rubId)), 'requisite').id as number;
  const facility = must(await api.upload(director, 'profile/facility/create', facilityFields(facilityTypeId, { public: 'false' }), SAMPLE_PDF), 'facility');
  const documentId = must(await api.upload(director, 'organization/document/upload', {}), 'document').id as number;
  const inviteId = must(await api.post(director, 'organization/employee/invite', { phone: noProfile.phone, position: 'Мастер' }), 'invite').id as number;
  must(await api.post(director, 'profile/service/add', { serviceId }), 'service');

  let fundedApplicationId: number | null = null;
  let payoutId: number | null = null;
  if (money) {
    fundedApplicationId = await fundProfile(d.db, a.organizationId, 100_000);
    const res = await d.app.inject({
      method: 'POST',
      url: '/api/balance/refund_virtual_account',
      headers: { ...a.director.headers, ...idempotencyKey() },
      payload: { amount: 1, bankRequisiteId: requisiteId },
    });
    if (res.statusCode !== 200) throw new Error(`payout: ${res.statusCode} ${res.body}`);
    payoutId = res.json().data.id;
  }

  return {
    a,
    b,
    unrelated,
    noProfile,
    requisiteId,
    facilityId: facility.id,
    facilityDocumentId: facility.documents[0].id,
    documentId,
    inviteId,
    inviteCode: await lastInviteCode(d, noProfile.phone),
    serviceId,
    otherServiceId,
    facilityTypeId,
    rubId,
    fundedApplicationId,
    payoutId,
  };
}
