import { ERROR_MESSAGE_MAX_LENGTH } from '@trailpass/contract';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { error_reports } from '../src/db/schema';
import { ERROR_REPORTS_PER_MINUTE, USER_AGENT_MAX_LENGTH } from '../src/modules/error-reports/routes';
import { api, createTestApp, expectError, type TestApp, TOKENS } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const DEVICES = { session_device_id: 'sess-2b7f9c41d0', local_device_id: 'local_8e31a6c5f27d' };
const report = (body: object, token: string | undefined, headers: Record<string, string> = {}) =>
  api(t.app, 'POST', '/events/error', token, { payload: body, headers });
const stored = () => t.database.db.select().from(error_reports).orderBy(asc(error_reports.id));

describe('POST /events/error', () => {
  it('stores the report with the session’s ids and every token redacted', async () => {
    const token = TOKENS.avaBrew;
    const someoneElses = 'demo-noah-empty-8Rb1cT6mW4xK2zL7';
    const res = await report(
      {
        name: `TypeError ${token}`,
        message: `Failed to fetch /pass/api/data?t=${token} while ${token} was open (retry ?t=${someoneElses})`,
        stack:
          `TypeError: Failed to fetch\n    at load (https://pass.example/assets/index-abc.js?t=${token}:12:34)\n` +
          `    request headers {"X-Pass-Token":"${someoneElses}"} and X-Pass-Token: ${token}\n` +
          `    from /pass/experiences?x=1&t=${someoneElses}&y=2`,
        url: `/pass/deals/201?t=${token}&tab=venues`,
        route_name: 'Deal',
        release: '2026.11.23-abc123',
        ...DEVICES,
      },
      token,
      { 'user-agent': `Mozilla/5.0 (iPhone) ${'x'.repeat(600)}` },
    );
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');

    const [row] = await stored();
    expect(row).toEqual({
      id: expect.any(Number),
      session_id: expect.any(Number),
      partner_id: 1,
      offer_id: 101,
      partner_user_id: 1001,
      is_preview: false,
      is_unregistered: false,
      name: 'TypeError [redacted]',
      message: 'Failed to fetch /pass/api/data?t=[redacted] while [redacted] was open (retry ?t=[redacted])',
      stack:
        'TypeError: Failed to fetch\n    at load (https://pass.example/assets/index-abc.js?t=[redacted]:12:34)\n' +
        '    request headers {"X-Pass-Token":"[redacted]"} and X-Pass-Token: [redacted]\n' +
        '    from /pass/experiences?x=1&t=[redacted]&y=2',
      url: '/pass/deals/201?t=[redacted]&tab=venues',
      route_name: 'Deal',
      ...DEVICES,
      release: '2026.11.23-abc123',
      user_agent: `Mozilla/5.0 (iPhone) ${'x'.repeat(600)}`.slice(0, USER_AGENT_MAX_LENGTH),
      created_at: expect.any(Date),
      // The console inbox's group (decision 0042), computed by the database.
      fingerprint: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    // Neither the token nor the report's text reached the log.
    expect(t.logs.text()).not.toContain(token);
    expect(t.logs.text()).not.toContain('Failed to fetch');
    expect(t.logs.text()).toContain('error report stored');
  });

  it('takes a report from any link: signed out, a preview, an unregistered link; optional fields null, the user agent as sent', async () => {
    const before = (await stored()).length;
    for (const token of [TOKENS.guestBrew, TOKENS.previewVenue, TOKENS.unregVenue301]) {
      const res = await report(
        { message: 'ChunkLoadError: Loading chunk 7 failed.', url: '/pass/more', ...DEVICES },
        token,
      );
      expect(res.statusCode, res.body).toBe(204);
    }
    const rows = (await stored()).slice(before);
    expect(
      rows.map((r) => [r.offer_id, r.partner_id, r.partner_user_id, r.is_preview, r.is_unregistered]),
    ).toEqual([
      [101, 1, null, false, false],
      [101, 1, null, true, false],
      [null, null, null, false, true],
    ]);
    expect(rows[0]).toMatchObject({
      name: null,
      stack: null,
      route_name: null,
      release: null,
      user_agent: 'lightMyRequest',
    });
  });

  it.each([
    ['an unknown key', { message: 'x', url: '/pass', ...DEVICES, level: 'error' }],
    ['a bad device id', { message: 'x', url: '/pass', ...DEVICES, local_device_id: 'no spaces allowed' }],
    ['a missing device id', { message: 'x', url: '/pass', session_device_id: DEVICES.session_device_id }],
    ['a huge message', { message: 'x'.repeat(ERROR_MESSAGE_MAX_LENGTH + 1), url: '/pass', ...DEVICES }],
    ['an empty message', { message: '', url: '/pass', ...DEVICES }],
    ['an unknown route name', { message: 'x', url: '/pass', route_name: 'Admin', ...DEVICES }],
  ])('400 for %s, nothing stored', async (_name, body) => {
    const before = await stored();
    expectError(await report(body, TOKENS.avaBrew), 400, 'invalid_input');
    expect(await stored()).toEqual(before);
  });

  it('401 without a token or with an unknown one, nothing stored', async () => {
    const before = await stored();
    const body = { message: 'x', url: '/pass', ...DEVICES };
    expectError(await report(body, undefined), 401, 'unauthorized');
    expectError(await report(body, 'not-a-known-token-123456'), 401, 'unauthorized');
    expect(await stored()).toEqual(before);
  });

  it(`429 after ${ERROR_REPORTS_PER_MINUTE} reports a minute from one pass and address, nothing more stored`, async () => {
    const body = { message: 'Loop error', url: '/pass/rewards', ...DEVICES };
    const before = (await stored()).length;
    for (let i = 0; i < ERROR_REPORTS_PER_MINUTE; i++) {
      expect((await report(body, TOKENS.noahEmpty)).statusCode).toBe(204);
    }
    const limited = expectError(await report(body, TOKENS.noahEmpty), 429, 'rate_limited');
    expect(limited.message).toMatch(/^Too many requests/);
    expect(await stored()).toHaveLength(before + ERROR_REPORTS_PER_MINUTE);
    // Another pass is counted on its own.
    expect((await report(body, TOKENS.harperCheckin)).statusCode).toBe(204);
  });
});
