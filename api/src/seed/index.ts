import { applicationStatuses, type ApplicationStatus } from 'shared/contract';
import type { Db, Queryable } from '../db';
import { hashPassword } from '../lib/password';
import { feeBasisPoints } from '../modules/money/fees';
import { ledger } from '../modules/money/ledger';
import type { FileStorage } from '../providers/storage';
import { applicationTemplates, facilityTypes, serviceGroups } from './catalog';
import { cities, onStreet, type City } from './cities';
import { insertSeedDocuments, writeSeedFiles } from './documents';
import { DEMO_PASSWORD, people } from './people';
import { seededRandom } from './random';

export const SEED_COUNTS = { applications: 72, published: 60, services: 35, cities: cities.length } as const;

/** Statuses of the applications after the published ones: one of each, then a few repeats. */
const otherStatuses: ApplicationStatus[] = [
  ...applicationStatuses.filter((s) => s !== 'published'),
  'draft',
  'in_work',
];

const cityValue = (city: City) => (city.region === 'г ' + city.name ? city.region : `${city.region}, г ${city.name}`);

/** A person's profile names a city, as the cabinet's «Город» sets it; no one's home address is public. */
function cityAddress(city: City) {
  return { value: cityValue(city), cityFiasId: city.fiasId, geoLat: city.lat, geoLon: city.lon };
}

function address(city: City, random: () => number) {
  const street = city.streets[Math.floor(random() * city.streets.length)] ?? city.streets[0];
  const house = 1 + Math.floor(random() * 120);
  return {
    street,
    value: `${cityValue(city)}, ${street}, д ${house}`,
    cityFiasId: city.fiasId,
    // Spread points a few kilometres around the centre so map markers do not overlap.
    geoLat: Number((city.lat + (random() - 0.5) * 0.08).toFixed(6)),
    geoLon: Number((city.lon + (random() - 0.5) * 0.12).toFixed(6)),
  };
}

async function insertServices(tx: Queryable): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  let sort = 0;
  for (const group of serviceGroups) {
    const [g] = await tx.query<{ id: number }>(
      'insert into services (name, parent_id, group_name, sort) values ($1, null, null, $2) returning id',
      [group.name, sort++],
    );
    ids.set(group.name, g!.id);
    for (const name of group.services) {
      const [s] = await tx.query<{ id: number }>(
        'insert into services (name, parent_id, group_name, sort) values ($1, $2, $3, $4) returning id',
        [name, g!.id, group.name, sort++],
      );
      ids.set(name, s!.id);
    }
  }
  return ids;
}

async function insertPeople(tx: Queryable, serviceIds: Map<string, number>, random: () => number) {
  // Each joined a day after the one before, the last one yesterday (`daysAgo`): on one
  // timestamp the catalogue's «Сначала новые на сервисе» and «Сначала давно на сервисе» showed the
  // same order (ties go by id).
  const daysAgo = (i: number) => people.length - i;
  const hashes = await Promise.all(people.map(() => hashPassword(DEMO_PASSWORD)));
  const profiles: Array<{ id: number; type: string }> = [];
  for (const [i, person] of people.entries()) {
    const [user] = await tx.query<{ id: number }>(
      `insert into users (phone, name, email, password_hash, phone_verified_at, created_at) values ($1, $2, $3, $4, now(), now() - make_interval(days => $5)) returning id`,
      [person.phone, person.name, person.email, hashes[i], daysAgo(i)],
    );
    const city = cities[i % cities.length]!;
    // An organisation's is its legal address (as organisation/create takes it from the registry).
    // Drawn for everyone, so that the demo data after it stays the same.
    const legal = address(city, random);
    const a = person.profile.type === 'organization' ? legal : cityAddress(city);
    const [profile] = await tx.query<{ id: number }>(
      `insert into profiles (user_id, type, name, inn, address_value, city_fias_id, geo_lat, geo_lon, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, now() - make_interval(days => $9)) returning id`,
      [user!.id, person.profile.type, person.profile.name, person.profile.inn ?? null, a.value, a.cityFiasId, a.geoLat, a.geoLon, daysAgo(i)],
    );
    await tx.query('update users set active_profile_id = $1 where id = $2', [profile!.id, user!.id]);
    // An organisation is acted for by its members: its director is the first (policy/caller.ts).
    if (person.profile.type === 'organization') {
      await tx.query('insert into organization_members (organization_id, user_id, director) values ($1, $2, true)', [profile!.id, user!.id]);
    }
    for (const service of person.profile.services ?? []) {
      await tx.query('insert into profile_services (profile_id, service_id) values ($1, $2)', [profile!.id, serviceIds.get(service)]);
    }
    profiles.push({ id: profile!.id, type: person.profile.type });
  }
  return profiles;
}

/** «Бригада Николая Орлова»: the executor of the seeded deals. */
export const DEALS_EXECUTOR_PHONE = '79990000014';

/** Statuses past the naming of an executor: the deals' executor is on them, as the lifecycle would have put him. */
const NAMED: readonly ApplicationStatus[] = ['executor_named', 'in_work', 'on_review', 'revision', 'executed', 'closed'];
/** Paid: the price is held from the start of work on (accepted work too), and released to the executor when the application is closed. */
const HELD: readonly ApplicationStatus[] = ['in_work', 'on_review', 'revision', 'executed'];
const RELEASED: readonly ApplicationStatus[] = ['closed'];
/** Statuses after which the executor is unbound again (he cancelled, or the customer stopped him). */
const PARTED: readonly ApplicationStatus[] = ['cancelled_by_executor', 'stopped_by_customer'];

/**
 * A seeded application past publication carries the deal its status implies, so that the demo
 * customer and executor see a consistent one and can carry it on: the executor's reply, the
 * executor named, the price held in escrow or released to him on the ledger, the review of a
 * closed one. Money moves through the ledger itself (double-entry, the fee as configured).
 */
async function insertDeal(tx: Queryable, app: { id: number; status: ApplicationStatus; price: number; customerId: number }, executorId: number, feePercent: number) {
  if (!NAMED.includes(app.status) && !PARTED.includes(app.status)) return;
  const parted = PARTED.includes(app.status);
  // A parted deal's reply is closed as the lifecycle closes it (a stop `rejected`, a cancel
  // `withdrawn`) at the time of the status's history row (the transaction's now()), so that its
  // executor reads how his deal ended, not «Вы отозвали свой отклик» (QA HH-3).
  const replyStatus = !parted ? 'active' : app.status === 'stopped_by_customer' ? 'rejected' : 'withdrawn';
  await tx.query(
    `insert into application_replies (application_id, executor_profile_id, price, comment, status, created_at, updated_at)
     values ($1, $2, $3, $4, $5, now() - interval '2 days', case when $6 then now() else now() - interval '2 days' end)`,
    [app.id, executorId, app.price, 'Здравствуйте! Готов выполнить работу в срок, опыт есть.', replyStatus, parted],
  );
  if (parted) return;
  const held = HELD.includes(app.status) || RELEASED.includes(app.status);
  const released = RELEASED.includes(app.status);
  const payment = released ? 'released' : held ? 'held' : 'awaiting';
  await tx.query(
    `update applications set executor_profile_id = $2, payment_status = $3,
       invoice_issue = 1, invoice_issued_at = now() - interval '1 day',
       review_rating = case when $4 then 5 end, review_text = case when $4 then 'Всё сделано аккуратно и в срок, рекомендую.' end,
       reviewed_at = case when $4 then now() end
     where id = $1`,
    [app.id, executorId, payment, app.status === 'closed'],
  );
  if (!held) return;
  const money = ledger(tx, { feeBasisPoints: feeBasisPoints(feePercent), now: () => new Date() });
  await money.recordPayment({ applicationId: app.id, customerProfileId: app.customerId, amountKopecks: Math.round(app.price * 100), operationId: `seed-${app.id}` });
  if (released) await money.release({ applicationId: app.id, executorProfileId: executorId });
}

async function insertApplications(tx: Queryable, customerIds: number[], executorId: number, serviceIds: Map<string, number>, random: () => number, feePercent: number) {
  for (let i = 0; i < SEED_COUNTS.applications; i++) {
    const template = applicationTemplates[i % applicationTemplates.length]!;
    const city = cities[(i * 5) % cities.length]!;
    const a = address(city, random);
    const status: ApplicationStatus = i < SEED_COUNTS.published ? 'published' : otherStatuses[i - SEED_COUNTS.published]!;
    const price = Math.round((template.basePrice * (0.7 + random() * 0.8)) / 500) * 500;
    const deadlineDays = 10 + ((i * 7) % 80);
    const feedbackDays = Math.max(2, deadlineDays - 7);
    const [app] = await tx.query<{ id: number }>(
      `insert into applications (name, description, status, price, deadline, feedback_deadline,
         address_value, city_fias_id, geo_lat, geo_lon, customer_profile_id, published_at, created_at, updated_at)
       values ($1, $2, $3, $4, current_date + $5::int, current_date + $6::int, $7, $8, $9, $10, $11,
         case when $3 = 'draft' then null else now() - make_interval(hours => $12) end,
         now() - make_interval(hours => $12), now() - make_interval(hours => $12))
       returning id`,
      [template.name, template.description, status, price, deadlineDays, feedbackDays, a.value, a.cityFiasId, a.geoLat, a.geoLon,
        customerIds[i % customerIds.length], 3 + i * 5],
    );
    for (const service of template.services) {
      await tx.query('insert into application_services (application_id, service_id) values ($1, $2)', [app!.id, serviceIds.get(service)]);
    }
    await tx.query('insert into application_history (application_id, from_status, to_status, comment) values ($1, null, $2, $3)', [
      app!.id,
      status,
      'Демонстрационные данные',
    ]);
    await insertDeal(tx, { id: app!.id, status, price, customerId: customerIds[i % customerIds.length]! }, executorId, feePercent);
  }
}

async function insertFacilities(tx: Queryable, ownerIds: number[], random: () => number) {
  const typeIds: number[] = [];
  for (const name of facilityTypes) {
    const [row] = await tx.query<{ id: number }>('insert into facility_types (name) values ($1) on conflict (name) do update set name = excluded.name returning id', [name]);
    typeIds.push(row!.id);
  }
  const names = ['Квартира', 'Дом', 'Офис', 'Склад', 'Магазин', 'Площадка'];
  for (let i = 0; i < 12; i++) {
    const city = cities[(i * 7) % cities.length]!;
    const a = address(city, random);
    await tx.query(
      `insert into facilities (profile_id, type_id, name, description, address_value, city_fias_id, geo_lat, geo_lon)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [ownerIds[i % ownerIds.length], typeIds[i % typeIds.length], `${names[i % names.length]} ${onStreet(a.street!)}`,
        `Объект ${city.inCity}`, a.value, a.cityFiasId, a.geoLat, a.geoLon],
    );
  }
}

export interface SeedOptions {
  /** Where the demo documents' files go (the app's storage); without it only their rows are added. */
  storage?: FileStorage;
  /** PLATFORM_FEE_PERCENT: the fee kept from the seeded deals' released payments (none by default). */
  feePercent?: number;
  /**
   * The demo people (with the README's password), their applications, deals, facilities and
   * documents; true by default. Without them only the services catalogue (SEED_DEMO, production).
   */
  demo?: boolean;
}

/**
 * Fills an empty database once: the services catalogue, and the demo data unless `demo` is false.
 * Returns false when there was nothing to add.
 */
export async function seed(db: Db, options: SeedOptions = {}): Promise<boolean> {
  const demo = options.demo ?? true;
  const added = await db.transaction(async (tx) => {
    // The marker rows make a concurrent or repeated seed wait, then skip.
    const marker = await tx.query(
      `insert into app_meta (key, value) values ('seed', $1) on conflict (key) do nothing returning key`,
      [demo ? 'demo-v1' : 'catalog-v1'],
    );
    if (marker.length > 0) {
      const serviceIds = await insertServices(tx);
      if (!demo) return true;
      const random = seededRandom(20261122);
      const profiles = await insertPeople(tx, serviceIds, random);
      const customerIds = profiles.filter((p) => p.type !== 'executor').map((p) => p.id);
      // A builders' crew of the demo data carries the seeded deals (README names it); the
      // documented demo executor starts with a clean slate.
      const executorId = profiles[people.findIndex((p) => p.phone === DEALS_EXECUTOR_PHONE)]!.id;
      await insertApplications(tx, customerIds, executorId, serviceIds, random, options.feePercent ?? 0);
      await insertFacilities(tx, customerIds, random);
    }
    if (!demo) return false;
    const documents = await insertSeedDocuments(tx);
    return marker.length > 0 || documents;
  });
  if (demo && options.storage) await writeSeedFiles(db, options.storage);
  return added;
}
