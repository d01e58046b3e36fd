/**
 * Where the sender hands messages (README, Configuration): an SMTP server when SMTP_URL is set, otherwise
 * one .eml file per message under DATA_DIR/mail, so that `npm start` needs no mail server and a person can
 * open what would have been sent.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';

export interface MailTransport {
  /** Where messages go, for the log (no credentials): `smtp://host:587`, or the folder of the .eml files. */
  readonly description: string;
  /**
   * Hands one message over. Resolves once the SMTP server has accepted it, or with the file written (the
   * sender logs its path); rejects with nodemailer's error otherwise, which carries the server's answer
   * (`responseCode`, `response`).
   */
  send(message: SendMailOptions): Promise<{ file?: string }>;
  /** Closes idle connections; a send in progress finishes. */
  close(): void;
}

/** Applied to every message: nothing a message says may make nodemailer read a file or fetch a URL. */
const SAFE_CONTENT = { disableFileAccess: true, disableUrlAccess: true } as const;

/**
 * SMTP through nodemailer's connection pool: `smtp://` (STARTTLS when the server offers it) or `smtps://`
 * (TLS from the start), with `user:password@` for servers that want a login. The timeouts keep one send
 * well inside the sender's lease.
 */
export function smtpTransport(smtpUrl: string, options: { maxConnections?: number } = {}): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: options.maxConnections ?? 5,
    // A connection the server closes while sending fails that send: the outbox retries it later.
    maxRequeues: 0,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
    ...SAFE_CONTENT,
  });
  const url = new URL(smtpUrl);
  return {
    description: `${url.protocol}//${url.host}`,
    async send(message) {
      await transporter.sendMail(message);
      return {};
    },
    close() {
      transporter.close();
    },
  };
}

/**
 * Writes each message, exactly as it would go over SMTP, to `<dir>/<date>-<id>.eml`. The name comes from
 * the message's Date and Message-ID, which every try repeats, so a message written twice (a sender stopped
 * after writing, before recording it) is one file.
 */
export function emlTransport(dir: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, ...SAFE_CONTENT });
  return {
    description: `.eml files in ${dir}`,
    async send(message) {
      const info = await transporter.sendMail(message);
      const file = path.join(dir, emlFileName(message));
      // The folder is made when a write finds it missing, not before every write: a mkdir a message was a
      // visible share of the sender's CPU under the bench's completions.
      await writeFile(file, info.message as Buffer).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
        await mkdir(dir, { recursive: true });
        await writeFile(file, info.message as Buffer);
      });
      return { file };
    },
    close() {
      transporter.close();
    },
  };
}

function emlFileName(message: SendMailOptions): string {
  const date = message.date instanceof Date ? message.date : new Date();
  const stamp = date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
  const id = String(message.messageId ?? '')
    .replace(/^<|@.*$/g, '')
    .replace(/[^A-Za-z0-9-]/g, '');
  return `${stamp}-${id || 'message'}.eml`;
}
