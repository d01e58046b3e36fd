/**
 * The mail sender (issue 29, decision 0034): in every server instance, a loop that claims due outbox rows,
 * hands them to the transport and records the outcome. Claims never wait on each other (SKIP LOCKED), so
 * any number of instances share the work; a claim is a lease, so a row whose sender died is sent by another
 * (or the restarted one) once the lease is over. No transaction is open while a message is being sent.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { NodemailerError, SendMailOptions } from 'nodemailer';
import type { AppDb } from '../../db/client';
import { claimDueMail, markMailFailed, markMailSent, type OutboxRow, scheduleMailRetry } from './outbox';
import type { MailSettings } from './settings';
import type { MailTransport } from './transport';

export interface MailSenderTuning {
  /** The wait between looks at the outbox after one found nothing more to send (default 5 s). */
  pollMs?: number;
  /** Rows claimed and sent at once (default 5, the SMTP pool's connections). */
  batchSize?: number;
  /** How long a claim holds its rows (default 5 min); another sender takes a row whose claim ran out. */
  leaseMs?: number;
  /** The longest one send may take before it counts as a temporary failure (default 2 min, within the lease). */
  sendTimeoutMs?: number;
  /** The wait before the second try (default 30 s), doubled for every further one. */
  retryBaseMs?: number;
  /** Tries before a message that keeps failing for a while is given up (default 8: the last about an hour on). */
  maxAttempts?: number;
}

export interface MailSenderOptions extends MailSenderTuning {
  db: AppDb;
  transport: MailTransport;
  from: MailSettings['from'];
  log: FastifyBaseLogger;
}

/** What one round did: rows claimed, and how each ended. */
export interface SendRound {
  claimed: number;
  sent: number;
  retrying: number;
  failed: number;
}

export interface MailSender {
  /** Starts the loop: a round at once, then one whenever the last found the outbox drained. */
  start(): void;
  /** Stops the loop; resolves when the round in progress has recorded its outcomes. */
  stop(): Promise<void>;
  /** One round: claims a batch, sends it, records each outcome. */
  runOnce(): Promise<SendRound>;
}

const DEFAULTS: Required<MailSenderTuning> = {
  pollMs: 5_000,
  batchSize: 5,
  leaseMs: 5 * 60_000,
  sendTimeoutMs: 2 * 60_000,
  retryBaseMs: 30_000,
  maxAttempts: 8,
};

/**
 * Whether a failed send may work on a later try, and the reason to record (the server's answer when it
 * gave one). A 5xx answer is permanent (RFC 5321), except 503 (a session in the wrong state) and a refused
 * login (EAUTH): that is our configuration, not the message, and the message waits for it to be fixed.
 * Everything else (4xx, connection errors, timeouts) is temporary.
 */
export function classifySendFailure(error: unknown): { permanent: boolean; reason: string } {
  const e = (error ?? {}) as Partial<NodemailerError>;
  const reason = (e.response || e.message || String(error)).trim().slice(0, 1000);
  const code = e.responseCode;
  const permanent =
    typeof code === 'number' && code >= 500 && code < 600 && code !== 503 && e.code !== 'EAUTH';
  return { permanent, reason };
}

/** The wait after failed attempt number `attempts` (1 for the first): base, 2 x base, 4 x base ... */
export function retryDelay(attempts: number, baseMs: number): number {
  return baseMs * 2 ** Math.max(0, attempts - 1);
}

function mailbox(address: string, name: string | null) {
  return name ? { name, address } : address;
}

/** The message of an outbox row, as every try sends it: same Message-ID, same Date. */
export function composeMail(row: OutboxRow, from: MailSettings['from']): SendMailOptions {
  return {
    from: mailbox(from.address, from.name),
    to: mailbox(row.to_address, row.to_name),
    ...(row.reply_to_address ? { replyTo: mailbox(row.reply_to_address, row.reply_to_name) } : {}),
    subject: row.subject,
    text: row.text_body ?? '',
    ...(row.html_body ? { html: row.html_body } : {}),
    messageId: row.message_id,
    date: row.created_at,
  };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${Math.round(ms / 1000)} s`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export function createMailSender(options: MailSenderOptions): MailSender {
  const tuning = { ...DEFAULTS, ...definedOnly(options) };
  const { db, transport, from, log } = options;

  async function deliver(row: OutboxRow): Promise<'sent' | 'retrying' | 'failed'> {
    const context = { mailId: row.id, kind: row.kind, attempt: row.attempts };
    if (row.attempts > tuning.maxAttempts) {
      // Its last claims all ran out unfinished (the sender died each time): no more tries.
      const reason = `no outcome after ${row.attempts - 1} attempts${row.last_error ? `; last: ${row.last_error}` : ''}`;
      await markMailFailed(db, row, reason);
      log.warn({ ...context, reason }, 'e-mail given up');
      return 'failed';
    }
    let file: string | undefined;
    try {
      ({ file } = await withTimeout(transport.send(composeMail(row, from)), tuning.sendTimeoutMs));
    } catch (error) {
      const { permanent, reason } = classifySendFailure(error);
      if (permanent || row.attempts >= tuning.maxAttempts) {
        await markMailFailed(db, row, reason);
        log.warn({ ...context, reason }, permanent ? 'e-mail refused' : 'e-mail given up');
        return 'failed';
      }
      const delayMs = retryDelay(row.attempts, tuning.retryBaseMs);
      await scheduleMailRetry(db, row, delayMs, reason);
      log.info({ ...context, reason, retryInMs: delayMs }, 'e-mail not sent yet; will retry');
      return 'retrying';
    }
    await markMailSent(db, row);
    if (file) log.info({ ...context, file }, 'e-mail written to a file (SMTP_URL is not set)');
    else log.debug(context, 'e-mail sent');
    return 'sent';
  }

  async function runOnce(): Promise<SendRound> {
    const rows = await claimDueMail(db, { limit: tuning.batchSize, leaseMs: tuning.leaseMs });
    const round: SendRound = { claimed: rows.length, sent: 0, retrying: 0, failed: 0 };
    const outcomes = await Promise.allSettled(rows.map(deliver));
    for (const [i, outcome] of outcomes.entries()) {
      if (outcome.status === 'fulfilled') round[outcome.value] += 1;
      // The outcome could not be recorded (the database went away): the lease runs out and it is tried again.
      else log.error({ err: outcome.reason, mailId: rows[i]?.id }, 'e-mail outcome not recorded');
    }
    return round;
  }

  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  async function loop(): Promise<void> {
    try {
      // A full batch means there may be more due now: go on without waiting.
      for (;;) {
        const round = await runOnce();
        if (stopped || round.claimed < tuning.batchSize) break;
      }
    } catch (error) {
      log.error({ err: error }, 'mail sender: could not claim from the outbox');
    }
    if (!stopped) {
      timer = setTimeout(tick, tuning.pollMs);
      timer.unref();
    }
  }

  function tick() {
    running = loop().finally(() => {
      running = undefined;
    });
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      log.info({ to: transport.description }, 'mail sender started');
      tick();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
    runOnce,
  };
}

function definedOnly(tuning: MailSenderTuning): MailSenderTuning {
  return Object.fromEntries(
    Object.entries({
      pollMs: tuning.pollMs,
      batchSize: tuning.batchSize,
      leaseMs: tuning.leaseMs,
      sendTimeoutMs: tuning.sendTimeoutMs,
      retryBaseMs: tuning.retryBaseMs,
      maxAttempts: tuning.maxAttempts,
    }).filter(([, value]) => value !== undefined),
  );
}
