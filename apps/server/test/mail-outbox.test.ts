import { readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { render, toPlainText } from '@react-email/render';
import { asc, eq, sql } from 'drizzle-orm';
import { type AddressObject, type ParsedMail, simpleParser } from 'mailparser';
import pino from 'pino';
import { createElement } from 'react';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DbExecutor } from '../src/db/client';
import { mail_outbox } from '../src/db/schema';
import {
  emlTransport,
  enqueueMail,
  MailAddressError,
  type MailTransport,
  mailSettings,
  type OutgoingMail,
  smtpTransport,
} from '../src/modules/mail';
import type { MailBrand } from '../src/modules/mail/branding';
import {
  helpRequestMail,
  loginCodeMail,
  orderConfirmationMail,
  passLinkMail,
  shippedMail,
  staffInviteMail,
  suggestionMail,
} from '../src/modules/mail/messages';
import { claimDueMail } from '../src/modules/mail/outbox';
import { createMailSender, type MailSenderTuning } from '../src/modules/mail/sender';
import { LoginCodeEmail } from '../src/modules/mail/templates/LoginCodeEmail';
import { OrderConfirmationEmail } from '../src/modules/mail/templates/OrderConfirmationEmail';
import { StaffInviteEmail } from '../src/modules/mail/templates/StaffInviteEmail';
import { mailT } from '../src/modules/mail/text';
import { createTestApp, LogCapture, type SecondInstance, startSecondInstance, type TestApp } from './helpers';

/**
 * The mail outbox and sender (issue 29): a real SMTP server in this process (smtp-server on 127.0.0.1)
 * receives what the sender sends, and mailparser reads it. One database for the file (no demo: the
 * messages are written here with enqueueMail; features write them in item 3).
 */

interface Received {
  /** The envelope's recipients (RCPT TO), which decide where a message goes whatever its headers say. */
  rcptTo: string[];
  user: string | undefined;
  raw: string;
  mail: ParsedMail;
}

interface TestSmtp {
  url: string;
  received: Received[];
  /** Answers RCPT TO: a code (451, 550) refuses the recipient; nothing accepts. */
  answer: (address: string) => number | undefined;
  close(): Promise<void>;
}

async function startSmtp(): Promise<TestSmtp> {
  const received: Received[] = [];
  const smtp: Partial<TestSmtp> = { received, answer: () => undefined };
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: true,
    onAuth(auth, _session, callback) {
      if (auth.username === 'trailpass' && auth.password === 's3cret')
        callback(null, { user: auth.username });
      else callback(new Error('535 wrong login'));
    },
    onRcptTo(address, _session, callback) {
      const code = smtp.answer?.(address.address);
      if (!code) return callback();
      const text = code === 451 ? '4.7.1 Greylisted, please try again later' : '5.1.1 No such user here';
      callback(Object.assign(new Error(text), { responseCode: code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then(
          (mail) => {
            received.push({
              rcptTo: session.envelope.rcptTo.map((r) => r.address),
              user: typeof session.user === 'string' ? session.user : undefined,
              raw: raw.toString('utf8'),
              mail,
            });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  smtp.url = `smtp://trailpass:s3cret@127.0.0.1:${port}`;
  smtp.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return smtp as TestSmtp;
}

const settings = mailSettings({
  from: { address: 'passes@example.org', name: 'Lakeshore Passes' },
  publicUrl: 'https://pass.example.org/',
});
const quietLog = pino({ level: 'silent' });

let t: TestApp;
let smtp: TestSmtp;
const transports: MailTransport[] = [];

function sender(tuning: MailSenderTuning = {}, transport?: MailTransport, log = quietLog) {
  const chosen = transport ?? smtpTransport(smtp.url);
  transports.push(chosen);
  return createMailSender({ db: t.database.db, transport: chosen, from: settings.from, log, ...tuning });
}

const mail = (over: Partial<OutgoingMail> = {}): OutgoingMail => ({
  kind: 'pass-link',
  to: { address: 'ava@example.com', name: 'Ava Lindqvist' },
  subject: 'Your Lakeshore Brew Trail pass',
  text: 'Open your pass: https://pass.example.org/pass/experiences?t=abc',
  html: '<p>Open <a href="https://pass.example.org/pass/experiences?t=abc">your pass</a></p>',
  offerId: 101,
  partnerUserId: 1001,
  ...over,
});

async function enqueue(over: Partial<OutgoingMail> = {}, db: DbExecutor = t.database.db) {
  return db.transaction((tx) => enqueueMail(tx, settings, mail(over)));
}

async function row(id: number) {
  const [found] = await t.database.db.select().from(mail_outbox).where(eq(mail_outbox.id, id));
  if (!found) throw new Error(`outbox row ${id} missing`);
  return found;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  [field ?? []].flat().flatMap((group) => group.value.map((a) => ({ name: a.name, address: a.address })));

beforeAll(async () => {
  t = await createTestApp({ importDemo: false });
  smtp = await startSmtp();
});

afterAll(async () => {
  for (const transport of transports) transport.close();
  await smtp?.close();
  await t?.close();
});

beforeEach(async () => {
  await t.database.db.delete(mail_outbox);
  smtp.received.length = 0;
  smtp.answer = () => undefined;
});

describe('the outbox and its sender', () => {
  it('sends a queued message over SMTP: recipient, subject, both parts, and the Message-ID fixed at enqueue', async () => {
    const { id, messageId } = await enqueue();
    expect(messageId).toMatch(/^<[0-9a-f-]{36}@pass\.example\.org>$/);
    expect(await row(id)).toMatchObject({ status: 'queued', attempts: 0, message_id: messageId });

    expect(await sender().runOnce()).toEqual({ claimed: 1, sent: 1, retrying: 0, failed: 0 });

    expect(smtp.received).toHaveLength(1);
    const [got] = smtp.received;
    expect(got?.rcptTo).toEqual(['ava@example.com']);
    expect(got?.user).toBe('trailpass'); // the credentials in SMTP_URL
    expect(addresses(got?.mail.to)).toEqual([{ name: 'Ava Lindqvist', address: 'ava@example.com' }]);
    expect(addresses(got?.mail.from)).toEqual([{ name: 'Lakeshore Passes', address: 'passes@example.org' }]);
    expect(got?.mail.subject).toBe('Your Lakeshore Brew Trail pass');
    expect(got?.mail.messageId).toBe(messageId);
    expect(got?.mail.text?.trim()).toBe('Open your pass: https://pass.example.org/pass/experiences?t=abc');
    expect(got?.mail.html).toContain(
      '<a href="https://pass.example.org/pass/experiences?t=abc">your pass</a>',
    );

    // Sent: recorded, and the bodies (which can carry a pass token) are gone.
    expect(await row(id)).toMatchObject({
      status: 'sent',
      attempts: 1,
      last_error: null,
      text_body: null,
      html_body: null,
    });
    expect((await row(id)).sent_at).toBeInstanceOf(Date);
    // Nothing more to do: the next round claims nothing and sends nothing.
    expect((await sender().runOnce()).claimed).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });

  it('writes nothing when the transaction that enqueued the message rolls back', async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        await enqueueMail(tx, settings, mail());
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await t.database.db.select().from(mail_outbox)).toEqual([]);
    expect((await sender().runOnce()).claimed).toBe(0);
  });

  it('451: keeps the message queued with the answer and backs off; a later try delivers it', async () => {
    const { id, messageId } = await enqueue();
    let refusals = 1;
    smtp.answer = () => (refusals-- > 0 ? 451 : undefined);
    const s = sender({ retryBaseMs: 400 });

    expect(await s.runOnce()).toMatchObject({ claimed: 1, retrying: 1 });
    const waiting = await row(id);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting.last_error).toMatch(/^451 4\.7\.1 Greylisted/);
    expect(waiting.text_body).not.toBeNull();
    // Backed off: not due again before the wait is over.
    expect((await s.runOnce()).claimed).toBe(0);
    expect(smtp.received).toHaveLength(0);

    await sleep(450);
    expect(await s.runOnce()).toMatchObject({ claimed: 1, sent: 1 });
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    expect(smtp.received.map((r) => r.mail.messageId)).toEqual([messageId]);
  });

  it('retries with exponential backoff and gives the message up after the last attempt', async () => {
    const { id } = await enqueue();
    smtp.answer = () => 451;
    const s = sender({ retryBaseMs: 100, maxAttempts: 3 });
    for (const [attempt, wait] of [
      [1, 100],
      [2, 200],
      [3, null],
    ] as const) {
      for (let tries = 0; (await s.runOnce()).claimed === 0; tries++) {
        if (tries > 100) throw new Error(`attempt ${attempt} never came`);
        await sleep(20);
      }
      const recordedBy = Date.now();
      const after = await row(id);
      expect(after.attempts).toBe(attempt);
      if (wait === null) break;
      // The next try is `wait` after the failure, which came between the claim and the round's end.
      expect(after.status).toBe('queued');
      const due = after.next_attempt_at.getTime();
      expect(due - (after.last_attempt_at?.getTime() ?? 0)).toBeGreaterThanOrEqual(wait);
      expect(due - recordedBy).toBeLessThanOrEqual(wait);
    }
    const given = await row(id);
    expect(given).toMatchObject({ status: 'failed', attempts: 3, text_body: null });
    expect(given.last_error).toMatch(/^451 /);
  });

  it('550: marks the message failed with the server’s answer and never tries it again', async () => {
    const { id } = await enqueue({ to: { address: 'gone@example.com', name: null } });
    smtp.answer = (address) => (address === 'gone@example.com' ? 550 : undefined);
    const s = sender({ retryBaseMs: 10 });

    expect(await s.runOnce()).toMatchObject({ claimed: 1, failed: 1 });
    const failed = await row(id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, text_body: null, html_body: null });
    expect(failed.last_error).toMatch(/^550 5\.1\.1 No such user here/);

    await sleep(50);
    expect((await s.runOnce()).claimed).toBe(0);
    expect(smtp.received).toHaveLength(0);
    expect((await row(id)).status).toBe('failed');
  });

  it('a sender killed between claiming and sending: its claim runs out and a restarted sender delivers', async () => {
    const { id, messageId } = await enqueue();
    // What a dying process leaves behind: the row claimed (its lease running), nothing sent.
    const claimed = await claimDueMail(t.database.db, { limit: 10, leaseMs: 500 });
    expect(claimed.map((r) => r.id)).toEqual([id]);
    expect(await row(id)).toMatchObject({ status: 'sending', attempts: 1 });

    const restarted = sender();
    // While the lease runs, nobody else takes the row (it may be being sent).
    expect((await restarted.runOnce()).claimed).toBe(0);
    await sleep(550);
    expect(await restarted.runOnce()).toMatchObject({ claimed: 1, sent: 1 });
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.received.map((r) => r.mail.messageId)).toEqual([messageId]);
  });

  it('hostile input: line breaks in names and the subject never reach a header; an address with one is refused', async () => {
    const { id } = await enqueue({
      to: { address: 'ava@example.com', name: 'Ava\r\nBcc: mallory@evil.test' },
      replyTo: { address: 'help@example.org', name: 'Help\nX-Injected: yes' },
      subject: 'Your pass\r\nBcc: mallory@evil.test\u2028Cc: eve@evil.test',
    });
    expect(await row(id)).toMatchObject({
      to_name: 'Ava Bcc: mallory@evil.test',
      reply_to_name: 'Help X-Injected: yes',
      subject: 'Your pass Bcc: mallory@evil.test Cc: eve@evil.test',
    });
    await sender().runOnce();
    const [got] = smtp.received;
    expect(got?.rcptTo).toEqual(['ava@example.com']);
    const headerSection = got?.raw.split(/\r?\n\r?\n/)[0] ?? '';
    expect(headerSection).not.toMatch(/^(bcc|cc|x-injected):/im);
    expect(got?.mail.headers.has('bcc')).toBe(false);
    expect(got?.mail.headers.has('x-injected')).toBe(false);
    expect(got?.mail.subject).toBe('Your pass Bcc: mallory@evil.test Cc: eve@evil.test');
    expect(addresses(got?.mail.to)).toEqual([
      { name: 'Ava Bcc: mallory@evil.test', address: 'ava@example.com' },
    ]);

    for (const hostile of [
      { to: { address: 'ava@example.com\r\nBcc: mallory@evil.test' } },
      { to: { address: 'ava@example.com\nBcc:mallory@evil.test' } },
      { to: { address: 'ava@example.com', name: 'Ava' }, replyTo: { address: 'x@example.org\r\nX-A: 1' } },
      { to: { address: 'Ava <ava@example.com>' } },
    ]) {
      await expect(enqueue(hostile)).rejects.toBeInstanceOf(MailAddressError);
    }
    expect((await t.database.db.select().from(mail_outbox)).map((r) => r.id)).toEqual([id]);
  });

  it('without SMTP_URL, writes each message as a readable .eml file under the mail folder and logs its path', async () => {
    const dir = path.join(t.dataDir, 'mail');
    const logs = new LogCapture();
    const { messageId } = await enqueue();
    expect(await sender({}, emlTransport(dir), pino({ level: 'info' }, logs)).runOnce()).toMatchObject({
      sent: 1,
    });
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    const file = path.join(dir, files[0] ?? '');
    expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ-[0-9a-f-]{36}\.eml$/);
    const parsed = await simpleParser(await readFile(file));
    expect(parsed.messageId).toBe(messageId);
    expect(parsed.subject).toBe('Your Lakeshore Brew Trail pass');
    expect(addresses(parsed.to)).toEqual([{ name: 'Ava Lindqvist', address: 'ava@example.com' }]);
    expect(parsed.text?.trim()).toBe('Open your pass: https://pass.example.org/pass/experiences?t=abc');
    expect(parsed.html).toContain('href="https://pass.example.org/pass/experiences?t=abc"');
    const logged = logs.lines.map((line) => JSON.parse(line) as { msg: string; file?: string });
    expect(logged).toContainEqual(
      expect.objectContaining({ file, msg: 'e-mail written to a file (SMTP_URL is not set)' }),
    );

    // The next message goes beside it; a folder removed meanwhile is made again.
    const transport = emlTransport(dir);
    await enqueue();
    expect(await sender({}, transport).runOnce()).toMatchObject({ sent: 1 });
    expect(await readdir(dir)).toHaveLength(2);
    await rm(dir, { recursive: true });
    await enqueue();
    expect(await sender({}, transport).runOnce()).toMatchObject({ sent: 1 });
    expect(await readdir(dir)).toHaveLength(1);
  });
});

describe('two server instances on one database', () => {
  const instances: SecondInstance[] = [];
  afterAll(async () => {
    for (const instance of instances) await instance.close();
  });

  it('share 200 queued messages and send each exactly once', async () => {
    const queued = await t.database.db.transaction(async (tx) => {
      const ids: string[] = [];
      for (let i = 0; i < 200; i++) {
        const to = { address: `holder${i}@example.com`, name: `Holder ${i}` };
        ids.push((await enqueueMail(tx, settings, mail({ to, subject: `Message ${i}` }))).messageId);
      }
      return ids;
    });
    // Each instance counts what its transport sent: both must have had a share.
    const sentBy = [0, 0];
    const counting = (n: number): MailTransport => {
      const inner = smtpTransport(smtp.url);
      return {
        description: inner.description,
        async send(message) {
          const result = await inner.send(message);
          sentBy[n] = (sentBy[n] ?? 0) + 1;
          return result;
        },
        close: () => inner.close(),
      };
    };
    const tuning = { pollMs: 25, batchSize: 5 };
    // As two processes behind a load balancer: on Postgres each with its own connection pool.
    const started = await Promise.all(
      [0, 1].map((n) =>
        startSecondInstance(t, {
          rateLimit: {},
          mail: { settings, transport: counting(n), tuning },
        }),
      ),
    );
    instances.push(...started);

    for (let waited = 0; smtp.received.length < 200; waited += 50) {
      if (waited > 30_000) throw new Error(`only ${smtp.received.length} of 200 arrived`);
      await sleep(50);
    }
    await sleep(200); // a message sent twice would arrive now
    const arrived = smtp.received.map((r) => r.mail.messageId ?? '');
    expect(arrived).toHaveLength(200);
    expect(new Set(arrived)).toEqual(new Set(queued));
    expect(sentBy[0]).toBeGreaterThan(0);
    expect(sentBy[1]).toBeGreaterThan(0);

    const rows = await t.database.db
      .select({ status: mail_outbox.status, attempts: mail_outbox.attempts, n: sql<number>`count(*)::int` })
      .from(mail_outbox)
      .groupBy(mail_outbox.status, mail_outbox.attempts)
      .orderBy(asc(mail_outbox.status));
    // Every row claimed once (attempts 1) and sent.
    expect(rows).toEqual([{ status: 'sent', attempts: 1, n: 200 }]);
  });
});

// ---------------------------------------------------------------------------------------------------------
// The messages' templates alone (item 3): every message has both parts from one render, and the plain-text
// part is what React Email's html-to-text default would make of the HTML, though it comes from its faster
// converter (messages.tsx, decision 0035).

const brand: MailBrand = {
  offerName: 'Lakeshore Rewards',
  colour: '#0B6E8A',
  logoUrl: 'http://localhost:8080/pass/media/visit-lakeshore-horizontal.svg',
};
const messageSender = { name: 'Ava Lindqvist', email: 'ava@example.com' };
const hostile = '<b>Dark mode</b> & <a href="https://evil.test">a map</a>\nsecond line';

const messages = {
  'pass link': () =>
    passLinkMail(brand, { firstName: 'Ava', link: 'http://localhost:8080/pass/experiences?t=x' }),
  'sign-in code': () => loginCodeMail(brand, { code: '123456', minutes: 10 }),
  suggestion: () =>
    suggestionMail(brand, { sender: messageSender, suggestion: hostile, priority: 'Important' }),
  'help request': () =>
    helpRequestMail(brand, {
      sender: { name: null, email: null },
      itemSelected: 'My Account',
      question: hostile,
      order: {
        id: 9003,
        status: 'completed',
        purchasedOn: 'November 20, 2026',
        items: ['Tee (S), 120 points'],
      },
    }),
  'order confirmation': () =>
    orderConfirmationMail(brand, {
      orderId: 9012,
      firstName: 'Ava',
      items: [{ label: 'Lighthouse Sunset Cruise for Two', chip: 'Pickup', points: '1,000 points' }],
      points: '1,000 points',
      cash: '$39.00',
      pickup: {
        slot: 'Tuesday, November 24, 2026 at 4:00 PM (America/Chicago)',
        where: ['Lighthouse Point boat launch', 'Lighthouse Point Beach'],
        instructions: 'Check in 20 minutes before.\nThe captain confirms.',
      },
      shipTo: ['Ava Lindqvist', '12 Shore Rd', 'Port Alder, WI 54290', 'US'],
    }),
  // Issue 30 item 3: a claimed item the console marked shipped.
  shipped: () =>
    shippedMail(brand, {
      orderId: 9009,
      firstName: 'Ava',
      item: 'Insulated Tumbler',
      carrier: hostile,
      trackingNumber: '1Z 999 AA1',
      trackingUrl: 'https://ups.example/track?n=1Z999AA1',
      shipTo: ['Ava Lindqvist', '742 Birch Lane', 'Port Alder, WI 54290', 'US'],
    }),
};

describe('e-mail messages (issue 29)', () => {
  it.each(Object.entries(messages))(
    '%s: HTML in the offer’s colour and logo, and the same text html-to-text makes',
    async (_, make) => {
      const mail = await make();
      expect(mail.html).toContain(brand.colour);
      expect(mail.html).toContain(`src="${brand.logoUrl}"`);
      expect(mail.text.length).toBeGreaterThan(50);
      expect(mail.text).toBe(toPlainText(mail.html));
    },
  );

  // The messages are rendered in one synchronous pass (messages.tsx) instead of through React Email's
  // streaming `render`: the document must be React Email's but for the empty comments its stream adds (the
  // Suspense boundary's, the hoisted html, head and body's, and those between adjacent texts), which no
  // client shows. The layout (logo, preheader) is every message's, so a holder message in two languages and a
  // console one cover what differs between the two renderers.
  const withoutStreamComments = (html: string) => html.replace(/<!--(?:\$|\/\$|html|head|body| )-->/g, '');
  const order = {
    orderId: 9012,
    firstName: 'Ava',
    items: [{ label: 'Lighthouse Sunset Cruise for Two', chip: 'Pickup', points: '1,000 points' }],
    points: '1,000 points',
    cash: '$39.00',
    pickup: { slot: 'Tuesday at 4:00 PM', where: ['Lighthouse Point'], instructions: 'Check in early.' },
    shipTo: ['Ava Lindqvist', '12 Shore Rd'],
  };
  it.each([
    [
      'order confirmation (French)',
      () => orderConfirmationMail(brand, order, 'fr'),
      createElement(OrderConfirmationEmail, { brand, order, t: mailT('fr'), lang: 'fr' }),
    ],
    [
      'sign-in code',
      () => loginCodeMail(brand, { code: '123456', minutes: 10 }),
      createElement(LoginCodeEmail, { brand, code: '123456', minutes: 10, t: mailT('en'), lang: 'en' }),
    ],
    [
      'staff invitation',
      () =>
        staffInviteMail(brand, {
          partnerName: 'Lakeshore',
          invitedBy: 'Sam',
          link: 'https://x.example',
          days: 7,
        }),
      createElement(StaffInviteEmail, {
        brand,
        partnerName: 'Lakeshore',
        invitedBy: 'Sam',
        link: 'https://x.example',
        days: 7,
      }),
    ],
  ] as const)('%s: the same document React Email’s render makes', async (_, make, element) => {
    const ours = make().html;
    const theirs = await render(element);
    expect(ours).not.toContain('rel="preload"');
    expect(theirs).toContain('<!--$-->');
    expect(ours).toBe(withoutStreamComments(theirs));
  });
});
