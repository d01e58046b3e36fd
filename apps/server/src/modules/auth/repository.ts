import { DEFAULT_PASS_LANGUAGE, type PassLanguage } from '@trailpass/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { offers, partner_users, passes } from '../../db/schema';
import { localized } from '../language/translate';

/** The partner user with this e-mail (case-insensitive) who holds a pass on the offer, if any. */
export async function findPassHolderByEmail(db: DbExecutor, offerId: number, email: string) {
  const [row] = await db
    .select({ user: partner_users })
    .from(partner_users)
    .innerJoin(passes, and(eq(passes.partner_user_id, partner_users.id), eq(passes.offer_id, offerId)))
    .where(sql`lower(${partner_users.email}) = lower(${email})`)
    .orderBy(partner_users.id)
    .limit(1);
  return row?.user ?? null;
}

/** The partner user of this id, if any (a code's holder, once the code is right). */
export async function findPassHolder(db: DbExecutor, partnerUserId: number) {
  const [row] = await db.select().from(partner_users).where(eq(partner_users.id, partnerUserId));
  return row ?? null;
}

/** The offer's name, for the lost-link answer. */
export async function findOfferName(
  db: DbExecutor,
  offerId: number,
  language: PassLanguage = DEFAULT_PASS_LANGUAGE,
): Promise<string> {
  const [row] = await db
    .select({ name: offers.name, translations: offers.translations })
    .from(offers)
    .where(eq(offers.id, offerId));
  // The offer's name in the request's language (decision 0049).
  return row ? localized(row, language).name : 'this pass';
}
