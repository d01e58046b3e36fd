import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../src/db/client';
import { preparedQuery } from '../../src/db/prepared';
import { partners } from '../../src/db/schema';

describe('preparedQuery', () => {
  let database: TestDatabase;
  const builds = vi.fn();
  const partnerName = preparedQuery('test_partner_name', ['id'], (db, p) => {
    builds();
    return db.select({ name: partners.name }).from(partners).where(eq(partners.id, p.id));
  });

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.insert(partners).values([
      { id: 1, name: 'One', timezone: 'UTC' },
      { id: 2, name: 'Two', timezone: 'UTC' },
    ]);
  });
  afterAll(async () => {
    await database.close();
  });

  it('builds the query once per database and runs it with each call’s values', async () => {
    builds.mockClear();
    expect(await partnerName(database.db, { id: 1 })).toEqual([{ name: 'One' }]);
    expect(await partnerName(database.db, { id: 2 })).toEqual([{ name: 'Two' }]);
    expect(await partnerName(database.db, { id: 3 })).toEqual([]);
    expect(builds).toHaveBeenCalledTimes(1);
  });

  it('inside a transaction, runs on the transaction: it sees the transaction’s uncommitted writes', async () => {
    await partnerName(database.db, { id: 1 }); // prepared on the root database already
    let seenInside: unknown;
    const rolledBack = new Error('roll back');
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(partners).values({ id: 3, name: 'Three', timezone: 'UTC' });
        seenInside = await partnerName(tx, { id: 3 });
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(seenInside).toEqual([{ name: 'Three' }]);
    expect(await partnerName(database.db, { id: 3 })).toEqual([]);
  });

  it('refuses a statement name that is already taken', () => {
    expect(() => preparedQuery('test_partner_name', [], (db) => db.select().from(partners))).toThrow(
      /defined twice/,
    );
  });
});
