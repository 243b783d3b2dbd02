/**
 * Per-user flood limits (QA GG-4, auth/settings.ts `FloodLimits`): messages, uploaded files and
 * bytes, new applications. Each is refused after its max with 429, Retry-After and a Russian
 * «… Попробуйте через N …», stores nothing, leaves other users alone, counts every profile of the
 * user, gives its count back when the call fails or adds nothing, and frees as its window slides.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { signAccessToken } from '../src/lib/jwt';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Db } from '../src/db';
import { facilityFields } from './cabinet-helpers';
import { caller, completeFields, makePerson, meddling, must, type CallAnswer, type FilePart, type Person } from './deal-helpers';
import { samples } from './fixtures/file-samples';
import { openTestDb } from './helpers';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Small enough to cross in a test; the defaults (500 an hour, 1 GB a day) are the same rules with bigger numbers. */
const MESSAGES_PER_HOUR = 40;
const BYTES_PER_DAY = 1000;

const FILES = mkdtempSync(path.join(os.tmpdir(), 'flood-limits-'));
let clock = Date.now();
let db: Db;
let closeDb: () => Promise<void>;
let app: FastifyInstance;
let api: ReturnType<typeof caller>;
/** The headers of the last answer (Retry-After): the deal helpers' caller answers status and body. */
let lastHeaders: Record<string, unknown> = {};
let typeId: number;

beforeAll(async () => {
  ({ db, close: closeDb } = await openTestDb());
  const lax = { max: 1_000_000, windowSeconds: 1 };
  app = await buildApp({
    config: testConfig({ filesDir: FILES }),
    db,
    logger: false,
    now: () => clock,
    auth: {
      limits: {
        smsPerIp: lax,
        smsPerPhone: lax,
        smsGlobal: lax,
        messagesPerHour: { max: MESSAGES_PER_HOUR, windowSeconds: 3600 },
        uploadBytesPerDay: { max: BYTES_PER_DAY, windowSeconds: 24 * 3600 },
      },
    },
  });
  const recording = {
    inject: async (options: InjectOptions) => {
      const res = await app.inject(options);
      lastHeaders = res.headers;
      return res;
    },
  };
  api = caller(recording as unknown as FastifyInstance);
  typeId = (await db.query<{ id: number }>("select id from facility_types where name = 'Квартира'"))[0]!.id;
});
afterAll(async () => {
  await app.close();
  await closeDb();
  rmSync(FILES, { recursive: true, force: true });
});

/** A person whose token outlives the days the tests move the clock by. */
async function person(type: 'customer' | 'executor' | 'organization', name?: string): Promise<Person> {
  const p = await makePerson(db, type, name);
  const sid = randomUUID();
  await db.query('insert into auth_sessions (id, user_id) values ($1, $2)', [sid, p.userId]);
  return { ...p, headers: { authorization: `Bearer ${signAccessToken({ sub: p.userId, sid }, 'test-secret', 30 * 86_400, Math.floor(clock / 1000))}` } };
}

/** Another profile of the same user, made his active one: the limits are the user's, whichever profile he acts as. */
async function actAsNewOrganization(who: Person): Promise<number> {
  const [org] = await db.query<{ id: number }>("insert into profiles (user_id, type, name) values ($1, 'organization', 'ООО «Второй профиль»') returning id", [who.userId]);
  await db.query('insert into organization_members (organization_id, user_id, director) values ($1, $2, true)', [org!.id, who.userId]);
  await db.query('update users set active_profile_id = $2 where id = $1', [who.userId, org!.id]);
  return org!.id;
}
const actAs = (who: Person, profileId: number) => db.query('update users set active_profile_id = $2 where id = $1', [who.userId, profileId]);

/** Every file in the app's storage, under any prefix. */
function storedFiles(): number {
  try {
    return readdirSync(FILES, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
  } catch {
    return 0;
  }
}

const count = async (sql: string, params: unknown[]) => (await db.query<{ n: number }>(sql, params))[0]!.n;

/** A PDF of `size` bytes (the type is told by its first bytes). */
const pdf = (size: number, name = 'документ.pdf'): FilePart => ({ name, bytes: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size - 9, 0x20)]) });
const SMALL = pdf(64);

/** A 429 with its code, Russian message and Retry-After. */
function expectRefused(answer: CallAnswer, message: string, retryAfterSeconds: number) {
  expect({ status: answer.status, code: answer.body.code, message: answer.body.message, retryAfter: lastHeaders['retry-after'] }).toEqual({
    status: 429,
    code: 'too_many_requests',
    message,
    retryAfter: String(retryAfterSeconds),
  });
}

async function publishedApplication(customer: Person): Promise<number> {
  return must(await api.post(customer, 'application/create', await completeFields(db)), 'application/create').id;
}

const messagesIn = (messagingId: number) => count('select count(*)::int as n from messages where messaging_id = $1', [messagingId]);
const TEXT_FILE: FilePart = { name: 'заметка.txt', bytes: Buffer.from('просто текст, не документ\n') };

describe('messages: 30 a minute and (here) 40 an hour per user', () => {
  it('the 31st in a minute is refused, stores nothing, counts his other profile too, leaves others alone, and frees a minute after the first', async () => {
    const customer = await person('customer', 'Анна Заказчикова');
    const writer = await person('executor', 'Иван Мастеров');
    const applicationId = await publishedApplication(customer);
    const messagingId = must(await api.post(writer, 'message/create', { applicationId, text: 'Здравствуйте!' }), 'first message').messagingId as number;
    for (let i = 2; i <= 30; i++) must(await api.post(writer, 'message/create', { messagingId, text: `Сообщение ${i}` }), `message ${i}`);
    const files = storedFiles();

    expectRefused(await api.post(writer, 'message/create', { messagingId, text: 'Ещё одно' }), 'Слишком много сообщений. Попробуйте через 60 секунд', 60);
    // With files: refused before a byte of them is stored.
    clock += 15 * SECOND;
    expectRefused(
      await api.form(writer, 'message/create', { messagingId: String(messagingId), text: 'С файлом' }, [SMALL, SMALL]),
      'Слишком много сообщений. Попробуйте через 45 секунд',
      45,
    );
    expect(storedFiles()).toBe(files);
    expect(await messagesIn(messagingId)).toBe(30);
    expect(await count('select count(*)::int as n from message_documents d join messages m on m.id = d.message_id where m.messaging_id = $1', [messagingId])).toBe(0);

    // Acting as his organisation, he is still the same user.
    await actAsNewOrganization(writer);
    expect((await api.post(writer, 'message/create', { applicationId, text: 'От организации' })).status).toBe(429);
    await actAs(writer, writer.profileId);

    // The other party is another user, with a count of her own.
    expect((await api.post(customer, 'message/create', { messagingId, text: 'Отвечаю' })).status).toBe(200);

    clock += 45 * SECOND;
    expect((await api.form(writer, 'message/create', { messagingId: String(messagingId), text: 'Через минуту' }, [SMALL])).status).toBe(200);
    expect(await count('select count(*)::int as n from messages where messaging_id = $1 and author_profile_id = $2', [messagingId, writer.profileId])).toBe(31);
  });

  it('past the hour’s max the wait is the hour’s; a send again and a message refused after it was counted give their count back', async () => {
    const customer = await person('customer');
    const writer = await person('executor');
    const applicationId = await publishedApplication(customer);
    const start = clock;
    const first = { applicationId, text: 'Первое', clientKey: 'first-message-key' };
    const messagingId = must(await api.post(writer, 'message/create', first), 'first').messagingId as number;
    expect((await api.post(writer, 'message/create', first)).status).toBe(200);
    // Counted once it may be sent, then refused for its file's type: not counted.
    expect((await api.form(writer, 'message/create', { messagingId: String(messagingId), text: 'Заметка' }, [TEXT_FILE])).status).toBe(415);
    // Had either counted, the 30th of this minute or the 40th of the hour would be refused.
    for (let i = 2; i <= MESSAGES_PER_HOUR; i++) {
      if (i === 30) clock += MINUTE;
      must(await api.post(writer, 'message/create', { messagingId, text: `Сообщение ${i}` }), `message ${i}`);
    }
    clock += MINUTE;
    expectRefused(await api.post(writer, 'message/create', { messagingId, text: 'Сорок первое' }), 'Слишком много сообщений. Попробуйте через 58 минут', 58 * 60);
    expect(await messagesIn(messagingId)).toBe(MESSAGES_PER_HOUR);
    clock = start + HOUR;
    expect((await api.post(writer, 'message/create', { messagingId, text: 'Через час' })).status).toBe(200);
  });
});

describe('uploads: 60 files an hour and (here) 1,000 bytes a day per user, over every upload call', () => {
  it('the 61st file is refused by every upload call, nothing of it is stored, a refused form gives back what it counted, and the hour frees it', async () => {
    const owner = await person('customer', 'Ольга Владелица');
    const applicationId = await publishedApplication(owner);
    const executor = await person('executor');
    const messagingId = must(await api.post(executor, 'message/create', { applicationId, text: 'Здравствуйте' }), 'conversation').messagingId as number;
    const files = storedFiles();
    const start = clock;
    const facility = (parts: FilePart[]) => api.form(owner, 'profile/facility/create', facilityFields(typeId), parts);
    const facilities = () => count('select count(*)::int as n from facilities where profile_id = $1', [owner.profileId]);
    // 16 bytes each: the day's bytes (1,000 here) are not what this test crosses.
    const ten = Array.from({ length: 10 }, (_, i) => pdf(16, `план ${i}.pdf`));
    for (let i = 0; i < 5; i++) must(await facility(ten), `facility ${i}`);
    must(await api.form(owner, 'message/create', { messagingId: String(messagingId), text: 'Фото' }, ten.slice(0, 5)), 'message with files');
    expect(storedFiles()).toBe(files + 55);

    // Ten more: five fit, the sixth is refused, and the form is refused whole: none of it stays, nor its count.
    expectRefused(await facility(ten), 'Слишком много загрузок файлов. Попробуйте через 60 минут', 3600);
    expect(storedFiles()).toBe(files + 55);
    expect(await facilities()).toBe(5);
    must(await facility(ten.slice(0, 5)), 'the five that fit');
    expect(storedFiles()).toBe(files + 60);

    clock += 10 * MINUTE;
    const refusals: Array<[string, () => Promise<CallAnswer>]> = [
      ['application/document/upload', () => api.upload(owner, 'application/document/upload', { id: String(applicationId), public: 'false' }, SMALL)],
      ['message/create', () => api.form(owner, 'message/create', { messagingId: String(messagingId), text: 'Ещё фото' }, [SMALL])],
      ['profile/facility/create', () => facility([SMALL])],
    ];
    for (const [call, send] of refusals) {
      const answer = await send();
      expect([call, answer.status]).toEqual([call, 429]);
      expectRefused(answer, 'Слишком много загрузок файлов. Попробуйте через 50 минут', 3000);
    }
    // His organisation's documents too: the user's count, whichever profile he acts as.
    await actAsNewOrganization(owner);
    expect((await api.upload(owner, 'organization/document/upload', {}, SMALL)).status).toBe(429);
    await actAs(owner, owner.profileId);
    expect(storedFiles()).toBe(files + 60);
    expect(await count('select count(*)::int as n from application_documents where application_id = $1', [applicationId])).toBe(0);
    expect(await messagesIn(messagingId)).toBe(2);
    expect(await facilities()).toBe(6);

    // A message without files is no upload; another user uploads as before.
    expect((await api.post(owner, 'message/create', { messagingId, text: 'Без файлов' })).status).toBe(200);
    const other = await person('customer');
    const othersApplication = await publishedApplication(other);
    expect((await api.upload(other, 'application/document/upload', { id: String(othersApplication), public: 'false' }, SMALL)).status).toBe(200);

    clock = start + HOUR;
    expect((await api.upload(owner, 'application/document/upload', { id: String(applicationId), public: 'false' }, SMALL)).status).toBe(200);
  });

  it('bytes are counted once stored: the upload that crosses the day’s quota passes, the next is refused until the day frees it', async () => {
    const owner = await person('organization', 'ООО «Архив»');
    const documents = () => count('select count(*)::int as n from organization_documents where organization_id = $1', [owner.profileId]);
    const start = clock;
    must(await api.upload(owner, 'organization/document/upload', {}, pdf(600)), 'the first 600 bytes');
    clock += HOUR;
    // Another document (the same file again would be the first one, QA CCC-2).
    must(await api.upload(owner, 'organization/document/upload', {}, pdf(600, 'документ-2.pdf')), 'the 600 that cross 1,000');
    const files = storedFiles();

    expectRefused(await api.upload(owner, 'organization/document/upload', {}, pdf(10)), 'Слишком большой объём загруженных файлов за сутки. Попробуйте через 23 часа', 23 * 3600);
    expect(storedFiles()).toBe(files);
    expect(await documents()).toBe(2);
    // Text is no upload; another user's day is his own.
    const customer = await person('customer');
    const applicationId = await publishedApplication(customer);
    expect((await api.post(owner, 'message/create', { applicationId, text: 'Здравствуйте' })).status).toBe(200);
    const other = await person('organization');
    expect((await api.upload(other, 'organization/document/upload', {}, pdf(600))).status).toBe(200);

    // The first 600 leave the window a day after they were stored: 600 remain, and there is room again.
    clock = start + DAY;
    expect((await api.upload(owner, 'organization/document/upload', {}, { name: 'скан.png', bytes: samples.png })).status).toBe(200);
    expect(await documents()).toBe(3);
  });
});

describe('uploads sent again, and the day’s bytes at its edge', () => {
  it('a message with files sent again with its clientKey counts its bytes once (QA OO-1)', async () => {
    const customer = await person('customer');
    const applicationId = await publishedApplication(customer);
    const writer = await person('organization');
    const photo = { applicationId: String(applicationId), text: 'Фото', clientKey: 'photo-message-key' };
    const first = must(await api.form(writer, 'message/create', photo, [pdf(600)]), 'the message with 600 bytes');
    expect(first.id).toEqual(expect.any(Number));
    expect(must(await api.form(writer, 'message/create', photo, [pdf(600)]), 'the same message again').id).toBe(first.id);
    // 600 stored and kept: 300 more fit in the 1,000 (had the send again counted, 1,200 would refuse them).
    expect((await api.upload(writer, 'organization/document/upload', {}, pdf(300))).status).toBe(200);
  });

  it('a document sent again (its answer lost) is the one kept, and its bytes count once (QA CCC-2)', async () => {
    const owner = await person('organization');
    const first = must(await api.upload(owner, 'organization/document/upload', {}, pdf(600)), 'the document with 600 bytes');
    expect(must(await api.upload(owner, 'organization/document/upload', {}, pdf(600)), 'the same document again').id).toBe(first.id);
    // 600 stored and kept: 300 more fit in the 1,000 (had the send again counted, 1,200 would refuse them).
    expect((await api.upload(owner, 'organization/document/upload', {}, pdf(300, 'ещё.pdf'))).status).toBe(200);
  });

  it('a facility sent again with its clientKey gives back its files’ counts (QA OO-4)', async () => {
    const owner = await person('customer');
    const facility = (fields: Record<string, string>, parts: FilePart[]) => api.form(owner, 'profile/facility/create', fields, parts);
    // 10 bytes each: 60 files are 600 bytes, within the day's 1,000.
    const ten = Array.from({ length: 10 }, (_, i) => pdf(10, `план ${i}.pdf`));
    const keyed = { ...facilityFields(typeId), clientKey: 'facility-key' };
    const made = must(await facility(keyed, ten), 'the facility');
    expect(made.id).toEqual(expect.any(Number));
    expect(must(await facility(keyed, ten), 'the same facility again').id).toBe(made.id);
    // 10 kept: 50 more fit in the hour's 60, the 61st does not.
    for (let i = 0; i < 5; i++) must(await facility(facilityFields(typeId), ten), `facility ${i + 2}`);
    expectRefused(await facility(facilityFields(typeId), [pdf(10)]), 'Слишком много загрузок файлов. Попробуйте через 60 минут', 3600);
  });

  it('at exactly the day’s bytes the next upload is refused; one byte short it passes, the «room» check holding nothing back (QA OO-2, OO-3)', async () => {
    const full = await person('organization');
    must(await api.upload(full, 'organization/document/upload', {}, pdf(600)), '600 bytes');
    must(await api.upload(full, 'organization/document/upload', {}, pdf(400)), '400 bytes: exactly 1,000');
    expectRefused(await api.upload(full, 'organization/document/upload', {}, pdf(10)), 'Слишком большой объём загруженных файлов за сутки. Попробуйте через 24 часа', 24 * 3600);

    const short = await person('organization');
    must(await api.upload(short, 'organization/document/upload', {}, pdf(600)), '600 bytes');
    must(await api.upload(short, 'organization/document/upload', {}, pdf(399)), '399 bytes: 999');
    expect(await count("select coalesce(sum(cost), 0)::int as n from rate_limit_events where key = 'flood:upload-bytes:' || $1::text", [short.userId])).toBe(999);
    expect((await api.upload(short, 'organization/document/upload', {}, pdf(10))).status).toBe(200);
  });
});

describe('FLOOD_LIMITS_SCALE', () => {
  it('multiplies the limits an app is built with: ×2 lets the 31st message of a minute through and refuses the 61st (QA OO-7)', async () => {
    const scaled = await buildApp({ config: testConfig({ filesDir: FILES, floodLimitsScale: 2 }), db, logger: false, now: () => clock });
    try {
      const scaledApi = caller(scaled);
      const customer = await person('customer');
      const writer = await person('executor');
      const applicationId = await publishedApplication(customer);
      const messagingId = must(await scaledApi.post(writer, 'message/create', { applicationId, text: 'Первое' }), 'first').messagingId as number;
      for (let i = 2; i <= 60; i++) must(await scaledApi.post(writer, 'message/create', { messagingId, text: `Сообщение ${i}` }), `message ${i}`);
      const answer = await scaledApi.post(writer, 'message/create', { messagingId, text: 'Шестьдесят первое' });
      expect([answer.status, answer.body.message]).toEqual([429, 'Слишком много сообщений. Попробуйте через 60 секунд']);
    } finally {
      await scaled.close();
    }
  });
});

describe('new applications: 50 a day per user', () => {
  it('the 51st new draft or application is refused and made nowhere; saving or publishing his own, a send again and a refused call are not counted; the day frees it', async () => {
    const customer = await person('customer', 'Мария Черновикова');
    const made = () => count('select count(*)::int as n from applications where customer_profile_id = $1', [customer.profileId]);
    const start = clock;
    const keyed = { name: 'Черновик 1', clientKey: 'first-draft-key' };
    const ids = [must(await api.post(customer, 'application/draft/upsert', keyed), 'draft 1').id as number];
    // Sent again with its key, or refused for a past date after it was counted: neither counts (else the 50th would be refused).
    expect(must(await api.post(customer, 'application/draft/upsert', keyed), 'the same key again').id).toBe(ids[0]);
    expect((await api.post(customer, 'application/draft/upsert', { name: 'Прошлое', deadline: '2000-01-01' })).status).toBe(422);
    for (let i = 2; i <= 50; i++) {
      clock += MINUTE;
      ids.push(must(await api.post(customer, 'application/draft/upsert', { name: `Черновик ${i}` }), `draft ${i}`).id);
    }
    expect(await made()).toBe(50);

    const wait = Math.ceil((start + DAY - clock) / 1000);
    expectRefused(await api.post(customer, 'application/draft/upsert', { name: 'Черновик 51' }), 'Слишком много новых черновиков. Попробуйте через 24 часа', wait);
    expectRefused(await api.post(customer, 'application/create', await completeFields(db)), 'Слишком много новых заявок. Попробуйте через 24 часа', wait);
    expect(await made()).toBe(50);

    // What he has is his to save and publish; the key he made one with is no new one; another customer makes hers.
    expect((await api.post(customer, 'application/draft/upsert', { id: ids[1], name: 'Черновик 2, исправленный' })).status).toBe(200);
    expect((await api.post(customer, 'application/create', { ...(await completeFields(db)), id: ids[2] })).status).toBe(200);
    expect((await api.post(customer, 'application/draft/upsert', keyed)).status).toBe(200);
    const other = await person('customer');
    expect((await api.post(other, 'application/draft/upsert', { name: 'Её черновик' })).status).toBe(200);
    expect(await made()).toBe(50);

    clock = start + DAY;
    expect((await api.post(customer, 'application/draft/upsert', { name: 'Назавтра' })).status).toBe(200);
    expect(await made()).toBe(51);
  });

  it('a create that finds its key’s draft made meanwhile (the same key’s call at once) gives its count back (QA OO-5)', async () => {
    const customer = await person('customer');
    // The other call's draft, staged right before this call's insert, inside its transaction: the
    // insert then adds nothing and the call answers that draft. The other call counted itself.
    let races = 1;
    const raced = await buildApp({
      config: testConfig({ filesDir: FILES }),
      db: meddling(db, /^insert into applications \(name,/, async (tx, params) => {
        if (races === 0) return;
        races -= 1;
        await tx.query(`insert into applications (name, customer_profile_id, status, created_at, updated_at, client_key) values ('Из другой вкладки', $1, 'draft', $2, $2, $3)`, [params![1], params![3], params![4]]);
      }),
      logger: false,
      now: () => clock,
    });
    try {
      const answer = must(await caller(raced).post(customer, 'application/draft/upsert', { name: 'Черновик', clientKey: 'two-tabs-key' }), 'the draft');
      expect(races).toBe(0);
      // One draft, the other call's, answered to this one.
      const drafts = await db.query<{ id: number }>('select id from applications where customer_profile_id = $1', [customer.profileId]);
      expect(drafts).toEqual([{ id: answer.id }]);
      expect(await count("select coalesce(sum(cost), 0)::int as n from rate_limit_events where key = 'flood:application:' || $1::text", [customer.userId])).toBe(0);
    } finally {
      await raced.close();
    }
  });
});
