import {
  APP_BASE,
  asPassLanguage,
  type CodeSent,
  DEFAULT_PASS_LANGUAGE,
  LOST_LINK_LIMIT,
  LOST_LINK_WINDOW_MS,
  lostLinkMessage,
} from '@trailpass/contract';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { AppDb, DbExecutor } from '../../db/client';
import { mail_outbox, offers, type partner_users, sessions } from '../../db/schema';
import { generateToken, hashToken } from '../../db/tokens';
import { enqueueMail, fullName, type MailSettings } from '../mail';
import { loadMailBrand } from '../mail/branding';
import { loginCodeMail, passLinkMail } from '../mail/messages';
import { issueLoginCode } from './login-codes';

type Holder = typeof partner_users.$inferSelect;

/** How the offer's holders sign in (issue 29): `none` (spec 2.13) or `email_code`. */
export async function loginVerificationOf(db: DbExecutor, offerId: number) {
  const [row] = await db
    .select({ verification: offers.login_verification })
    .from(offers)
    .where(eq(offers.id, offerId));
  return row?.verification ?? 'none';
}

/**
 * The first step of a verified sign-in: a new code for this session (the last one ends), e-mailed to the
 * holder through the outbox in the same transaction, so the code exists exactly when its e-mail does.
 */
export async function sendLoginCode(
  db: AppDb,
  mail: MailSettings,
  input: { sessionId: number; offerId: number; holder: Holder; now: Date; ttlMs: number },
): Promise<CodeSent> {
  const expiresAt = new Date(input.now.getTime() + input.ttlMs);
  // In the holder's saved language, English when none (decision 0049).
  const language = asPassLanguage(input.holder.language) ?? DEFAULT_PASS_LANGUAGE;
  const brand = await loadMailBrand(db, input.offerId, mail.publicUrl, language);
  return db.transaction(async (tx) => {
    const code = await issueLoginCode(tx, {
      sessionId: input.sessionId,
      partnerUserId: input.holder.id,
      expiresAt,
    });
    const content = loginCodeMail(brand, { code, minutes: Math.ceil(input.ttlMs / 60_000) }, language);
    await enqueueMail(tx, mail, {
      kind: 'login-code',
      to: { address: input.holder.email, name: fullName(input.holder) },
      ...content,
      offerId: input.offerId,
      partnerUserId: input.holder.id,
    });
    return { code_sent: true as const, expires_at: expiresAt.toISOString() };
  });
}

/**
 * "Lost your pass link?" (issue 29): when `holder` holds the offer, a new signed-in link of their own is made
 * and e-mailed, in one transaction; at most LOST_LINK_LIMIT such e-mails to one address an hour, counted in
 * the outbox. Whatever happened, the answer is the same sentence, so it reveals nothing.
 */
export async function sendLostLink(
  db: AppDb,
  mail: MailSettings,
  input: { offerId: number; offerName: string; holder: Holder | null; now: Date },
): Promise<{ message: string }> {
  const answer = { message: lostLinkMessage(input.offerName) };
  const holder = input.holder;
  if (!holder) return answer;
  const language = asPassLanguage(holder.language) ?? DEFAULT_PASS_LANGUAGE;
  const brand = await loadMailBrand(db, input.offerId, mail.publicUrl, language);
  await db.transaction(async (tx) => {
    // Counted under a lock of the holder's row, so that two requests at once cannot both pass the limit.
    await tx.execute(sql`select 1 from partner_users where id = ${holder.id} for update`);
    const since = new Date(input.now.getTime() - LOST_LINK_WINDOW_MS);
    const [sent] = await tx
      .select({ n: count() })
      .from(mail_outbox)
      .where(
        and(
          eq(mail_outbox.kind, 'pass-link'),
          sql`lower(${mail_outbox.to_address}) = lower(${holder.email})`,
          gt(mail_outbox.created_at, since),
        ),
      );
    if ((sent?.n ?? 0) >= LOST_LINK_LIMIT) return;
    const token = generateToken();
    await tx.insert(sessions).values({
      token_hash: hashToken(token),
      offer_id: input.offerId,
      partner_user_id: holder.id,
      label: 'e-mailed on request (lost link)',
      path: `${APP_BASE}/experiences`,
    });
    const link = `${mail.publicUrl}${APP_BASE}/experiences?${new URLSearchParams({ t: token })}`;
    const content = passLinkMail(brand, { firstName: holder.first_name, link }, language);
    await enqueueMail(tx, mail, {
      kind: 'pass-link',
      to: { address: holder.email, name: fullName(holder) },
      ...content,
      offerId: input.offerId,
      partnerUserId: holder.id,
    });
  });
  return answer;
}
