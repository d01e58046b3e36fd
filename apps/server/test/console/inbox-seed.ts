import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../src/db/client';
import { error_reports, help_requests, sessions, suggestions } from '../../src/db/schema';

/**
 * One open suggestion (Sam's), help request (Ava's, about order 9003) and error report on offer 101 of the
 * demo, and one error report sent without an offer: the objects the inbox routes' matrix and fuzz calls act on.
 */
export async function seedInbox(db: DbExecutor) {
  const sessionOf = async (partnerUserId: number) => {
    const [row] = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.partner_user_id, partnerUserId), eq(sessions.offer_id, 101)))
      .limit(1);
    if (!row) throw new Error(`no session of ${partnerUserId} on offer 101`);
    return row.id;
  };
  const [suggestion] = await db
    .insert(suggestions)
    .values({
      session_id: await sessionOf(1002),
      partner_user_id: 1002,
      offer_id: 101,
      partner_id: 1,
      suggestion: 'More stops, please.',
      priority: 'Nice to Have',
      contact_permission: 0,
    })
    .returning({ id: suggestions.id });
  const [help] = await db
    .insert(help_requests)
    .values({
      session_id: await sessionOf(1001),
      partner_user_id: 1001,
      offer_id: 101,
      partner_id: 1,
      order_id: 9003,
      item_selected: 'Other',
      question: 'Where is my order?',
    })
    .returning({ id: help_requests.id });
  const report = { name: 'TypeError', url: '/pass', session_device_id: 'd1', local_device_id: 'd2' };
  const [offerReport] = await db
    .insert(error_reports)
    .values({ ...report, offer_id: 101, partner_id: 1, message: 'x is undefined' })
    .returning({ fingerprint: error_reports.fingerprint });
  const [offerless] = await db
    .insert(error_reports)
    .values({ ...report, message: 'No offer yet' })
    .returning({ fingerprint: error_reports.fingerprint });
  if (!suggestion || !help || !offerReport || !offerless) throw new Error('the inbox seed wrote nothing');
  return {
    suggestionId: suggestion.id,
    helpId: help.id,
    fingerprint: offerReport.fingerprint,
    offerlessFingerprint: offerless.fingerprint,
  };
}
