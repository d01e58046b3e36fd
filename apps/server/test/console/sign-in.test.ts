import { request as httpRequest } from 'node:http';
import { AUTH_PATHS, consolePaths } from '@trailpass/contract/console';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { createConsoleAuth } from '../../src/console/auth/auth';
import { createStaffAccount } from '../../src/console/staff/accounts';
import { openTestDatabase } from '../../src/db/client';
import { console_sign_in_failures } from '../../src/db/schema';
import { mailSettings } from '../../src/modules/mail';
import { createTestApp, lastMail, outboxSize, type TestApp } from '../helpers';
import {
  clientOf,
  cookieHeader,
  makeStaff,
  nextAddress,
  ORIGIN,
  PASSWORD,
  signIn,
  signInRequest,
} from './console-helpers';
import { secretOfUri, totpCode } from './totp';

let t: TestApp;
let now = new Date('2026-06-01T10:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  await makeStaff(t, 'owner@brew.test', { partnerId: 1, role: 'owner' });
});

afterAll(async () => {
  await t?.close();
});

describe('console sign-in', () => {
  it('signs in with the right password and answers the session', async () => {
    const res = await signInRequest(t.app, 'owner@brew.test', PASSWORD, nextAddress());
    expect(res.statusCode, res.body).toBe(200);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/console/);
    const session = await t.app.inject({
      method: 'GET',
      url: consolePaths.session,
      headers: { cookie: cookieHeader(res.headers['set-cookie']) },
    });
    expect(session.statusCode, session.body).toBe(200);
    const body = session.json();
    expect(body.staff.email).toBe('owner@brew.test');
    expect(body.memberships[0]).toMatchObject({ partnerId: 1, role: 'owner', timezone: 'America/Chicago' });
    expect(body.csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('answers 401 UNAUTHENTICATED when signed out', async () => {
    const res = await t.app.inject({ method: 'GET', url: consolePaths.session });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('signs out', async () => {
    const client = await signIn(t.app, 'owner@brew.test');
    const out = await client.request({ method: 'POST', url: AUTH_PATHS.signOut, payload: {} });
    expect(out.statusCode, out.body).toBe(200);
    const res = await t.app.inject({
      method: 'GET',
      url: consolePaths.session,
      headers: { cookie: client.cookie },
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a wrong password', async () => {
    const res = await signInRequest(t.app, 'owner@brew.test', 'not the password', nextAddress());
    expect(res.statusCode).toBe(401);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a sign-in from another origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: AUTH_PATHS.signIn,
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: { email: 'owner@brew.test', password: PASSWORD },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'CSRF' });
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('lockout', () => {
  it('locks the account after 5 wrong passwords, with its message, and unlocks after 15 minutes', async () => {
    await makeStaff(t, 'locked@brew.test', { partnerId: 1, role: 'viewer' });
    const from = nextAddress();
    for (let i = 1; i <= 4; i++) {
      const res = await signInRequest(t.app, 'locked@brew.test', `wrong password ${i}`, from);
      expect(res.statusCode, `try ${i}`).toBe(401);
    }
    const fifth = await signInRequest(t.app, 'Locked@Brew.test', 'wrong password 5', nextAddress());
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json()).toMatchObject({
      code: 'LOCKED',
      message: expect.stringMatching(/^This account is locked/),
    });
    // The right password does not open a locked account, from any address.
    const right = await signInRequest(t.app, 'locked@brew.test', PASSWORD, nextAddress());
    expect(right.statusCode).toBe(423);
    expect(right.headers['set-cookie']).toBeUndefined();
    expect(right.json().message).toMatch(/Try again in 15 minutes/);

    now = new Date(now.getTime() + 14 * 60_000);
    expect((await signInRequest(t.app, 'locked@brew.test', PASSWORD, nextAddress())).statusCode).toBe(423);
    now = new Date(now.getTime() + 2 * 60_000);
    const after = await signInRequest(t.app, 'locked@brew.test', PASSWORD, nextAddress());
    expect(after.statusCode, after.body).toBe(200);
    // A right password forgets the wrong ones: four more do not lock it again.
    for (let i = 1; i <= 4; i++) {
      expect((await signInRequest(t.app, 'locked@brew.test', 'wrong', nextAddress())).statusCode).toBe(401);
    }
    expect((await signInRequest(t.app, 'locked@brew.test', PASSWORD, nextAddress())).statusCode).toBe(200);
  });

  it('counts every spelling of the sign-in path that reaches better-auth', async () => {
    await makeStaff(t, 'dots@brew.test', { partnerId: 1, role: 'viewer' });
    // Over real HTTP: app.inject resolves dot segments itself, a client's request line keeps them.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const post = (rawPath: string) =>
      new Promise<number>((resolve, reject) => {
        const body = JSON.stringify({ email: 'dots@brew.test', password: 'wrong password' });
        // The path as given (a URL string would have its dot segments resolved on this side).
        const { hostname, port } = new URL(address);
        const req = httpRequest({
          host: hostname,
          port,
          path: rawPath,
          method: 'POST',
          headers: {
            origin: address,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        });
        req.on('response', (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end(body);
      });
    const statuses: number[] = [];
    for (const path of [
      '/console/api/auth/./sign-in/email',
      '/console/api/auth/%2e/sign-in/email',
      '/console/api/auth/x/../sign-in/email',
      '/console/api/auth/sign-in/email?again=1',
      AUTH_PATHS.signIn,
    ]) {
      statuses.push(await post(path));
    }
    expect(statuses).toEqual([401, 401, 401, 401, 423]);
    expect((await signInRequest(t.app, 'dots@brew.test', PASSWORD, nextAddress())).statusCode).toBe(423);
  });

  it('counts wrong passwords in the database', async () => {
    await signInRequest(t.app, 'nobody@brew.test', 'whatever', nextAddress());
    const [row] = await t.database.db
      .select()
      .from(console_sign_in_failures)
      .where(eq(console_sign_in_failures.email, 'nobody@brew.test'));
    expect(row?.failures).toBe(1);
  });

  it('limits sign-in calls per address (better-auth rate limit)', async () => {
    const from = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await signInRequest(t.app, `someone${i}@brew.test`, 'whatever', from)).statusCode);
    }
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('password reset', () => {
  it('mails a reset link through the outbox, and the link sets a new password', async () => {
    await makeStaff(t, 'reset@brew.test', { partnerId: 1, role: 'manager' });
    const ask = await t.app.inject({
      method: 'POST',
      url: AUTH_PATHS.requestPasswordReset,
      remoteAddress: nextAddress(),
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      payload: { email: 'reset@brew.test' },
    });
    expect(ask.statusCode, ask.body).toBe(200);
    const mail = await lastMail(t, 'staff-password-reset', 'reset@brew.test');
    const link = /https?:\/\/[^\s"<>]+\/console\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(
      mail.text_body ?? '',
    );
    expect(link, mail.text_body ?? '').not.toBeNull();
    const reset = await t.app.inject({
      method: 'POST',
      url: AUTH_PATHS.resetPassword,
      remoteAddress: nextAddress(),
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      payload: { token: link?.[1], newPassword: 'a brand new passphrase' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await signInRequest(t.app, 'reset@brew.test', PASSWORD, nextAddress())).statusCode).toBe(401);
    await signIn(t.app, 'reset@brew.test', { password: 'a brand new passphrase' });
  });

  it('answers an unknown address as a known one, and mails nothing', async () => {
    const before = await outboxSize(t);
    const ask = await t.app.inject({
      method: 'POST',
      url: AUTH_PATHS.requestPasswordReset,
      remoteAddress: nextAddress(),
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      payload: { email: 'nobody-here@brew.test' },
    });
    expect(ask.statusCode).toBe(200);
    expect(await outboxSize(t)).toBe(before);
  });
});

describe('TOTP second factor', () => {
  it('enrols, then signs in with a code', async () => {
    await makeStaff(t, 'totp@brew.test', { partnerId: 1, role: 'owner' });
    const client = await signIn(t.app, 'totp@brew.test');
    const enable = await client.request({
      method: 'POST',
      url: AUTH_PATHS.enableTwoFactor,
      headers: { 'content-type': 'application/json' },
      payload: { password: PASSWORD },
    });
    expect(enable.statusCode, enable.body).toBe(200);
    const secret = secretOfUri(enable.json().totpURI);
    const verify = await client.request({
      method: 'POST',
      url: AUTH_PATHS.verifyTotp,
      headers: { 'content-type': 'application/json' },
      payload: { code: totpCode(secret, new Date()) },
    });
    expect(verify.statusCode, verify.body).toBe(200);

    // The password alone no longer signs in: it asks for the code.
    const first = await signInRequest(t.app, 'totp@brew.test', PASSWORD, nextAddress());
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ twoFactorRedirect: true });
    const pending = cookieHeader(first.headers['set-cookie']);
    expect(
      (await t.app.inject({ method: 'GET', url: consolePaths.session, headers: { cookie: pending } }))
        .statusCode,
    ).toBe(401);
    const wrong = await t.app.inject({
      method: 'POST',
      url: AUTH_PATHS.verifyTotp,
      remoteAddress: nextAddress(),
      headers: { origin: ORIGIN, cookie: pending, 'content-type': 'application/json' },
      payload: { code: '000000' === totpCode(secret, new Date()) ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(401);
    const second = await t.app.inject({
      method: 'POST',
      url: AUTH_PATHS.verifyTotp,
      remoteAddress: nextAddress(),
      headers: { origin: ORIGIN, cookie: pending, 'content-type': 'application/json' },
      payload: { code: totpCode(secret, new Date()) },
    });
    expect(second.statusCode, second.body).toBe(200);
    const signedIn = await clientOf(t.app, second);
    const session = await t.app.inject({
      method: 'GET',
      url: consolePaths.session,
      headers: { cookie: signedIn.cookie },
    });
    expect(session.json().staff).toMatchObject({ email: 'totp@brew.test', twoFactorEnabled: true });
  });
});

describe('better-auth errors', () => {
  it('go to the app log, with the error for its serializer', async () => {
    const logged: { context: Record<string, unknown>; message: string }[] = [];
    const auth = createConsoleAuth({
      db: t.database.db,
      secret: 's'.repeat(40),
      mail: mailSettings({ publicUrl: 'http://localhost:8080' }),
      log: {
        error: (context: Record<string, unknown>, message: string) => logged.push({ context, message }),
      } as never,
    });
    const boom = new Error('boom');
    (await auth.$context).logger.error('a query failed', boom, { table: 'x' });
    (await auth.$context).logger.warn('User not found');
    expect(logged).toHaveLength(1);
    expect(logged[0]?.message).toContain('a query failed');
    expect(logged[0]?.context).toMatchObject({ err: boom, details: [{ table: 'x' }] });
  });
});

describe('cookies over TLS', () => {
  it('marks the session cookie Secure when the request came over https through the trusted proxy', async () => {
    const database = await openTestDatabase();
    const app = await buildApp({ db: database.db, mediaDir: t.dataDir, trustProxy: true });
    try {
      await createStaffAccount(database.db, app.console.auth, {
        email: 'admin@trailpass.test',
        password: PASSWORD,
        providerAdmin: true,
      });
      const signInOver = (proto: string) =>
        app.inject({
          method: 'POST',
          url: AUTH_PATHS.signIn,
          headers: {
            origin: `${proto}://localhost:80`,
            'x-forwarded-proto': proto,
            'x-forwarded-for': nextAddress(),
            'content-type': 'application/json',
          },
          payload: { email: 'admin@trailpass.test', password: PASSWORD },
        });
      const overTls = await signInOver('https');
      expect(overTls.statusCode, overTls.body).toBe(200);
      expect(String(overTls.headers['set-cookie'])).toMatch(/; Secure/);
      const plain = await signInOver('http');
      expect(plain.statusCode, plain.body).toBe(200);
      expect(String(plain.headers['set-cookie'])).not.toMatch(/Secure/i);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
