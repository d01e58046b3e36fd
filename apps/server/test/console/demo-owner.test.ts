import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OWNER, demoOwnerLine, ensureDemoOwner } from '../../src/console/staff/demo-owner';
import { console_memberships } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers';
import { signIn } from './console-helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('demo console owner', () => {
  it('is made once, owner of every demo partner, and signs in with the printed password', async () => {
    const { db } = t.database;
    expect(await ensureDemoOwner(db, t.app.console.auth)).toBe(true);
    expect(await ensureDemoOwner(db, t.app.console.auth)).toBe(false);
    expect(await db.select({ n: count() }).from(console_memberships)).toEqual([{ n: 3 }]);
    const line = await demoOwnerLine(db, t.app.console.auth, 'http://localhost:8080');
    expect(line).toBe(
      `Partner console: http://localhost:8080/console/  (sign in as ${DEMO_OWNER.email} with password ${DEMO_OWNER.password})`,
    );
    const owner = await signIn(t.app, DEMO_OWNER.email, { password: DEMO_OWNER.password });
    const session = (await owner.request({ method: 'GET', url: '/console/api/session' })).json();
    expect(session.memberships.map((m: { role: string }) => m.role)).toEqual(['owner', 'owner', 'owner']);
  });

  it('is no longer printed once its password was changed', async () => {
    const ctx = await t.app.console.auth.$context;
    const user = await ctx.internalAdapter.findUserByEmail(DEMO_OWNER.email);
    await ctx.internalAdapter.updatePassword(
      user?.user.id as string,
      await ctx.password.hash('another password!'),
    );
    expect(await demoOwnerLine(t.database.db, t.app.console.auth, 'http://localhost:8080')).toBeNull();
  });
});
