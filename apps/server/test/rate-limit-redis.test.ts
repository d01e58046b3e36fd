import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { api, createTestApp, type TestApp, TOKENS } from './helpers';

const redisUrl = process.env.TEST_REDIS_URL;

// Runs when TEST_REDIS_URL points at a Redis server (e.g. redis://127.0.0.1:6379).
describe.skipIf(!redisUrl)('rate limits in Redis', () => {
  const apps: TestApp[] = [];
  let redis: Redis | undefined;

  afterAll(async () => {
    for (const app of apps) await app.close();
    await redis?.quit();
  });

  it('counts login attempts across instances and stores no token', async () => {
    redis = new Redis(redisUrl as string, { maxRetriesPerRequest: 1 });
    await redis.flushdb();
    for (let i = 0; i < 2; i += 1) {
      apps.push(await createTestApp({ rateLimit: { loginPerMinute: 3, apiPerMinute: 1000, redis } }));
    }
    const [a, b] = apps as [TestApp, TestApp];
    const attempt = (t: TestApp) =>
      api(t.app, 'POST', '/login', TOKENS.guestBrew, { payload: { email: 'nobody@example.com' } });
    expect((await attempt(a)).statusCode).toBe(404);
    expect((await attempt(b)).statusCode).toBe(404);
    expect((await attempt(a)).statusCode).toBe(404);
    expect((await attempt(b)).statusCode).toBe(429);
    const keys = await redis.keys('*');
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(key).not.toContain(TOKENS.guestBrew);
  });
});
