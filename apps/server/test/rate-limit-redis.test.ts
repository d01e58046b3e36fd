import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, createTestApp, type TestApp, TOKENS } from './helpers';

const redisUrl = process.env.TEST_REDIS_URL;

// Runs when TEST_REDIS_URL points at a Redis server (e.g. redis://127.0.0.1:6379).
describe.skipIf(!redisUrl)('rate limits in Redis', () => {
  /** Two instances on one Redis, each with a database of its own, as two servers behind a proxy. */
  const apps: TestApp[] = [];
  let redis: Redis;

  beforeAll(async () => {
    redis = new Redis(redisUrl as string, { maxRetriesPerRequest: 1 });
    for (let i = 0; i < 2; i += 1) {
      apps.push(
        await createTestApp({
          rateLimit: { loginPerMinute: 3, visitorSessionsPerMinute: 3, apiPerMinute: 1000, redis },
        }),
      );
    }
  }, 120_000);

  beforeEach(async () => {
    await redis.flushdb();
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await redis?.quit();
  });

  it('counts login attempts across instances and stores no token', async () => {
    const [a, b] = apps as [TestApp, TestApp];
    // Noah's link: a token both databases know (a visitor token of the public guest link would be one
    // database's only) on which a login can be tried.
    const attempt = (t: TestApp) =>
      api(t.app, 'POST', '/login', TOKENS.noahEmpty, { payload: { email: 'nobody@example.com' } });
    expect((await attempt(a)).statusCode).toBe(404);
    expect((await attempt(b)).statusCode).toBe(404);
    expect((await attempt(a)).statusCode).toBe(404);
    expect((await attempt(b)).statusCode).toBe(429);
    const keys = await redis.keys('*');
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(key).not.toContain(TOKENS.noahEmpty);
  });

  it('counts visitor sessions minted from a public link per address across instances', async () => {
    const [a, b] = apps as [TestApp, TestApp];
    const mint = (t: TestApp) => api(t.app, 'POST', '/sessions/visitor', TOKENS.guestBrew);
    expect((await mint(a)).statusCode).toBe(200);
    expect((await mint(b)).statusCode).toBe(200);
    expect((await mint(a)).statusCode).toBe(200);
    expect((await mint(b)).statusCode).toBe(429);
    for (const key of await redis.keys('*')) expect(key).not.toContain(TOKENS.guestBrew);
  });
});
