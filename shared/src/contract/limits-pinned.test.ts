import type { z } from 'zod';
import {
  applicationCancelExecutor,
  applicationCreate,
  applicationDraftUpsert,
  applicationReplyReject,
  applicationReplySend,
  applicationReview,
  applicationSendRevision,
  applicationStopWorking,
  applicationUpdate,
  applicationUpdatePrice,
} from './application-lk';
import { PASSWORD_MAX_LENGTH, passwordSchema, smsCodeSchema } from './auth';
import { idSchema, MAX_AMOUNT, priceSchema } from './common';
import { withdrawalAmountSchema } from './money';
import { inviteCodeSchema } from './organization';

/**
 * The limits the contract promises, pinned at their edges (QA report S, S-5 to S-7): exactly the
 * limit is accepted, one past it is refused with the schema's own Russian words. A widened limit
 * (a mutant that survived every other test) fails here.
 */

type Parsed = { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } };

/** Every issue as `path → message` ('' for the value itself). */
const issues = (result: Parsed) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

/**
 * The issues of a value refused at `path`, less those its enclosing objects add (a published
 * application's address too long is also «Укажите адрес»: the refinement on the whole address).
 */
const refusedAt = (result: Parsed, path: string) =>
  Object.fromEntries(Object.entries(issues(result)).filter(([key]) => !(key !== path && path.startsWith(`${key}.`))));

describe('price: MAX_AMOUNT (S-5)', () => {
  it('is a trillion roubles less one rouble', () => {
    expect(MAX_AMOUNT).toBe(999_999_999_999);
  });

  // The limit is MAX_AMOUNT itself, whole roubles (numeric(14, 2) would hold its kopecks too, but
  // the schema stops at MAX_AMOUNT); one rouble more is what overflows the column (500, S-5).
  it.each([
    ['priceSchema', (v: number) => priceSchema.safeParse(v), ''],
    ['application/update/price', (v: number) => applicationUpdatePrice.body!.safeParse({ id: 5, price: v }), 'price'],
    ['application/draft/upsert', (v: number) => applicationDraftUpsert.body!.safeParse({ name: 'Покраска стен', price: v }), 'price'],
  ])('%s accepts 999 999 999 999, refuses 1 000 000 000 000 naming the limit (QA NN-8)', (_, parse, path) => {
    // The amount as the app writes money: no-break spaces between the groups and before «₽».
    const message = 'Цена — не больше 999\u00a0999\u00a0999\u00a0999\u00a0₽';
    expect(issues(parse(999_999_999_999))).toEqual({});
    expect(issues(parse(1_000_000_000_000))).toEqual({ [path]: message });
    expect(issues(parse(MAX_AMOUNT + 1))).toEqual({ [path]: message });
  });
});

/**
 * Texts count UTF-16 code units of the NFC-normalised, trimmed value (zod's `max` on a string):
 * a Cyrillic letter is one character, and so is «ё» typed as «е» + combining diaeresis.
 */
describe('lk application texts: max accepted, max + 1 refused (S-6)', () => {
  const address = (value: string) => ({ value, cityFiasId: null, geoLat: null, geoLon: null });
  const NAME = 'Название — не длиннее 200 символов';
  const DESCRIPTION = 'Описание — не длиннее 5000 символов';
  const ADDRESS = 'Адрес — не длиннее 500 символов';
  const COMMENT = 'Комментарий — не длиннее 2000 символов';
  const REVIEW = 'Отзыв — не длиннее 2000 символов';

  // [call, field path, max, message, body with the text in that field]
  const fields: Array<[string, string, number, string, (text: string) => unknown, z.ZodType]> = [
    ['draft/upsert', 'name', 200, NAME, (name) => ({ name }), applicationDraftUpsert.body!],
    ['create', 'name', 200, NAME, (name) => ({ id: 5, name }), applicationCreate.body!],
    ['update', 'name', 200, NAME, (name) => ({ id: 5, name }), applicationUpdate.body!],
    ['draft/upsert', 'description', 5000, DESCRIPTION, (description) => ({ name: 'Покраска стен', description }), applicationDraftUpsert.body!],
    ['create', 'description', 5000, DESCRIPTION, (description) => ({ id: 5, description }), applicationCreate.body!],
    ['update', 'description', 5000, DESCRIPTION, (description) => ({ id: 5, description }), applicationUpdate.body!],
    ['draft/upsert', 'address.value', 500, ADDRESS, (value) => ({ name: 'Покраска стен', address: address(value) }), applicationDraftUpsert.body!],
    ['create', 'address.value', 500, ADDRESS, (value) => ({ id: 5, address: address(value) }), applicationCreate.body!],
    ['update', 'address.value', 500, ADDRESS, (value) => ({ id: 5, address: address(value) }), applicationUpdate.body!],
    ['reply/send', 'comment', 2000, COMMENT, (comment) => ({ id: 5, comment }), applicationReplySend.body!],
    ['reply/reject', 'reason', 2000, COMMENT, (reason) => ({ id: 5, replyId: 6, reason }), applicationReplyReject.body!],
    ['send/revision', 'comment', 2000, COMMENT, (comment) => ({ id: 5, comment }), applicationSendRevision.body!],
    ['stop-working/executor', 'comment', 2000, COMMENT, (comment) => ({ id: 5, comment }), applicationStopWorking.body!],
    ['cancel/executor', 'reason', 2000, COMMENT, (reason) => ({ id: 5, code: '123456', reason }), applicationCancelExecutor.body!],
    ['review', 'text', 2000, REVIEW, (text) => ({ id: 5, rating: 5, text }), applicationReview.body!],
  ];

  describe.each(fields)('%s %s (max %i)', (_, path, max, message, body, schema) => {
    it(`takes ${max} characters and refuses ${max + 1}: «${message}»`, () => {
      expect(issues(schema.safeParse(body('а'.repeat(max))))).toEqual({});
      expect(refusedAt(schema.safeParse(body('а'.repeat(max + 1))), path)).toEqual({ [path]: message });
      // Latin letters count alike.
      expect(schema.safeParse(body('x'.repeat(max))).success).toBe(true);
      expect(refusedAt(schema.safeParse(body('x'.repeat(max + 1))), path)).toEqual({ [path]: message });
    });

    it('counts the text as stored: trimmed and NFC-composed', () => {
      // Spaces around the text are not counted; «е» + U+0308 is one «ё».
      expect(schema.safeParse(body(`  ${'а'.repeat(max)}  `)).success).toBe(true);
      expect(schema.safeParse(body('е\u0308'.repeat(max))).success).toBe(true);
      expect(refusedAt(schema.safeParse(body('е\u0308'.repeat(max + 1))), path)).toEqual({ [path]: message });
    });
  });
});

describe('code, password and id formats (S-7)', () => {
  const SMS = 'Код из СМС — 6 цифр';
  const INVITE = 'Код приглашения — 8 цифр';
  const PASSWORD_LONG = `Пароль — не длиннее ${PASSWORD_MAX_LENGTH} символов`;
  // `positive()` without words of its own: the contract's Russian default (locale.ts).
  const ID_NOT_POSITIVE = 'Значение должно быть больше 0';
  const AMOUNT = 'Сумма должна быть больше нуля';

  it.each([
    ['smsCodeSchema', smsCodeSchema, '123456', ['12345', '1234567'], SMS],
    ['inviteCodeSchema', inviteCodeSchema, '12345678', ['1234567', '123456789'], INVITE],
    ['idSchema', idSchema, 1, [0, -1], ID_NOT_POSITIVE],
    ['withdrawalAmountSchema', withdrawalAmountSchema, 0.01, [0, -0.01, -1], AMOUNT],
  ] as Array<[string, z.ZodType, unknown, unknown[], string]>)('%s: the smallest or exact form accepted, the next ones refused with its words', (_, schema, good, bad, message) => {
    expect(issues(schema.safeParse(good))).toEqual({});
    for (const value of bad as unknown[]) expect([value, issues(schema.safeParse(value))]).toEqual([value, { '': message }]);
  });

  it('password: 128 characters at most', () => {
    expect(PASSWORD_MAX_LENGTH).toBe(128);
    const atMax = 'Пароль-7'.repeat(16);
    expect(atMax).toHaveLength(PASSWORD_MAX_LENGTH);
    expect(issues(passwordSchema.safeParse(atMax))).toEqual({});
    expect(issues(passwordSchema.safeParse(`${atMax}x`))).toEqual({ '': PASSWORD_LONG });
    expect(issues(passwordSchema.safeParse('x'.repeat(129)))).toEqual({ '': 'Пароль — не длиннее 128 символов' });
  });
});
