/**
 * The mail outbox (issue 29, decision 0034): every e-mail is a row written in the transaction of the change
 * that causes it, so it exists exactly when that change does; the sender (sender.ts) claims due rows, sends
 * them and records how it went. The SQL of both sides is here.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { type Placeholders, preparedSql } from '../../db/prepared';
import { mail_outbox } from '../../db/schema';
import { headerText, type MailAddress, safeMailbox } from './address';
import type { MailSettings } from './settings';

export type OutboxRow = typeof mail_outbox.$inferSelect;

/** An e-mail to send: one recipient, a text part and (usually) an HTML part. */
export interface OutgoingMail {
  /** What the message is, for logs and reports: `pass-link`, `order-confirmation` ... (lower-case, dashes). */
  kind: string;
  to: MailAddress;
  replyTo?: MailAddress | null | undefined;
  subject: string;
  text: string;
  html?: string | null | undefined;
  /** Context: the offer and holder the message is about. */
  offerId?: number | null | undefined;
  partnerUserId?: number | null | undefined;
}

const KIND = /^[a-z][a-z0-9-]{0,63}$/;

/**
 * The outbox's two statements per message, the insert and the "sent" update, are fixed SQL run by name
 * (db/prepared.ts): every order confirmation runs both, and building them with Drizzle's query builder cost
 * more of a completion's CPU than running them (decision 0040, "What an e-mail costs a completion").
 */
const OUTBOX_INPUTS = [
  'kind',
  'offerId',
  'partnerUserId',
  'toAddress',
  'toName',
  'replyToAddress',
  'replyToName',
  'subject',
  'textBody',
  'htmlBody',
  'messageId',
] as const;
type OutboxInput = (typeof OUTBOX_INPUTS)[number];

/** An outbox row's values, checked (outboxValues): what the insert's placeholders take. */
export type OutboxValues = Readonly<Record<OutboxInput, string | number | null>>;

/**
 * The placeholder names of an outbox insert inside another statement: prefixed, so that they cannot meet
 * that statement's own (a completion has an `offerId` too).
 */
export type OutboxInsertInput = `mail.${OutboxInput}`;
export const OUTBOX_INSERT_INPUTS = OUTBOX_INPUTS.map((input) => `mail.${input}` as const);

/**
 * An outbox insert of the row whose values are the `mail.*` placeholders of `p`, made only when `when`
 * holds (as a data-modifying CTE of a larger statement, or alone). Answers the new row's id.
 */
export function outboxInsertSql(p: Placeholders<OutboxInsertInput>, when: SQL = sql`true`): SQL {
  const v = (input: OutboxInput) => p[`mail.${input}`];
  return sql`insert into ${mail_outbox} (kind, offer_id, partner_user_id, to_address, to_name,
    reply_to_address, reply_to_name, subject, text_body, html_body, message_id)
    select ${v('kind')}::text, ${v('offerId')}::int, ${v('partnerUserId')}::int, ${v('toAddress')}::text,
      ${v('toName')}::text, ${v('replyToAddress')}::text, ${v('replyToName')}::text, ${v('subject')}::text,
      ${v('textBody')}::text, ${v('htmlBody')}::text, ${v('messageId')}::text
    where ${when}
    returning id`;
}

/** The values of outboxInsertSql's placeholders for `values`; all null for none (a null kind inserts nothing). */
export const outboxInsertValues = (
  values: OutboxValues | null,
): Record<OutboxInsertInput, string | number | null> =>
  Object.fromEntries(OUTBOX_INPUTS.map((input) => [`mail.${input}`, values?.[input] ?? null])) as Record<
    OutboxInsertInput,
    string | number | null
  >;

const insertMail = preparedSql<OutboxInsertInput, { id: number }>(
  'mail_outbox_insert',
  OUTBOX_INSERT_INPUTS,
  (p) => outboxInsertSql(p),
);

const markSent = preparedSql<'id', { id: number }>(
  'mail_outbox_mark_sent',
  ['id'],
  (p) => sql`update ${mail_outbox}
    set status = 'sent', sent_at = now(), last_error = null, text_body = null, html_body = null
    where id = ${p.id}::int and status <> 'sent'
    returning id`,
);

/**
 * The outbox row of `mail`, to be inserted in the transaction of the change that causes the message, so
 * that the message is sent if and only if the change commits (enqueueMail, or a statement of that change
 * with outboxInsertSql). The Message-ID is fixed here, so every try sends the same one and a receiving
 * server can drop a repeat. Throws a MailAddressError when an address is not one that can be sent to, a
 * line break in it included; line breaks in names and the subject become spaces.
 */
export function outboxValues(
  settings: Pick<MailSettings, 'messageIdDomain'>,
  mail: OutgoingMail,
): OutboxValues {
  if (!KIND.test(mail.kind)) throw new Error(`mail kind ${JSON.stringify(mail.kind)} is not a-z, 0-9 and -`);
  const to = safeMailbox(mail.to, 'the recipient');
  const replyTo = mail.replyTo ? safeMailbox(mail.replyTo, 'the reply-to address') : null;
  return {
    kind: mail.kind,
    offerId: mail.offerId ?? null,
    partnerUserId: mail.partnerUserId ?? null,
    toAddress: to.address,
    toName: to.name,
    replyToAddress: replyTo?.address ?? null,
    replyToName: replyTo?.name ?? null,
    subject: headerText(mail.subject),
    textBody: mail.text,
    htmlBody: mail.html ?? null,
    messageId: `<${randomUUID()}@${settings.messageIdDomain}>`,
  };
}

/**
 * Writes `mail` to the outbox (outboxValues): call it with the transaction of the change that causes the
 * message. Writes nothing when outboxValues refuses it.
 */
export async function enqueueMail(
  db: DbExecutor,
  settings: Pick<MailSettings, 'messageIdDomain'>,
  mail: OutgoingMail,
): Promise<{ id: number; messageId: string }> {
  const values = outboxValues(settings, mail);
  return { id: await insertOutboxRow(db, values), messageId: String(values.messageId) };
}

/** Writes a row of outboxValues to the outbox; answers its id. */
export async function insertOutboxRow(db: DbExecutor, values: OutboxValues): Promise<number> {
  const [row] = await insertMail(db, outboxInsertValues(values));
  if (!row) throw new Error('the outbox insert returned no row');
  return row.id;
}

const milliseconds = (ms: number) => sql`now() + ${Math.max(0, Math.round(ms))} * interval '1 millisecond'`;

/**
 * Claims up to `limit` due rows for this sender, in one statement: queued rows whose time has come, and
 * rows another sender claimed but never finished (it died: its lease is over). `FOR UPDATE SKIP LOCKED`
 * lets any number of senders claim at once without waiting on each other or taking the same row. A claim
 * counts as an attempt and holds the row for `leaseMs` (`next_attempt_at` is the lease's end while the
 * row is `sending`); the sender must finish with the row before then. No transaction stays open.
 */
export async function claimDueMail(
  db: DbExecutor,
  options: { limit: number; leaseMs: number },
): Promise<OutboxRow[]> {
  const due = db
    .select({ id: mail_outbox.id })
    .from(mail_outbox)
    .where(
      and(inArray(mail_outbox.status, ['queued', 'sending']), lte(mail_outbox.next_attempt_at, sql`now()`)),
    )
    .orderBy(asc(mail_outbox.next_attempt_at), asc(mail_outbox.id))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  return db
    .update(mail_outbox)
    .set({
      status: 'sending',
      attempts: sql`${mail_outbox.attempts} + 1`,
      last_attempt_at: sql`now()`,
      next_attempt_at: milliseconds(options.leaseMs),
    })
    .where(inArray(mail_outbox.id, due))
    .returning();
}

/** The row as this claim left it: still `sending`, and not claimed again since (a later claim counts on). */
const stillClaimed = (row: Pick<OutboxRow, 'id' | 'attempts'>) =>
  and(eq(mail_outbox.id, row.id), eq(mail_outbox.status, 'sending'), eq(mail_outbox.attempts, row.attempts));

/**
 * Records that the message was sent. The bodies are dropped: a sent message can carry a pass link, and
 * pass tokens are kept only as hashes. A delivered message is sent whatever happened to the row meanwhile
 * (a claim that outlived its lease, taken again by another sender), so this is not limited to the claim;
 * false when the row was already marked sent.
 */
export async function markMailSent(db: DbExecutor, row: Pick<OutboxRow, 'id'>): Promise<boolean> {
  const updated = await markSent(db, { id: row.id });
  return updated.length === 1;
}

/** Puts the message back in the queue for another try in `delayMs`, with the reason this one failed. */
export async function scheduleMailRetry(
  db: DbExecutor,
  row: OutboxRow,
  delayMs: number,
  reason: string,
): Promise<boolean> {
  const updated = await db
    .update(mail_outbox)
    .set({ status: 'queued', next_attempt_at: milliseconds(delayMs), last_error: reason })
    .where(stillClaimed(row))
    .returning({ id: mail_outbox.id });
  return updated.length === 1;
}

/** Gives the message up with the reason (the server's answer); the bodies are dropped as for a sent one. */
export async function markMailFailed(db: DbExecutor, row: OutboxRow, reason: string): Promise<boolean> {
  const updated = await db
    .update(mail_outbox)
    .set({ status: 'failed', last_error: reason, text_body: null, html_body: null })
    .where(stillClaimed(row))
    .returning({ id: mail_outbox.id });
  return updated.length === 1;
}
