import { CONSOLE_BASE } from '@trailpass/contract/console';
import { count, eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { console_accounts, console_users, partners } from '../../db/schema';
import type { ConsoleAuth } from '../auth/auth';
import { createStaffAccount } from './accounts';

/**
 * The demo's console owner (issue 30): made by `npm start` on the start that imports the demo into an empty
 * database, owner of each demo partner, with a password that is printed with the demo links. Only on the
 * demo: a database that was not empty (real data) gets no account with a published password.
 */
export const DEMO_OWNER = {
  email: 'owner@demo.trailpass.example',
  password: 'trailpass-demo-owner',
} as const;

/**
 * Makes the demo owner, owner of every partner (call it right after the demo was imported into an empty
 * database, so that every partner is a demo partner), when no staff account exists yet; returns whether it did.
 */
export async function ensureDemoOwner(db: AppDb, auth: ConsoleAuth): Promise<boolean> {
  const [staff] = await db.select({ n: count() }).from(console_users);
  if ((staff?.n ?? 0) > 0) return false;
  const present = await db.select({ id: partners.id }).from(partners).orderBy(partners.id);
  let first = true;
  for (const { id } of present) {
    await createStaffAccount(db, auth, {
      email: DEMO_OWNER.email,
      name: 'Demo Owner',
      ...(first ? { password: DEMO_OWNER.password } : {}),
      membership: { partnerId: id, role: 'owner' },
    });
    first = false;
  }
  return present.length > 0;
}

/**
 * The console line of the demo's printout: the link and the demo owner's credentials while the password is
 * still the demo one (checked against the stored hash; once changed, it is not printed). Null otherwise.
 */
export async function demoOwnerLine(db: AppDb, auth: ConsoleAuth, origin: string): Promise<string | null> {
  const [row] = await db
    .select({ hash: console_accounts.password })
    .from(console_users)
    .innerJoin(console_accounts, eq(console_accounts.userId, console_users.id))
    .where(eq(console_users.email, DEMO_OWNER.email));
  if (!row?.hash) return null;
  const ctx = await auth.$context;
  if (!(await ctx.password.verify({ hash: row.hash, password: DEMO_OWNER.password }))) return null;
  return `Partner console: ${origin}${CONSOLE_BASE}/  (sign in as ${DEMO_OWNER.email} with password ${DEMO_OWNER.password})`;
}
