import {
  LOGIN_CODE_ENDED_MESSAGE,
  LOGIN_CODE_WRONG_MESSAGE,
  LOGIN_NOT_FOUND_MESSAGE,
} from '@trailpass/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mail_outbox } from '../src/db/schema';
import { api, createTestApp, lastMail, mintVisitor, outboxSize, type TestApp, TOKENS } from './helpers';

let t: TestApp;
/** A visitor session of the public signed-out guest link: where a browser opening that link signs in. */
let guest: string;

let clock = new Date();

beforeAll(async () => {
  t = await createTestApp({
    clock: () => clock,
    rateLimit: { apiPerMinute: 10_000, loginPerMinute: 1_000, lostLinksPerHour: 100 },
  });
  guest = await mintVisitor(t.app);
});

afterAll(async () => {
  await t?.close();
});

const login = (token: string, body: unknown, headers: Record<string, string> = {}) =>
  api(t.app, 'POST', '/login', token, { payload: body as object, headers });

async function partnerUserOf(token: string) {
  const res = await api(t.app, 'GET', '/data', token);
  expect(res.statusCode).toBe(200);
  return res.json().partner_user as { id: number } | null;
}

function expectError(res: { statusCode: number; json: () => unknown }, status: number, code: string) {
  expect(res.statusCode).toBe(status);
  const body = res.json() as { error: { code: string; message: string; fields?: Record<string, string> } };
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(5);
  return body.error;
}

describe('POST /login and /logout', () => {
  it('binds a visitor session of the guest link to the pass holder, then unbinds it', async () => {
    expect(await partnerUserOf(guest)).toBeNull();
    const res = await login(guest, { email: 'ava@example.com' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().partner_user).toMatchObject({ id: 1001, email: 'ava@example.com' });

    const data = (await api(t.app, 'GET', '/data', guest)).json();
    expect(data.partner_user.id).toBe(1001);
    expect(data.validated).toBe(true);
    expect(data.messageCounts.unread).toBe(2);
    expect(data.current_points).toBe(205);

    const out = await api(t.app, 'POST', '/logout', guest);
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ ok: true });
    expect(await partnerUserOf(guest)).toBeNull();
  });

  it('matches the e-mail case-insensitively and trims it', async () => {
    const res = await login(guest, { email: '  AVA@Example.COM ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().partner_user.id).toBe(1001);
    const out = await api(t.app, 'POST', '/logout', guest, {
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    const empty = await api(t.app, 'POST', '/logout', guest, {
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(200);
  });

  it('answers 404 with the login message for an unknown e-mail', async () => {
    const error = expectError(await login(guest, { email: 'nobody@example.com' }), 404, 'not_found');
    expect(error.message).toBe(LOGIN_NOT_FOUND_MESSAGE);
    expect(await partnerUserOf(guest)).toBeNull();
  });

  it('answers 404 for a user without a pass on this offer', async () => {
    const error = expectError(await login(guest, { email: 'harper@example.com' }), 404, 'not_found');
    expect(error.message).toBe(LOGIN_NOT_FOUND_MESSAGE);
    expect(await partnerUserOf(guest)).toBeNull();
  });

  it('refuses login from a preview or an unregistered link with 403', async () => {
    expectError(await login(TOKENS.previewProduct, { email: 'ava@example.com' }), 403, 'forbidden');
    expect(await partnerUserOf(TOKENS.previewProduct)).toBeNull();
    expectError(await login(TOKENS.unregVenue301, { email: 'ava@example.com' }), 403, 'forbidden');
    expect(await partnerUserOf(TOKENS.unregVenue301)).toBeNull();
  });

  it('switches a signed-in session to another holder of the offer', async () => {
    const res = await login(TOKENS.noahEmpty, { email: 'sam@trailpass.example' });
    expect(res.statusCode).toBe(200);
    expect((await partnerUserOf(TOKENS.noahEmpty))?.id).toBe(1002);
    await login(TOKENS.noahEmpty, { email: 'noah@example.com' });
    expect((await partnerUserOf(TOKENS.noahEmpty))?.id).toBe(1003);
  });
});

describe('bad input changes nothing', () => {
  const cases: Array<
    [
      string,
      Record<string, unknown>,
      number,
      string,
      (e: { message: string; fields?: Record<string, string> }) => void,
    ]
  > = [
    [
      'a body that is not JSON',
      { headers: { 'content-type': 'application/json' }, payload: '{"email": "ava@example.com"' },
      400,
      'invalid_input',
      (e) => expect(e.message).toMatch(/not valid JSON/),
    ],
    [
      'a text/plain body',
      { headers: { 'content-type': 'text/plain' }, payload: 'ava@example.com' },
      415,
      'unsupported_media_type',
      (e) => expect(e.message).toMatch(/application\/json/),
    ],
    ['no body', {}, 400, 'invalid_input', (e) => expect(e.message).toMatch(/JSON object/)],
    [
      'a JSON array',
      { headers: { 'content-type': 'application/json' }, payload: '["ava@example.com"]' },
      400,
      'invalid_input',
      (e) => expect(e.message).toMatch(/JSON object/),
    ],
    [
      'an over-long e-mail',
      { payload: { email: `${'a'.repeat(250)}@example.com` } },
      400,
      'invalid_input',
      (e) => expect(e.fields?.email).toMatch(/254/),
    ],
    [
      'an invalid e-mail',
      { payload: { email: 'ava@example' } },
      400,
      'invalid_input',
      (e) => expect(Object.keys(e.fields ?? {})).toEqual(['email']),
    ],
    [
      'unknown keys',
      { payload: { email: 'ava@example.com', partner_user_id: 1004 } },
      400,
      'invalid_input',
      (e) => {
        expect(e.fields).toEqual({ partner_user_id: 'Unknown field.' });
        expect(e.message).toMatch(/partner_user_id/);
      },
    ],
    [
      'a proto-poisoning body',
      {
        headers: { 'content-type': 'application/json' },
        payload: '{"email":"ava@example.com","__proto__":{"x":1}}',
      },
      400,
      'invalid_input',
      () => {},
    ],
  ];

  // The visitor token is minted in beforeAll, after these tests are collected: look it up when they run.
  for (const [who, tokenOf] of [
    ['a signed-out visitor', () => guest],
    ['a signed-in holder', () => TOKENS.harperCheckin],
  ] as const) {
    it.each(cases)(`login with %s (${who})`, async (_name, extra, status, code, check) => {
      const token = tokenOf();
      const before = await partnerUserOf(token);
      const res = await api(t.app, 'POST', '/login', token, extra);
      check(expectError(res, status, code));
      expect(await partnerUserOf(token)).toEqual(before);
    });
  }

  it('logout with unknown keys is a 400 and keeps the user', async () => {
    const res = await api(t.app, 'POST', '/logout', TOKENS.harperCheckin, { payload: { everyone: true } });
    expect(expectError(res, 400, 'invalid_input').fields).toEqual({ everyone: 'Unknown field.' });
    expect((await partnerUserOf(TOKENS.harperCheckin))?.id).toBe(1004);
  });
});

describe('token and API version', () => {
  it('401 for an unknown or missing token', async () => {
    expectError(await api(t.app, 'GET', '/data', 'demo-not-a-real-token'), 401, 'unauthorized');
    expect(expectError(await api(t.app, 'GET', '/data', undefined), 401, 'unauthorized').message).toMatch(
      /X-Pass-Token/,
    );
    expectError(await api(t.app, 'GET', '/data', 'x'.repeat(5000)), 401, 'unauthorized');
    expectError(
      await api(t.app, 'POST', '/login', 'nope', { payload: { email: 'ava@example.com' } }),
      401,
      'unauthorized',
    );
  });

  it('accepts the token as ?t=', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/pass/api/data?t=${TOKENS.avaBrew}`,
      headers: { 'x-pass-api-version': '1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().partner_user.id).toBe(1001);
  });

  it('400 for a missing or unsupported API version', async () => {
    const missing = await t.app.inject({
      method: 'GET',
      url: '/pass/api/data',
      headers: { 'x-pass-token': TOKENS.avaBrew },
    });
    expect(expectError(missing, 400, 'invalid_input').message).toMatch(/Missing X-Pass-Api-Version/);
    const wrong = await api(t.app, 'GET', '/data', TOKENS.avaBrew, {
      headers: { 'x-pass-api-version': '2' },
    });
    expect(expectError(wrong, 400, 'invalid_input').message).toMatch(/version 1/);
    const login = await t.app.inject({
      method: 'POST',
      url: '/pass/api/login',
      headers: { 'x-pass-token': guest },
      payload: { email: 'ava@example.com' },
    });
    expectError(login, 400, 'invalid_input');
    expect(await partnerUserOf(guest)).toBeNull();
  });
});

describe('POST /events/page-view', () => {
  it('stores a page view with the session flags', async () => {
    const { page_views } = await import('../src/db/schema');
    const res = await api(t.app, 'POST', '/events/page-view', TOKENS.avaBrew, {
      payload: { route_name: 'DealProduct', deal_id: 201, product_id: 504 },
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const preview = await api(t.app, 'POST', '/events/page-view', TOKENS.previewVenue, {
      payload: { route_name: 'Venue', venue_id: 302 },
    });
    expect(preview.statusCode).toBe(204);
    const unreg = await api(t.app, 'POST', '/events/page-view', TOKENS.unregVenue301, {
      payload: { route_name: 'Signup' },
    });
    expect(unreg.statusCode).toBe(204);

    const rows = await t.database.db.select().from(page_views).orderBy(page_views.id);
    expect(rows.map(({ id: _id, created_at: _c, session_id: _s, ...rest }) => rest)).toEqual([
      {
        route_name: 'DealProduct',
        partner_id: 1,
        offer_id: 101,
        is_preview: false,
        is_unregistered: false,
        partner_user_id: 1001,
        product_id: 504,
        deal_id: 201,
        venue_id: null,
        session_device_id: null,
        local_device_id: null,
      },
      {
        route_name: 'Venue',
        partner_id: 1,
        offer_id: 101,
        is_preview: true,
        is_unregistered: false,
        partner_user_id: null,
        product_id: null,
        deal_id: null,
        venue_id: 302,
        session_device_id: null,
        local_device_id: null,
      },
      {
        route_name: 'Signup',
        partner_id: null,
        offer_id: null,
        is_preview: false,
        is_unregistered: true,
        partner_user_id: null,
        product_id: null,
        deal_id: null,
        venue_id: null,
        session_device_id: null,
        local_device_id: null,
      },
    ]);
  });

  it('rejects an unknown route name or key', async () => {
    const res = await api(t.app, 'POST', '/events/page-view', TOKENS.avaBrew, {
      payload: { route_name: 'Admin' },
    });
    expect(Object.keys(expectError(res, 400, 'invalid_input').fields ?? {})).toEqual(['route_name']);
    const extra = await api(t.app, 'POST', '/events/page-view', TOKENS.avaBrew, {
      payload: { route_name: 'More', user_id: 1004 },
    });
    expect(expectError(extra, 400, 'invalid_input').fields).toEqual({ user_id: 'Unknown field.' });
  });
});

describe('logs', () => {
  it('never contain a token', () => {
    const logs = t.logs.text();
    expect(logs).toContain('request completed');
    expect(logs).toContain('[REDACTED]');
    for (const token of [...Object.values(TOKENS), guest]) expect(logs).not.toContain(token);
  });
});

const codeIn = (text: string | null) => /\b(\d{6})\b/.exec(text ?? '')?.[1] ?? '';

describe('verified sign-in on an offer with login_verification email_code (issue 29)', () => {
  const sendCode = (token: string) => login(token, { email: 'harper@example.com' });
  const enterCode = (token: string, code: string) =>
    api(t.app, 'POST', '/login/code', token, { payload: { code } });

  it('e-mails a code instead of signing in; only the right code binds the session, once', async () => {
    const visitor = await mintVisitor(t.app, TOKENS.guestHarbor);
    const sent = await sendCode(visitor);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ code_sent: true, expires_at: expect.any(String) });
    expect(await partnerUserOf(visitor)).toBeNull();
    const mail = await lastMail(t, 'login-code', 'harper@example.com');
    expect(mail.subject).toMatch(/^\d{6} is your Harbor Check-In Pass sign-in code$/);
    const code = codeIn(mail.text_body);
    expect(mail.html_body).toContain(code);

    const wrong = code === '000000' ? '111111' : '000000';
    expect(expectError(await enterCode(visitor, wrong), 422, 'unprocessable').message).toBe(
      LOGIN_CODE_WRONG_MESSAGE,
    );
    expect(await partnerUserOf(visitor)).toBeNull();
    const right = await enterCode(visitor, code);
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().partner_user).toMatchObject({ id: 1004, email: 'harper@example.com' });
    expect(await partnerUserOf(visitor)).toMatchObject({ id: 1004 });
    // Used up: the same code again is refused.
    expect(expectError(await enterCode(visitor, code), 422, 'unprocessable').message).toBe(
      LOGIN_CODE_ENDED_MESSAGE,
    );
    // A code is bound to its session: another visitor cannot use it.
    const other = await mintVisitor(t.app, TOKENS.guestHarbor);
    await sendCode(other);
    expect(expectError(await enterCode(other, code), 422, 'unprocessable').message).not.toBe('');
    expect(await partnerUserOf(other)).toBeNull();
  });

  it('ends the code after 5 wrong tries, and after 10 minutes', async () => {
    const visitor = await mintVisitor(t.app, TOKENS.guestHarbor);
    await sendCode(visitor);
    const code = codeIn((await lastMail(t, 'login-code', 'harper@example.com')).text_body);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await enterCode(visitor, wrong)).json().error.message).toBe(LOGIN_CODE_WRONG_MESSAGE);
    }
    expect((await enterCode(visitor, wrong)).json().error.message).toBe(LOGIN_CODE_ENDED_MESSAGE);
    expect((await enterCode(visitor, code)).json().error.message).toBe(LOGIN_CODE_ENDED_MESSAGE);
    expect(await partnerUserOf(visitor)).toBeNull();

    await sendCode(visitor);
    const fresh = codeIn((await lastMail(t, 'login-code', 'harper@example.com')).text_body);
    const start = clock;
    clock = new Date(start.getTime() + 10 * 60_000 + 1);
    try {
      expect((await enterCode(visitor, fresh)).json().error.message).toBe(LOGIN_CODE_ENDED_MESSAGE);
    } finally {
      clock = start;
    }
    expect(await partnerUserOf(visitor)).toBeNull();
  });

  it('leaves offers without verification as the spec says: the e-mail alone signs in, no e-mail sent', async () => {
    const before = await outboxSize(t);
    const visitor = await mintVisitor(t.app);
    expect((await login(visitor, { email: 'ava@example.com' })).json().partner_user).toMatchObject({
      id: 1001,
    });
    expect(await outboxSize(t)).toBe(before);
  });

  it('refuses a malformed code (400) and changes nothing', async () => {
    const visitor = await mintVisitor(t.app, TOKENS.guestHarbor);
    for (const code of ['12345', '1234567', 'abcdef', 123456]) {
      expect((await enterCode(visitor, code as string)).statusCode).toBe(400);
    }
  });
});

describe('POST /login/lost-link (issue 29)', () => {
  const ask = (token: string, email: string) =>
    api(t.app, 'POST', '/login/lost-link', token, { payload: { email } });
  const ANSWER = { message: 'If this e-mail has a pass for Lakeshore Brew Trail, its link is on its way.' };

  it('answers the same for a holder and a stranger, and e-mails only the holder a link that opens their pass', async () => {
    const visitor = await mintVisitor(t.app);
    const before = await outboxSize(t);
    const stranger = await ask(visitor, 'nobody@example.com');
    expect(stranger.statusCode).toBe(200);
    expect(stranger.json()).toEqual(ANSWER);
    expect(await outboxSize(t)).toBe(before);

    const holder = await ask(visitor, 'Noah@Example.com');
    expect(holder.json()).toEqual(ANSWER);
    expect(await outboxSize(t)).toBe(before + 1);
    const mail = await lastMail(t, 'pass-link', 'noah@example.com');
    expect(mail.subject).toBe('Your link to Lakeshore Brew Trail');
    const link = /http:\/\/localhost:8080\/pass\/experiences\?t=[A-Za-z0-9_-]+/.exec(
      mail.text_body ?? '',
    )?.[0];
    expect(link).toBeDefined();
    expect(mail.html_body).toContain(link);
    const token = new URL(link as string).searchParams.get('t') as string;
    // The link opens Noah's own pass, signed in.
    expect(await partnerUserOf(token)).toMatchObject({ id: 1003 });
  });

  it('sends at most 3 links an hour to one address, still answering the same', async () => {
    const visitor = await mintVisitor(t.app);
    const sentToSam = async () =>
      (
        await t.database.db
          .select()
          .from(mail_outbox)
          .where(eq(mail_outbox.to_address, 'sam@trailpass.example'))
      ).length;
    for (let i = 0; i < 5; i++) expect((await ask(visitor, 'sam@trailpass.example')).json()).toEqual(ANSWER);
    expect(await sentToSam()).toBe(3);
  });

  it('refuses a preview or an unregistered link (403) and bad input (400)', async () => {
    for (const token of [TOKENS.previewProduct, TOKENS.unregVenue301]) {
      expectError(await ask(token, 'ava@example.com'), 403, 'forbidden');
    }
    expectError(await ask(guest, 'not-an-email'), 400, 'invalid_input');
  });
});

describe('rate limits', () => {
  // One app with the login limit at 3 a minute and the lost-link limit at its default, 3 an hour.
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ rateLimit: { loginPerMinute: 3, apiPerMinute: 1000 } });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('limits login attempts per token and address with a 429 in the error shape', async () => {
    const visitor = await mintVisitor(limited.app);
    const attempt = () =>
      api(limited.app, 'POST', '/login', visitor, { payload: { email: 'nobody@example.com' } });
    for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(404);
    const res = await attempt();
    expectError(res, 429, 'rate_limited');
    expect(res.headers['retry-after']).toBeDefined();
    // Another token from the same address still gets its own attempts.
    const other = await api(limited.app, 'POST', '/login', TOKENS.noahEmpty, {
      payload: { email: 'nobody@example.com' },
    });
    expect(other.statusCode).toBe(404);
  });

  it('limits lost-link requests per address: 3 an hour, whatever the token', async () => {
    const ask = (token: string) =>
      api(limited.app, 'POST', '/login/lost-link', token, { payload: { email: 'nobody@example.com' } });
    const visitor = await mintVisitor(limited.app);
    for (let i = 0; i < 3; i += 1) expect((await ask(visitor)).statusCode).toBe(200);
    expectError(await ask(visitor), 429, 'rate_limited');
    expectError(await ask(TOKENS.noahEmpty), 429, 'rate_limited');
  });
});
