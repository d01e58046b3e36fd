import { asc } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  order_deals,
  order_items,
  order_products,
  pin_attempts,
  points_ledger,
  tickets,
} from '../src/db/schema';
import type { RateLimitSettings } from '../src/plugins/rate-limit';
import { type api, createTestApp, type TestApp, testScopedApp } from './helpers';

type Res = Awaited<ReturnType<typeof api>>;

/** A refusal of the redeem calls: the one error shape, plus spec 7's empty order_products and the message in errors[]. */
export function expectRefusal(res: Res, status: number, message?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(body.order_products).toEqual([]);
  expect(body.errors).toEqual([body.error.message]);
  if (message !== undefined) expect(body.error.message).toBe(message);
  return body;
}

/**
 * Everything a redemption may change, to prove that a refusal (or a replay) changed none of it. With
 * `attempts`, the code-attempt counts too: a wrong code is counted by design, a replay of it is not.
 */
export async function redemptionSnapshot(t: TestApp, options: { attempts?: boolean } = {}) {
  const db = t.database.db;
  return {
    orderProducts: await db.select().from(order_products).orderBy(asc(order_products.id)),
    orderDeals: await db.select().from(order_deals).orderBy(asc(order_deals.id)),
    orderItems: await db.select().from(order_items).orderBy(asc(order_items.id)),
    tickets: await db.select().from(tickets).orderBy(asc(tickets.id)),
    ledger: await db.select().from(points_ledger).orderBy(asc(points_ledger.id)),
    ...(options.attempts
      ? { attempts: await db.select().from(pin_attempts).orderBy(asc(pin_attempts.key)) }
      : {}),
  };
}

/**
 * Apps on fresh databases for tests that change the demo (a redemption is spent once), with generous
 * limits unless a test sets its own. `freshApp` is the running test's own and is closed when that test
 * ends, so its database is emptied and handed to the next test (decision 0053) instead of a dozen staying
 * open to the end of the file; `sharedApp` is for a `beforeAll` (several tests), closed by `closeAll` in the
 * file's `afterAll`.
 */
export function freshAppPool() {
  const shared: TestApp[] = [];
  const options = (rateLimit?: RateLimitSettings) => ({
    now: new Date(),
    rateLimit: { apiPerMinute: 10_000, loginPerMinute: 1_000, ...rateLimit },
  });
  return {
    freshApp: (rateLimit?: RateLimitSettings): Promise<TestApp> => testScopedApp(options(rateLimit)),
    async sharedApp(rateLimit?: RateLimitSettings): Promise<TestApp> {
      const t = await createTestApp(options(rateLimit));
      shared.push(t);
      return t;
    },
    closeAll: () => Promise.all(shared.map((t) => t.close())),
  };
}
