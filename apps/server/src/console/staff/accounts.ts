import { randomBytes } from 'node:crypto';
import type { PartnerRole } from '@trailpass/contract/console';
import { eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { console_memberships, console_users, partners } from '../../db/schema';
import type { ConsoleAuth } from '../auth/auth';

export interface NewStaffAccount {
  email: string;
  name?: string | undefined;
  /** Generated (and returned) when omitted. */
  password?: string | undefined;
  /** The partner and role of the membership; a provider admin has none. */
  membership?: { partnerId: number; role: PartnerRole } | undefined;
  providerAdmin?: boolean | undefined;
}

export class StaffAccountError extends Error {
  override name = 'StaffAccountError';
}

/** A password a person can type: 18 random bytes as base64url (24 characters, 144 bits). */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

/**
 * Creates a staff account with an e-mail-and-password sign-in (better-auth's own user and credential
 * account, the password hashed by better-auth's scrypt) and its membership, or adds the membership to the
 * account the address has already (its password then stays). Self sign-up is off in the console, so the
 * CLI, the demo and the tests create accounts here.
 */
export async function createStaffAccount(
  db: AppDb,
  auth: ConsoleAuth,
  input: NewStaffAccount,
): Promise<{ userId: string; email: string; password: string | null; created: boolean }> {
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new StaffAccountError(`"${input.email}" is no e-mail address.`);
  if (input.membership) {
    const [partner] = await db
      .select({ id: partners.id })
      .from(partners)
      .where(eq(partners.id, input.membership.partnerId));
    if (!partner) throw new StaffAccountError(`There is no partner ${input.membership.partnerId}.`);
  }
  const ctx = await auth.$context;
  const minLength = ctx.password.config.minPasswordLength;
  if (input.password !== undefined && input.password.length < minLength) {
    throw new StaffAccountError(`The password must have at least ${minLength} characters.`);
  }
  const existing = await ctx.internalAdapter.findUserByEmail(email);
  let userId: string;
  let password: string | null = null;
  if (existing) {
    userId = existing.user.id;
  } else {
    password = input.password ?? generatePassword();
    const user = await ctx.internalAdapter.createUser({
      email,
      name: input.name ?? email.split('@')[0] ?? email,
      emailVerified: true,
    });
    await ctx.internalAdapter.linkAccount({
      userId: user.id,
      providerId: 'credential',
      accountId: user.id,
      password: await ctx.password.hash(password),
    });
    userId = user.id;
  }
  if (input.providerAdmin) {
    await db.update(console_users).set({ isProviderAdmin: true }).where(eq(console_users.id, userId));
  }
  if (input.membership) {
    await db
      .insert(console_memberships)
      .values({ user_id: userId, partner_id: input.membership.partnerId, role: input.membership.role })
      .onConflictDoUpdate({
        target: [console_memberships.user_id, console_memberships.partner_id],
        set: { role: input.membership.role },
      });
  }
  return { userId, email, password: input.password === undefined ? password : null, created: !existing };
}
