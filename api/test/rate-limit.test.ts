import { createClient } from 'redis';
import type { Db } from '../src/db';
import type { RedisClient } from '../src/plugins/redis';
import { rateLimiter, type LimitCheck, type RateLimiter } from '../src/modules/auth/rate-limit/service';
import { openTestDb } from './helpers';
import { redisServerAvailable, startRedis, type TestRedis } from './redis-server';

// The limiter itself, on both of its stores: PostgreSQL (PGlite, or the server of DATABASE_URL)
// and Redis (when `redis-server` runs here, as in redis-two-nodes.test.ts). Every limit is a
// sliding window: at most `max` events in ANY interval of `windowSeconds`.

const haveRedis = redisServerAvailable();
if (!haveRedis) console.warn('rate-limit.test.ts: the Redis store is skipped, no redis-server binary on PATH');

const HOUR = 3600_000;
// 10:55 on a day far from today: the clock's hour boundary (11:00) falls inside the tests' hours.
const T0 = Date.UTC(2031, 5, 10, 10, 55, 0);
let clock = T0;
let db: Db;
let closeDb: () => Promise<void>;
let redis: TestRedis | undefined;
let client: RedisClient | undefined;

beforeAll(async () => {
  ({ db, close: closeDb } = await openTestDb());
  if (!haveRedis) return;
  redis = await startRedis();
  client = createClient({ url: redis.url }) as RedisClient;
  await client.connect();
});
afterAll(async () => {
  await client?.quit();
  await redis?.stop();
  await closeDb();
});

const stores: Array<[string, () => RateLimiter]> = [
  ['PostgreSQL', () => rateLimiter({ now: () => clock })],
  ...(haveRedis ? [['Redis', () => rateLimiter({ now: () => clock, redis: client })] as [string, () => RateLimiter]] : []),
];

describe.each(stores)('the %s store', (store, make) => {
  let limiter: RateLimiter;
  beforeAll(() => {
    limiter = make();
  });
  let n = 0;
  /** A key of its own for each rule of each test. */
  const rule = (max: number, windowSeconds: number): LimitCheck => ({ key: `test:${store}:${++n}`, max, windowSeconds });
  const consumeAt = (ms: number, checks: LimitCheck[]) => {
    clock = ms;
    return limiter.consume(db, checks);
  };

  it('refuses the 6th of 5 an hour just after the hour boundary, until the first of the five leaves', async () => {
    const hourly = rule(5, 3600);
    // 10:55, 10:56, 10:57, 10:58, 10:59:30: a clock-aligned hour would let 5 more through from 11:00.
    for (const minute of [0, 1, 2, 3, 4.5]) expect(await consumeAt(T0 + minute * 60_000, [hourly])).toBeNull();
    expect(await consumeAt(T0 + 5.5 * 60_000, [hourly])).toEqual({ key: hourly.key, retryAfterSeconds: 3600 - 330 });
    expect(await consumeAt(T0 + 30 * 60_000, [hourly])).toEqual({ key: hourly.key, retryAfterSeconds: 3600 - 1800 });
  });

  it('lets the next event through exactly windowSeconds after the first counted one, and goes on sliding', async () => {
    const hourly = rule(3, 3600);
    for (const minute of [0, 10, 20]) expect(await consumeAt(T0 + minute * 60_000, [hourly])).toBeNull();
    expect(await consumeAt(T0 + HOUR - 500, [hourly])).toEqual({ key: hourly.key, retryAfterSeconds: 1 });
    expect(await consumeAt(T0 + HOUR, [hourly])).toBeNull();
    // Full again (10, 20, 60 minutes): the next place is free when the one of minute 10 leaves.
    expect(await consumeAt(T0 + HOUR + 1000, [hourly])).toEqual({ key: hourly.key, retryAfterSeconds: 600 - 1 });
    expect(await consumeAt(T0 + HOUR + 10 * 60_000, [hourly])).toBeNull();
  });

  it('counts nothing it refuses: asking again and again neither fills the window nor pushes the wait', async () => {
    const perMinute = rule(2, 60);
    expect(await consumeAt(T0, [perMinute])).toBeNull();
    expect(await consumeAt(T0 + 10_000, [perMinute])).toBeNull();
    for (let s = 20; s < 60; s += 5) expect(await consumeAt(T0 + s * 1000, [perMinute])).toEqual({ key: perMinute.key, retryAfterSeconds: 60 - s });
    // The first left at T0 + 60 s: one place, whatever was refused meanwhile.
    expect(await consumeAt(T0 + 60_000, [perMinute])).toBeNull();
    expect(await consumeAt(T0 + 61_000, [perMinute])).toEqual({ key: perMinute.key, retryAfterSeconds: 9 });
  });

  it('answers the rule that waits longest, and a refusal takes the event back from every rule', async () => {
    const minute = rule(1, 60);
    const hour = rule(1, 3600);
    expect(await consumeAt(T0, [minute, hour])).toBeNull();
    expect(await consumeAt(T0 + 10_000, [minute, hour])).toEqual({ key: hour.key, retryAfterSeconds: 3590 });
    expect(await consumeAt(T0 + 70_000, [minute, hour])).toEqual({ key: hour.key, retryAfterSeconds: 3530 });
    // The per-minute rule kept none of the refused events: alone, it passes.
    expect(await consumeAt(T0 + 71_000, [minute])).toBeNull();
  });

  it('reserve: attempts made at once are each counted, and a release takes back exactly its own event', async () => {
    const failures = rule(5, 900);
    clock = T0;
    const reservations = await Promise.all(Array.from({ length: 12 }, () => limiter.reserve(db, [failures])));
    const held = reservations.filter((r) => r.refusal === null);
    expect(held).toHaveLength(5);
    expect(reservations.filter((r) => r.refusal !== null).map((r) => r.refusal)).toEqual(Array(7).fill({ key: failures.key, retryAfterSeconds: 900 }));
    // Four succeed and are taken back (one twice: the second time finds nothing more to take).
    for (const r of held.slice(1)) await r.release!();
    await held[1]!.release!();
    clock = T0 + 100_000;
    const late = await limiter.reserve(db, [failures]);
    expect(late.refusal).toBeNull();
    for (let i = 0; i < 3; i++) expect((await limiter.reserve(db, [failures])).refusal).toBeNull();
    // Full: the one kept from T0 is the oldest of the five, not the released ones.
    clock = T0 + 200_000;
    expect((await limiter.reserve(db, [failures])).refusal).toEqual({ key: failures.key, retryAfterSeconds: 700 });
    await late.release!();
    expect((await limiter.reserve(db, [failures])).refusal).toBeNull();
  });

  it('weighs events by their cost: at most `max` of the sum, and the wait runs until the refused cost fits', async () => {
    const bytes = rule(100, 3600);
    const weighing = (cost: number) => [{ ...bytes, cost }];
    expect(await consumeAt(T0, weighing(60))).toBeNull();
    expect(await consumeAt(T0 + 10 * 60_000, weighing(30))).toBeNull();
    expect(await consumeAt(T0 + 20 * 60_000, weighing(10))).toBeNull();
    // Full (100): one more fits once the 60 of T0 leave, and so do 40; 65 only once the 30 of minute 10 leave too.
    expect(await consumeAt(T0 + 30 * 60_000, weighing(1))).toEqual({ key: bytes.key, retryAfterSeconds: 30 * 60 });
    expect(await consumeAt(T0 + 30 * 60_000, weighing(40))).toEqual({ key: bytes.key, retryAfterSeconds: 30 * 60 });
    expect(await consumeAt(T0 + 30 * 60_000, weighing(65))).toEqual({ key: bytes.key, retryAfterSeconds: 40 * 60 });
    // The refusals counted nothing: after T0 + 1 h, 40 are left and 60 fit.
    expect(await consumeAt(T0 + HOUR, weighing(60))).toBeNull();
    expect(await consumeAt(T0 + HOUR, weighing(1))).toEqual({ key: bytes.key, retryAfterSeconds: 10 * 60 });
    // A cost larger than the whole rule never fits: the wait is the window.
    expect(await consumeAt(T0 + HOUR, weighing(101))).toEqual({ key: bytes.key, retryAfterSeconds: 3600 });
    // The refused event's own cost is in the sum (60 + 50 > 100), not a count of 1 (60 + 1 would fit).
    const partly = rule(100, 3600);
    expect(await consumeAt(T0, [{ ...partly, cost: 60 }])).toBeNull();
    expect(await consumeAt(T0 + 1000, [{ ...partly, cost: 50 }])).toEqual({ key: partly.key, retryAfterSeconds: 3600 - 1 });
  });

  it('a rule counted with a cost and without one weighs alike: an event without a cost weighs 1', async () => {
    const mixed = rule(3, 3600);
    expect(await consumeAt(T0, [mixed])).toBeNull();
    expect(await consumeAt(T0 + 1000, [{ ...mixed, cost: 2 }])).toBeNull();
    expect(await consumeAt(T0 + 2000, [mixed])).toEqual({ key: mixed.key, retryAfterSeconds: 3600 - 2 });
  });

  it('forget: the keys named start empty, every other key keeps its count', async () => {
    const forgotten = rule(3, 3600);
    const kept = rule(3, 3600);
    clock = T0;
    for (let i = 0; i < 3; i++) expect(await limiter.consume(db, [forgotten, kept])).toBeNull();
    expect(await limiter.consume(db, [forgotten])).not.toBeNull();
    await limiter.forget(db, [forgotten.key]);
    for (let i = 0; i < 3; i++) expect(await limiter.consume(db, [forgotten])).toBeNull();
    expect(await limiter.consume(db, [forgotten])).toEqual({ key: forgotten.key, retryAfterSeconds: 3600 });
    expect(await limiter.consume(db, [kept])).toEqual({ key: kept.key, retryAfterSeconds: 3600 });
  });

  if (store === 'PostgreSQL') {
    it('counts in the caller’s transaction: a rolled-back one leaves nothing counted', async () => {
      const hourly = rule(1, 3600);
      clock = T0;
      await expect(
        db.transaction(async (tx) => {
          expect(await limiter.consume(tx, [hourly])).toBeNull();
          throw new Error('the send failed');
        }),
      ).rejects.toThrow('the send failed');
      expect(await limiter.consume(db, [hourly])).toBeNull();
      expect(await limiter.consume(db, [hourly])).toEqual({ key: hourly.key, retryAfterSeconds: 3600 });
    });

    it('sweeps events past their window now and then', async () => {
      const old = rule(5, 60);
      expect(await consumeAt(T0, [old])).toBeNull();
      const random = jest.spyOn(Math, 'random').mockReturnValue(0);
      try {
        expect(await consumeAt(T0 + 61_000, [rule(5, 60)])).toBeNull();
      } finally {
        random.mockRestore();
      }
      expect(await db.query('select id from rate_limit_events where key = $1', [old.key])).toEqual([]);
    });
  }

  if (store === 'Redis') {
    it('keeps a sorted set per key that Redis forgets a window after its newest event', async () => {
      const perMinute = rule(3, 60);
      const key = `market:rate-log:${perMinute.key}`;
      expect(await consumeAt(T0, [perMinute])).toBeNull();
      expect(await consumeAt(T0 + 30_000, [perMinute])).toBeNull();
      expect(await client!.zRangeWithScores(key, 0, -1)).toEqual([
        { value: expect.any(String), score: T0 },
        { value: expect.any(String), score: T0 + 30_000 },
      ]);
      const ttl = await client!.pTTL(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(61_000);
      // The event of T0 has left the window at the next count and is dropped.
      expect(await consumeAt(T0 + 70_000, [perMinute])).toBeNull();
      expect((await client!.zRangeWithScores(key, 0, -1)).map((e) => e.score)).toEqual([T0 + 30_000, T0 + 70_000]);
    });
  }
});
