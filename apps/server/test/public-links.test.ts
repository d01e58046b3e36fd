import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema';
import { hashToken } from '../src/db/tokens';
import { setSessionPartnerUser, UNUSED_VISITOR_SESSION_DAYS } from '../src/modules/sessions/repository';
import { DEFAULT_VISITOR_SESSIONS_PER_MINUTE } from '../src/plugins/rate-limit';
import { dumpDatabase } from './db/fixtures';
import { api, createTestApp, expectError, expectOk, mintVisitor, type TestApp, TOKENS } from './helpers';

// Decision 0022: the demo's signed-out guest link is public. Whoever opens it gets a signed-out session of
// their own (POST /sessions/visitor), so that signing in binds only that visitor, never the shared link.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const mint = (app: TestApp, token: string | undefined = TOKENS.guestBrew, extra = {}) =>
  api(app.app, 'POST', '/sessions/visitor', token, extra);
const login = (token: string, email: string) => api(t.app, 'POST', '/login', token, { payload: { email } });
/** The JSON of a 200 (login and logout answers carry no cache header). */
function ok(res: Awaited<ReturnType<typeof login>>) {
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const data = async (token: string) => expectOk(await api(t.app, 'GET', '/data', token));
const sessionCount = async (app: TestApp) =>
  (await app.database.db.select({ id: sessions.id }).from(sessions)).length;

describe('GET /data of a public link', () => {
  it('says public_link, signed out; no other link does', async () => {
    const shared = await data(TOKENS.guestBrew);
    expect(shared.public_link).toBe(true);
    expect(shared.partner_user).toBeNull();
    expect(shared.offer.id).toBe(101);
    for (const token of [TOKENS.avaBrew, TOKENS.noahEmpty, TOKENS.previewProduct, TOKENS.unregVenue301]) {
      expect((await data(token)).public_link).toBe(false);
    }
  });
});

describe('POST /sessions/visitor', () => {
  it('mints a new signed-out token of at least 128 random bits that works on the same offer', async () => {
    const res = await mint(t);
    const { token } = expectOk(res);
    expect(Object.keys(res.json())).toEqual(['token']);
    expect(token).not.toBe(TOKENS.guestBrew);
    // generateToken: 24 random bytes in URL-safe base64.
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);

    const own = await data(token);
    expect(own.public_link).toBe(false);
    expect(own.validated).toBe(false);
    expect(own.partner_user).toBeNull();
    expect(own.offer.id).toBe(101);
    // The same signed-out pass the shared link shows.
    expect(own).toEqual({ ...(await data(TOKENS.guestBrew)), public_link: false });
  });

  it('stores the new token only as its SHA-256 hash, on a visitor session of the link', async () => {
    const { token } = expectOk(await mint(t));
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.token_hash, hashToken(token)));
    const [link] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.token_hash, hashToken(TOKENS.guestBrew)));
    expect(row).toMatchObject({
      pass_link_id: link?.pass_link_id,
      offer_id: 101,
      partner_user_id: null,
      path: '/pass/experiences',
      is_public: false,
      is_visitor: true,
      is_preview: false,
    });
    const everything = JSON.stringify(await dumpDatabase(t.database.db));
    expect(everything).not.toContain(token);
  });

  it('gives two visitors two sessions: one signing in leaves the other and the link signed out', async () => {
    const before = await sessionCount(t);
    const first = await mintVisitor(t.app);
    const second = await mintVisitor(t.app);
    expect(first).not.toBe(second);
    expect(await sessionCount(t)).toBe(before + 2);

    expect(ok(await login(first, 'ava@example.com')).partner_user.id).toBe(1001);
    expect((await data(first)).partner_user.id).toBe(1001);
    expect((await data(second)).partner_user).toBeNull();
    expect((await data(TOKENS.guestBrew)).partner_user).toBeNull();
    // A later visitor too.
    expect((await data(await mintVisitor(t.app))).partner_user).toBeNull();

    ok(await api(t.app, 'POST', '/logout', first));
    expect((await data(first)).partner_user).toBeNull();
  });

  it('takes no body, an empty one or {}, and refuses unknown keys', async () => {
    expectOk(await mint(t, TOKENS.guestBrew, { payload: {} }));
    const before = await sessionCount(t);
    const res = await mint(t, TOKENS.guestBrew, { payload: { partner_user_id: 1001 } });
    expect(expectError(res, 400, 'invalid_input').fields).toEqual({ partner_user_id: 'Unknown field.' });
    expect(await sessionCount(t)).toBe(before);
  });

  it('refuses a token that is not a public link’s, and changes nothing', async () => {
    const before = await dumpDatabase(t.database.db);
    const visitor = await mintVisitor(t.app);
    const afterMint = await dumpDatabase(t.database.db);
    for (const token of [
      TOKENS.avaBrew,
      TOKENS.noahEmpty,
      TOKENS.previewProduct,
      TOKENS.unregVenue301,
      visitor,
    ]) {
      expect(expectError(await mint(t, token), 403, 'forbidden').message).toMatch(/not a public link/);
    }
    expectError(await api(t.app, 'POST', '/sessions/visitor', undefined), 401, 'unauthorized');
    expectError(await mint(t, 'demo-not-a-real-token-000000'), 401, 'unauthorized');
    expect(await dumpDatabase(t.database.db)).toEqual(afterMint);
    expect(afterMint.sessions).not.toEqual(before.sessions);
  });

  it(`is limited to ${DEFAULT_VISITOR_SESSIONS_PER_MINUTE} a minute per address, in the error shape`, async () => {
    const from = (address: string) => mint(t, TOKENS.guestBrew, { remoteAddress: address });
    for (let i = 0; i < DEFAULT_VISITOR_SESSIONS_PER_MINUTE; i += 1) {
      expect((await from('203.0.113.7')).statusCode).toBe(200);
    }
    const before = await sessionCount(t);
    const res = await from('203.0.113.7');
    expect(expectError(res, 429, 'rate_limited').message).toMatch(/Too many requests/);
    expect(res.headers['retry-after']).toBeDefined();
    expect(await sessionCount(t)).toBe(before);
    // Another address has its own count.
    expect((await from('198.51.100.4')).statusCode).toBe(200);
  });
});

describe('the public link itself', () => {
  it('cannot be signed in to: login answers 403 and the link stays signed out', async () => {
    const error = expectError(await login(TOKENS.guestBrew, 'ava@example.com'), 403, 'forbidden');
    expect(error.message).toMatch(/shared link/);
    expect((await data(TOKENS.guestBrew)).partner_user).toBeNull();
    // Signing out of it is harmless.
    ok(await api(t.app, 'POST', '/logout', TOKENS.guestBrew));
  });

  it('is never bound, whichever code path tries: the repository and the table refuse', async () => {
    const [link] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.token_hash, hashToken(TOKENS.guestBrew)));
    if (!link) throw new Error('the demo has the guest link');
    expect(link.is_public).toBe(true);
    expect(await setSessionPartnerUser(t.database.db, link.id, 1001)).toBe(false);
    await expect(
      t.database.db.execute(sql`update sessions set partner_user_id = 1001 where id = ${link.id}`),
    ).rejects.toThrow();
    expect((await data(TOKENS.guestBrew)).partner_user).toBeNull();
  });
});

describe('links made for one holder', () => {
  it('sign in and out as before, and have no visitor sessions', async () => {
    expect(ok(await login(TOKENS.noahEmpty, 'sam@trailpass.example')).partner_user.id).toBe(1002);
    expect((await data(TOKENS.noahEmpty)).partner_user.id).toBe(1002);
    expect(ok(await login(TOKENS.noahEmpty, 'noah@example.com')).partner_user.id).toBe(1003);
    expectError(await mint(t, TOKENS.noahEmpty), 403, 'forbidden');
  });
});

describe('visitor sessions nobody signed in to', () => {
  it(`are deleted by a later mint once older than ${UNUSED_VISITOR_SESSION_DAYS} days; the rest stay`, async () => {
    let now = new Date();
    const app = await createTestApp({ now, clock: () => now });
    try {
      const unused = await mintVisitor(app.app);
      const signedIn = await mintVisitor(app.app);
      const signedOut = await mintVisitor(app.app);
      expect(
        (await api(app.app, 'POST', '/login', signedIn, { payload: { email: 'ava@example.com' } }))
          .statusCode,
      ).toBe(200);
      for (const path of ['/login', '/logout'] as const) {
        const payload = path === '/login' ? { email: 'ava@example.com' } : {};
        expect((await api(app.app, 'POST', path, signedOut, { payload })).statusCode).toBe(200);
      }
      const imported = await sessionCount(app);

      now = new Date(now.getTime() + (UNUSED_VISITOR_SESSION_DAYS - 1) * 86_400_000);
      const recent = await mintVisitor(app.app);
      expect(await sessionCount(app)).toBe(imported + 1);

      now = new Date(now.getTime() + 2 * 86_400_000);
      await mintVisitor(app.app);
      expectError(await api(app.app, 'GET', '/data', unused), 401, 'unauthorized');
      for (const token of [signedIn, signedOut, recent, TOKENS.guestBrew, TOKENS.avaBrew]) {
        expect((await api(app.app, 'GET', '/data', token)).statusCode).toBe(200);
      }
      expect(await sessionCount(app)).toBe(imported + 1);
    } finally {
      await app.close();
    }
  });
});

describe('logs', () => {
  it('never contain a visitor token', async () => {
    const token = await mintVisitor(t.app);
    await data(token);
    expect(t.logs.text()).toContain('visitor session minted');
    expect(t.logs.text()).not.toContain(token);
    expect(t.logs.text()).not.toContain(TOKENS.guestBrew);
  });
});
