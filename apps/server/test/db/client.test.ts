import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { eq, getTableName, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DbExecutor,
  openDatabase,
  openTestDatabase,
  queryRows,
  type TestDatabase,
} from '../../src/db/client';
import { mediaDirFor } from '../../src/db/paths';
import * as schema from '../../src/db/schema';
import { DERIVED_TABLES, SERVER_TABLES, TABLE_NAMES, TABLES } from '../../src/db/tables';
import { generateToken, hashToken } from '../../src/db/tokens';
import { tempDir } from './fixtures';

describe('openDatabase (PGlite under DATA_DIR)', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = path.join(await tempDir(), 'data'); // does not exist yet
  });
  afterAll(async () => {
    await rm(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('creates <dataDir>/pglite, and the data survives a close and reopen', async () => {
    const first = await openDatabase({ dataDir });
    expect(first.kind).toBe('pglite');
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(true);
    await first.db.insert(schema.partners).values({ id: 7, name: 'Persisted Partner', timezone: 'UTC' });
    await first.close();
    await first.close(); // closing twice is harmless

    const second = await openDatabase({ dataDir }); // migrations run again: already applied
    const rows = await second.db.select().from(schema.partners).where(eq(schema.partners.id, 7));
    expect(rows.map((r) => r.name)).toEqual(['Persisted Partner']);
    await second.close();
  });

  it('keeps imported media next to the database', () => {
    expect(mediaDirFor(dataDir)).toBe(path.join(dataDir, 'media'));
  });
});

describe('the test database', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('is migrated and empty', async () => {
    expect(database.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from ${schema.partners}`,
    );
    expect(row?.n).toBe(0);
  });

  it('lets repositories take the database or a transaction, and rolls back on error', async () => {
    const addPartner = (db: DbExecutor, id: number) =>
      db
        .insert(schema.partners)
        .values({ id, name: `P${id}`, timezone: 'UTC' })
        .returning({ id: schema.partners.id });
    expect(await addPartner(database.db, 1)).toEqual([{ id: 1 }]);
    await expect(
      database.db.transaction(async (tx) => {
        await addPartner(tx, 2);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const ids = (await database.db.select({ id: schema.partners.id }).from(schema.partners)).map((r) => r.id);
    expect(ids).toEqual([1]);
    await database.db.delete(schema.partners);
  });

  it('refuses a plaintext token in sessions.token_hash', async () => {
    await expect(
      database.db.insert(schema.sessions).values({ token_hash: 'demo-ava-brew-7Qx2mK9pL4vN8rT1' }),
    ).rejects.toThrow();
    const [row] = await database.db
      .insert(schema.sessions)
      .values({ token_hash: hashToken(generateToken()) })
      .returning();
    expect(row?.partner_user_id).toBeNull();
    expect(row?.query).toEqual({});
    await database.db.delete(schema.sessions);
  });

  it('refuses an unknown order status', async () => {
    await database.db.insert(schema.partners).values({ id: 1, name: 'P', timezone: 'UTC' });
    await database.db.insert(schema.offers).values({ id: 1, partner_id: 1, name: 'O', use_points: true });
    await database.db
      .insert(schema.partner_users)
      .values({ id: 1, partner_id: 1, name: 'A B', first_name: 'A', last_name: 'B', email: 'a@example.com' });
    await expect(
      database.db
        .insert(schema.orders)
        .values({ offer_id: 1, partner_user_id: 1, status: 'lost' as schema.OrderStatus }),
    ).rejects.toThrow();
  });
});

describe('schema', () => {
  it('lists every table in TABLES (or DERIVED_TABLES, SERVER_TABLES), parents before children', () => {
    const tables = Object.values(schema).filter((value) => is(value, PgTable));
    expect(tables.map((t) => getTableName(t)).sort()).toEqual(
      [...TABLE_NAMES, ...Object.keys(DERIVED_TABLES), ...Object.keys(SERVER_TABLES)].sort(),
    );
    for (const name of TABLE_NAMES) expect(getTableName(TABLES[name])).toBe(name);
    // Each foreign key points at a table listed earlier (or at the same table).
    let foreignKeys = 0;
    for (const [index, name] of TABLE_NAMES.entries()) {
      for (const fk of getTableConfig(TABLES[name]).foreignKeys) {
        const parent = getTableName(fk.reference().foreignTable);
        expect(TABLE_NAMES.indexOf(parent as never), `${name} -> ${parent}`).toBeLessThanOrEqual(index);
        foreignKeys++;
      }
    }
    expect(foreignKeys).toBeGreaterThan(50);
  });
});

describe('tokens', () => {
  it('hashes with SHA-256 as lower-case hex', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('generates long random URL-safe tokens', () => {
    const token = generateToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(generateToken()).not.toBe(token);
  });
});
