import { EMAIL_SENT_MESSAGE, partnerUser, supportReceipt } from '@trailpass/contract';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import {
  help_requests,
  offers,
  partner_users,
  partners,
  pass_links,
  sessions,
  suggestions,
} from '../src/db/schema';
import { DEFAULT_MAIL_FROM } from '../src/modules/mail';
import { composeMail } from '../src/modules/mail/sender';
import { HELP_REQUEST_SENT_MESSAGE } from '../src/modules/support/service';
import { dumpDatabase } from './db/fixtures';
import { api, createTestApp, expectError, lastMail, outboxSize, type TestApp, TOKENS } from './helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    rateLimit: { apiPerMinute: 10_000, loginPerMinute: 1_000, accountWritesPerMinute: 1_000 },
  });
});

afterAll(async () => {
  await t?.close();
});

// Demo: offers 101 and 102 belong to partner 1 (Visit Lakeshore), 103 to partner 942. Ava (1001) holds
// 101 and 102, Sam (1002) and Noah (1003) 101, Harper (1004) 103. Ava's orders on 101 include 9003; 9001
// is hers on 102, 9005 is Sam's, 9010 Harper's.
type Res = Awaited<ReturnType<typeof api>>;

const post = (app: FastifyInstance, path: string, token: string, userId: number | string, payload: unknown) =>
  api(app, 'POST', `/partnerUser/${userId}/${path}`, token, { payload: payload as object });
const suggest = (token: string, userId: number | string, payload: unknown, app = t.app) =>
  post(app, 'suggestions', token, userId, payload);
const needHelp = (token: string, userId: number | string, payload: unknown, app = t.app) =>
  post(app, 'needHelp', token, userId, payload);
const updatePhone = (token: string, userId: number | string, payload: unknown, app = t.app) =>
  post(app, 'update', token, userId, payload);

const suggestion = (extra: object = {}) => ({
  suggestion: 'A map of every stop on one screen, please.',
  priority: 'Important',
  contactPermission: 1,
  partnerName: 'Visit Lakeshore',
  offerId: 101,
  partnerId: 1,
  partnerUserId: 1001,
  ...extra,
});
const helpRequest = (extra: object = {}) => ({
  question: 'My growler pickup code does not work.',
  itemSelected: 'Brew Trail Passport',
  partnerName: 'Visit Lakeshore',
  partnerId: 1,
  partnerUserId: 1001,
  ...extra,
});

async function sessionIdOf(passLinkId: number): Promise<number> {
  const [row] = await t.database.db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(pass_links, eq(pass_links.id, sessions.pass_link_id))
    .where(eq(pass_links.id, passLinkId));
  if (!row) throw new Error(`no session for pass link ${passLinkId}`);
  return row.id;
}

const phoneOf = async (id: number) =>
  (
    await t.database.db
      .select({ phone: partner_users.phone })
      .from(partner_users)
      .where(eq(partner_users.id, id))
  )[0]?.phone;

/** The refusals every holder write shares: who may call, with the body otherwise valid. */
async function expectHolderGuard(send: (token: string, userId: number) => Promise<Res>) {
  const messages = new Set<string>();
  for (const [token, userId] of [
    [TOKENS.avaBrew, 1002], // another user's id in the path
    [TOKENS.samStaff, 1001],
    [TOKENS.guestBrew, 1001], // signed out
  ] as const) {
    messages.add(expectError(await send(token, userId), 404, 'not_found').message);
  }
  expect(messages.size).toBe(1);
  expectError(await send(TOKENS.previewProduct, 1001), 403, 'forbidden');
  expectError(await send(TOKENS.unregVenue301, 1001), 403, 'forbidden');
  expectError(await send('no-such-token', 1001), 401, 'unauthorized');
}

describe('POST /partnerUser/{id}/suggestions (spec 7 Suggestion, 2.17)', () => {
  it('stores the suggestion with the session, user, offer and partner and answers Email Sent!', async () => {
    const text = '  <b>Dark mode</b> & a map of every stop — por favor 🍺  ';
    const res = await suggest(TOKENS.avaBrew, 1001, suggestion({ suggestion: text, priority: 'Critical' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const receipt = supportReceipt.parse(res.json());
    expect(receipt.message).toBe(EMAIL_SENT_MESSAGE);
    const rows = await t.database.db.select().from(suggestions).where(eq(suggestions.id, receipt.id));
    expect(rows).toEqual([
      {
        id: receipt.id,
        session_id: await sessionIdOf(1501),
        partner_user_id: 1001,
        offer_id: 101,
        partner_id: 1,
        // Trimmed, otherwise as sent: it is text, never rendered as HTML.
        suggestion: text.trim(),
        priority: 'Critical',
        contact_permission: 1,
        created_at: expect.any(Date),
        // Open in the console's inbox (decision 0042).
        handled_at: null,
        handled_by: null,
      },
    ]);
    expect(Math.abs(Date.now() - (rows[0]?.created_at.getTime() ?? 0))).toBeLessThan(60_000);
  });

  it('logs the ids and choices at info level, never the token or the text', async () => {
    const text = 'Secret-ish suggestion text 7f3a9c';
    const res = await suggest(
      TOKENS.avaRewards,
      1001,
      suggestion({ suggestion: text, offerId: 102, priority: 'Nice to Have', contactPermission: 0 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const line = t.logs.lines.map((l) => JSON.parse(l)).find((l) => l.suggestionId === res.json().id);
    expect(line).toMatchObject({
      level: 30,
      msg: 'suggestion stored',
      partnerUserId: 1001,
      offerId: 102,
      priority: 'Nice to Have',
      contactPermission: 0,
    });
    const logs = t.logs.text();
    expect(logs).not.toContain(text);
    for (const token of Object.values(TOKENS)) expect(logs).not.toContain(token);
  });

  it('e-mails it to the offer’s support address, reply-to the holder only with contact permission (issue 29)', async () => {
    // Offer 101 has its own support_email; 102 has none, so its partner's is used.
    const text = 'A map of every stop.\nAnd dark mode, please.';
    expect((await suggest(TOKENS.avaBrew, 1001, suggestion({ suggestion: text }))).statusCode).toBe(200);
    const yes = await lastMail(t, 'suggestion', 'brewtrail@visitlakeshore.example');
    expect(yes).toMatchObject({
      offer_id: 101,
      partner_user_id: 1001,
      reply_to_address: 'ava@example.com',
      reply_to_name: 'Ava Lindqvist',
      subject: 'Suggestion (Important) from Ava Lindqvist, Lakeshore Brew Trail',
    });
    expect(yes.text_body).toContain('Priority: Important');
    expect(yes.text_body).toContain('From: Ava Lindqvist <ava@example.com>');
    expect(yes.text_body).toContain('A map of every stop.\nAnd dark mode, please.');
    // In the offer's colour (spec 9: the offer's primary colour, #C26A1B), with a line break kept as one.
    expect(yes.html_body).toContain('#C26A1B');
    expect(yes.html_body).toContain('A map of every stop.<br/>And dark mode, please.');

    const res = await suggest(
      TOKENS.avaRewards,
      1001,
      suggestion({ offerId: 102, contactPermission: 0, priority: 'Nice to Have' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const no = await lastMail(t, 'suggestion', 'support@visitlakeshore.example');
    expect(no).toMatchObject({ offer_id: 102, reply_to_address: null, reply_to_name: null });
    expect(no.text_body).toContain('Contact permission: No');
    // Without permission their address is not passed on at all.
    expect(`${no.text_body}${no.html_body}`).not.toContain('ava@example.com');
  });

  it('hostile input: HTML in a suggestion arrives escaped, a line break in the name never reaches a header', async () => {
    const hostile = '<script>alert("x")</script> <b>Dark mode</b> & <a href="https://evil.test">a map</a>';
    await t.database.db
      .update(partner_users)
      .set({ first_name: 'Ava\r\nBcc: mallory@evil.test', last_name: 'Lindqvist\nX-Injected: 1' })
      .where(eq(partner_users.id, 1001));
    try {
      const res = await suggest(TOKENS.avaBrew, 1001, suggestion({ suggestion: hostile }));
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await t.database.db
        .update(partner_users)
        .set({ first_name: 'Ava', last_name: 'Lindqvist' })
        .where(eq(partner_users.id, 1001));
    }
    const row = await lastMail(t, 'suggestion', 'brewtrail@visitlakeshore.example');
    // The holder's words are text: escaped in the HTML part, as typed in the plain-text part.
    expect(row.html_body).not.toMatch(/<script|<b>|<a href="https:\/\/evil/);
    expect(row.html_body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(row.html_body).toContain(
      '&lt;b&gt;Dark mode&lt;/b&gt; &amp; &lt;a href=&quot;https://evil.test&quot;&gt;',
    );
    expect(row.text_body).toContain(hostile);
    // The name reaches the subject and the reply-to's name with its line breaks turned into spaces.
    expect(row.subject).toBe(
      'Suggestion (Important) from Ava Bcc: mallory@evil.test Lindqvist X-Injected: 1, Lakeshore Brew Trail',
    );
    expect(row.reply_to_name).toBe('Ava Bcc: mallory@evil.test Lindqvist X-Injected: 1');
    const sent = await nodemailer
      .createTransport({ streamTransport: true, buffer: true })
      .sendMail(composeMail(row, DEFAULT_MAIL_FROM));
    const headers = (sent.message as Buffer).toString('utf8').split(/\r?\n\r?\n/)[0] ?? '';
    expect(headers).not.toMatch(/^(bcc|cc|x-injected):/im);
    expect(headers).toMatch(/^To: brewtrail@visitlakeshore\.example$/m);
  });

  it('is only stored when neither the offer nor its partner has a support address', async () => {
    const before = await outboxSize(t);
    await t.database.db.update(offers).set({ support_email: null }).where(eq(offers.id, 102));
    await t.database.db.update(partners).set({ support_email: null }).where(eq(partners.id, 1));
    try {
      const res = await suggest(TOKENS.avaRewards, 1001, suggestion({ offerId: 102 }));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(EMAIL_SENT_MESSAGE);
      const help = await needHelp(TOKENS.avaRewards, 1001, helpRequest({ orderId: 9001 }));
      expect(help.statusCode, help.body).toBe(200);
    } finally {
      await t.database.db
        .update(partners)
        .set({ support_email: 'support@visitlakeshore.example' })
        .where(eq(partners.id, 1));
    }
    expect(await outboxSize(t)).toBe(before);
  });

  it('refuses bad input with 400, ids that are not the session’s with 404, and stores nothing', async () => {
    const before = await dumpDatabase(t.database.db);
    const mailBefore = await outboxSize(t);
    for (const payload of [
      {},
      suggestion({ suggestion: '' }),
      suggestion({ suggestion: '   ' }),
      suggestion({ suggestion: 'x'.repeat(5001) }),
      suggestion({ suggestion: 42 }),
      suggestion({ priority: 'Urgent' }),
      suggestion({ priority: undefined }),
      suggestion({ contactPermission: 2 }),
      suggestion({ contactPermission: true }),
      suggestion({ partnerName: 'x'.repeat(201) }),
      suggestion({ offerId: '101' }),
      suggestion({ partnerId: 0 }),
      suggestion({ partnerUserId: -1 }),
      suggestion({ orderId: 9003 }),
      suggestion({ email: 'ava@example.com' }),
      [],
    ]) {
      expectError(await suggest(TOKENS.avaBrew, 1001, payload), 400, 'invalid_input');
    }
    const tooLong = expectError(
      await suggest(TOKENS.avaBrew, 1001, suggestion({ suggestion: 'x'.repeat(5001) })),
      400,
      'invalid_input',
    );
    expect(tooLong.fields?.suggestion).toMatch(/too long/);
    expect(
      expectError(await suggest(TOKENS.avaBrew, 1001, suggestion({ extra: 1 })), 400, 'invalid_input').fields
        ?.extra,
    ).toBe('Unknown field.');
    const notFoundMessages = new Set<string>();
    for (const payload of [
      suggestion({ offerId: 102 }), // Ava's other offer
      suggestion({ offerId: 103 }),
      suggestion({ partnerId: 942 }),
      suggestion({ partnerId: 3 }),
      suggestion({ partnerUserId: 1002 }),
      suggestion({ partnerUserId: 1004 }),
    ]) {
      notFoundMessages.add(
        expectError(await suggest(TOKENS.avaBrew, 1001, payload), 404, 'not_found').message,
      );
    }
    expect(notFoundMessages.size).toBe(1);
    await expectHolderGuard((token, userId) => suggest(token, userId, suggestion()));
    // Harper's pass is partner 942's: Visit Lakeshore's ids are not hers.
    expectError(
      await suggest(TOKENS.harperCheckin, 1004, suggestion({ offerId: 103, partnerUserId: 1004 })),
      404,
      'not_found',
    );
    expect(await dumpDatabase(t.database.db)).toEqual(before);
    expect(await outboxSize(t)).toBe(mailBefore);
  });
});

describe('POST /partnerUser/{id}/needHelp (spec 7 Need help, 2.16)', () => {
  it('stores the request, with the order when one is named, and answers that it was sent', async () => {
    const sessionId = await sessionIdOf(1501);
    const cases = [
      { body: helpRequest(), orderId: null },
      { body: helpRequest({ orderId: null, itemSelected: 'My Account' }), orderId: null },
      { body: helpRequest({ orderId: 9003 }), orderId: 9003 },
    ];
    for (const { body, orderId } of cases) {
      const res = await needHelp(TOKENS.avaBrew, 1001, body);
      expect(res.statusCode, res.body).toBe(200);
      const receipt = supportReceipt.parse(res.json());
      expect(receipt.message).toBe(HELP_REQUEST_SENT_MESSAGE);
      const [row] = await t.database.db.select().from(help_requests).where(eq(help_requests.id, receipt.id));
      expect(row).toEqual({
        id: receipt.id,
        session_id: sessionId,
        partner_user_id: 1001,
        offer_id: 101,
        partner_id: 1,
        order_id: orderId,
        item_selected: body.itemSelected,
        question: body.question,
        created_at: expect.any(Date),
        handled_at: null,
        handled_by: null,
      });
    }
    // Harper, on partner 942's pass, with her own order.
    const harper = await needHelp(
      TOKENS.harperCheckin,
      1004,
      helpRequest({ partnerId: 942, partnerUserId: 1004, orderId: 9010, partnerName: 'Harbor Town Tourism' }),
    );
    expect(harper.statusCode, harper.body).toBe(200);
    const logs = t.logs.text();
    expect(logs).toContain('help request stored');
    expect(logs).not.toContain('My growler pickup code does not work.');
    for (const token of Object.values(TOKENS)) expect(logs).not.toContain(token);
  });

  it('e-mails it to the support address with the order it names, reply-to the holder who agreed to contact (issue 29)', async () => {
    const res = await needHelp(TOKENS.avaBrew, 1001, helpRequest({ orderId: 9003 }));
    expect(res.statusCode, res.body).toBe(200);
    const ava = await lastMail(t, 'help-request', 'brewtrail@visitlakeshore.example');
    expect(ava).toMatchObject({
      offer_id: 101,
      partner_user_id: 1001,
      // Ava's record says she may be contacted (contact_permission 1).
      reply_to_address: 'ava@example.com',
      subject: 'Help request from Ava Lindqvist, Lakeshore Brew Trail: Brew Trail Passport',
    });
    expect(ava.text_body).toContain('About: Brew Trail Passport');
    expect(ava.text_body).toMatch(/Order: Order #9003, completed \w+ \d{1,2}, \d{4}: .+, [\d,]+ points?/);
    expect(ava.text_body).toContain('My growler pickup code does not work.');
    expect(ava.html_body).toContain('Order #9003');

    // Noah's record says No: no reply-to, no address; Harper's pass is partner 942's.
    const noah = await needHelp(
      TOKENS.noahEmpty,
      1003,
      helpRequest({ partnerUserId: 1003, itemSelected: 'Other' }),
    );
    expect(noah.statusCode, noah.body).toBe(200);
    const noahMail = await lastMail(t, 'help-request', 'brewtrail@visitlakeshore.example');
    expect(noahMail).toMatchObject({ partner_user_id: 1003, reply_to_address: null });
    expect(noahMail.text_body).not.toContain('noah@example.com');
    expect(noahMail.text_body).not.toContain('Order #');
    const harper = await needHelp(
      TOKENS.harperCheckin,
      1004,
      helpRequest({ partnerId: 942, partnerUserId: 1004, partnerName: 'Harbor Town Tourism' }),
    );
    expect(harper.statusCode, harper.body).toBe(200);
    expect(await lastMail(t, 'help-request', 'help@harbortown.example')).toMatchObject({
      reply_to_address: 'harper@example.com',
    });
  });

  it('refuses bad input with 400, an order or ids that are not the holder’s with 404, and stores nothing', async () => {
    const before = await dumpDatabase(t.database.db);
    const mailBefore = await outboxSize(t);
    for (const payload of [
      {},
      helpRequest({ question: '' }),
      helpRequest({ question: 'x'.repeat(5001) }),
      helpRequest({ itemSelected: '' }),
      helpRequest({ itemSelected: 'x'.repeat(201) }),
      helpRequest({ partnerName: 'x'.repeat(201) }),
      helpRequest({ orderId: '9003' }),
      helpRequest({ orderId: 0 }),
      helpRequest({ offerId: 101 }), // not a field of this call
      helpRequest({ priority: 'Critical' }),
      helpRequest({ partnerUserId: undefined }),
    ]) {
      expectError(await needHelp(TOKENS.avaBrew, 1001, payload), 400, 'invalid_input');
    }
    const notFoundMessages = new Set<string>();
    for (const payload of [
      helpRequest({ orderId: 9005 }), // Sam's
      helpRequest({ orderId: 9010 }), // Harper's
      helpRequest({ orderId: 9001 }), // Ava's, on offer 102
      helpRequest({ orderId: 999999 }),
      helpRequest({ partnerId: 942 }),
      helpRequest({ partnerUserId: 1003 }),
    ]) {
      notFoundMessages.add(
        expectError(await needHelp(TOKENS.avaBrew, 1001, payload), 404, 'not_found').message,
      );
    }
    expect(notFoundMessages.size).toBe(1);
    // Ava's 101 order through her 102 pass.
    expectError(await needHelp(TOKENS.avaRewards, 1001, helpRequest({ orderId: 9003 })), 404, 'not_found');
    await expectHolderGuard((token, userId) => needHelp(token, userId, helpRequest()));
    expect(await dumpDatabase(t.database.db)).toEqual(before);
    expect(await outboxSize(t)).toBe(mailBefore);
  });
});

describe('POST /partnerUser/{id}/update (spec 7, Update phone)', () => {
  it('sets and removes the holder’s phone and answers the updated partner user', async () => {
    expect(await phoneOf(1003)).toBeNull();
    const res = await updatePhone(TOKENS.noahEmpty, 1003, { phone: '+19205550199' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const user = partnerUser.strict().parse(res.json());
    expect(user).toMatchObject({ id: 1003, partner_id: 1, first_name: 'Noah', phone: '+19205550199' });
    expect(await phoneOf(1003)).toBe('+19205550199');
    // /data reads the same record.
    expect((await api(t.app, 'GET', '/data', TOKENS.noahEmpty)).json().partner_user).toEqual(user);

    const removed = await updatePhone(TOKENS.noahEmpty, 1003, { phone: null });
    expect(removed.json()).toMatchObject({ id: 1003, phone: null });
    expect(await phoneOf(1003)).toBeNull();
    const logs = t.logs.text();
    expect(logs).toContain('phone updated');
    expect(logs).not.toContain('+19205550199');
  });

  it('refuses anything but an E.164 number or null, and anyone but the holder; changes nothing', async () => {
    const before = await dumpDatabase(t.database.db);
    for (const payload of [
      {},
      { phone: '' },
      { phone: '920-555-0199' },
      { phone: '+0123456789' },
      { phone: '+1' },
      { phone: '+1234567890123456' },
      { phone: 19205550199 },
      { phone: '+19205550199', email: 'x@example.com' },
      { phone: '+19205550199', id: 1003 },
    ]) {
      expectError(await updatePhone(TOKENS.noahEmpty, 1003, payload), 400, 'invalid_input');
    }
    await expectHolderGuard((token, userId) => updatePhone(token, userId, { phone: '+19205550100' }));
    expectError(await updatePhone(TOKENS.noahEmpty, 1001, { phone: '+19205550100' }), 404, 'not_found');
    expect(await dumpDatabase(t.database.db)).toEqual(before);
    expect(await phoneOf(1001)).toBe('+19205550123');
  });
});

describe('rate limits on the account writes', () => {
  it('allows a few writes per minute per route, token and address, then 429 in the one error shape', async () => {
    const limited = await buildApp({
      db: t.database.db,
      mediaDir: `${t.dataDir}/media`,
      rateLimit: { apiPerMinute: 1_000, accountWritesPerMinute: 3 },
    });
    try {
      await limited.ready();
      for (let i = 0; i < 3; i += 1) {
        expect((await suggest(TOKENS.avaBrew, 1001, suggestion(), limited)).statusCode).toBe(200);
      }
      const refused = await suggest(TOKENS.avaBrew, 1001, suggestion(), limited);
      expectError(refused, 429, 'rate_limited');
      expect(Object.keys(refused.json())).toEqual(['error']);
      // Bad requests count too.
      expectError(await suggest(TOKENS.avaBrew, 1001, {}, limited), 429, 'rate_limited');
      // Another token, and another route, count apart.
      expect(
        (await suggest(TOKENS.samStaff, 1002, suggestion({ partnerUserId: 1002 }), limited)).statusCode,
      ).toBe(200);
      expect((await needHelp(TOKENS.avaBrew, 1001, helpRequest(), limited)).statusCode).toBe(200);
      expect((await updatePhone(TOKENS.avaBrew, 1001, { phone: '+19205550123' }, limited)).statusCode).toBe(
        200,
      );
      // Reads are not held back.
      expect(
        (await api(limited, 'GET', '/partnerUser/1001/messages?offerId=101', TOKENS.avaBrew)).statusCode,
      ).toBe(200);
    } finally {
      await limited.close();
    }
    const stored = await t.database.db
      .select({ id: suggestions.id })
      .from(suggestions)
      .where(eq(suggestions.partner_user_id, 1001))
      .orderBy(asc(suggestions.id));
    expect(stored.length).toBeGreaterThanOrEqual(5);
  });
});
