import { messagePaths } from '@trailpass/contract/console';
import { and, asc, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deliverDueMessages, runMessageDelivery } from '../../src/console/messages/delivery';
import { console_audit, messages } from '../../src/db/schema';
import { api, createTestApp, passHeaders, type TestApp, TOKENS } from '../helpers';
import { makeStaff, pathOf, type StaffClient, signIn } from './console-helpers';

// The Brew Trail (offer 101, partner 1) has three holders: Ava (1001), Sam (1002) and Noah (1003).
const BREW = 101;
const AVA = 1001;
const NOAH = 1003;
const HARPER = 1004;
const T0 = new Date('2026-06-01T12:00:00.000Z');
let clock = T0;

let t: TestApp;
let manager: StaffClient;
let viewer: StaffClient;

beforeAll(async () => {
  t = await createTestApp({ now: T0, clock: () => clock });
  await makeStaff(t, 'manager@lakeshore.test', { partnerId: 1, role: 'manager' });
  await makeStaff(t, 'viewer@lakeshore.test', { partnerId: 1, role: 'viewer' });
  manager = await signIn(t.app, 'manager@lakeshore.test');
  viewer = await signIn(t.app, 'viewer@lakeshore.test');
});

afterAll(async () => {
  await t?.close();
});

const list = (query = '') => `${pathOf(messagePaths.messages, { offerId: BREW })}${query}`;
const one = (messageId: number) => pathOf(messagePaths.message, { offerId: BREW, messageId });
const compose = (body: object, client = manager) =>
  client.request({ method: 'POST', url: list(), payload: body });

async function unread(token: string, userId: number): Promise<number> {
  const res = await api(t.app, 'GET', `/partnerUser/${userId}/messages/unreadCount?offerId=${BREW}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().unread;
}

/** The holder's messages as their app gets them. */
async function inbox(token: string, userId: number): Promise<Array<{ subject: string; message: string }>> {
  const res = await api(t.app, 'GET', `/partnerUser/${userId}/messages?offerId=${BREW}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function dataUnread(token: string): Promise<number> {
  const res = await api(t.app, 'GET', '/data', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().messageCounts.unread;
}

const HOSTILE = [
  '<p onclick="steal()">Hello <strong>trail</strong> friends</p>',
  '<script>alert(1)</script>',
  '<img src="x" onerror="alert(2)">',
  '<a href="javascript:alert(3)">tap</a>',
  '<a href="java&#x09;script:alert(4)">tab</a>',
  '<a href="https://lakeshore.example/events" target="_top">Events</a>',
  '<style>body{display:none}</style>',
  '<form action="https://evil.example"><input name="pw"></form>',
  '<span style="background:url(javascript:alert(5))">styled</span>',
  '<iframe src="https://evil.example"></iframe>',
  '<img src="data:text/html,<script>alert(6)</script>" alt="d">',
  '<img src="data:image/png;base64,iVBORw0KGgo=" alt="pixel">',
].join('');

describe('compose a message', () => {
  it('sends to every holder of the offer now: their unread badge and list show it, audited', async () => {
    const before = await unread(TOKENS.avaBrew, AVA);
    const res = await compose({ title: 'Summer hours', html: '<p>Open <em>late</em> in July.</p>' });
    expect(res.statusCode, res.body).toBe(201);
    const sent = res.json();
    expect(sent).toMatchObject({
      title: 'Summer hours',
      html: '<p>Open <em>late</em> in July.</p>',
      audience: 'offer',
      holder: null,
      status: 'sent',
      recipients: 3,
      read: 0,
      sendAt: T0.toISOString(),
      createdBy: 'manager@lakeshore.test',
      cancelledAt: null,
    });
    expect(await unread(TOKENS.avaBrew, AVA)).toBe(before + 1);
    expect(await dataUnread(TOKENS.avaBrew)).toBe(before + 1);
    expect((await inbox(TOKENS.avaBrew, AVA))[0]).toMatchObject({
      subject: 'Summer hours',
      message: '<p>Open <em>late</em> in July.</p>',
    });
    expect(await unread(TOKENS.noahEmpty, NOAH)).toBe(1);
    const [audit] = await t.database.db
      .select()
      .from(console_audit)
      .where(and(eq(console_audit.action, 'message.send'), eq(console_audit.object_id, String(sent.id))));
    expect(audit?.after).toMatchObject({
      title: 'Summer hours',
      audience: 'offer',
      recipients: 3,
      sanitised: false,
    });
  });

  it('sanitises by the holder app’s rules: no script, handler or script URL ever reaches a holder', async () => {
    const res = await compose({ title: 'Tricky', html: HOSTILE, holderId: NOAH });
    expect(res.statusCode, res.body).toBe(201);
    const stored = res.json().html as string;
    const [copy] = await inbox(TOKENS.noahEmpty, NOAH);
    expect(copy?.message).toBe(stored);
    const lower = stored.toLowerCase();
    for (const banned of [
      '<script',
      'onclick',
      'onerror',
      'javascript:',
      'java\t',
      '<style',
      '<form',
      '<input',
      '<iframe',
      'data:text/html',
      'target=',
    ]) {
      expect(lower, banned).not.toContain(banned);
    }
    // What is safe stays: the text, its emphasis, an https link and a raster picture.
    expect(stored).toContain('<p>Hello <strong>trail</strong> friends</p>');
    expect(stored).toContain('<a href="https://lakeshore.example/events">Events</a>');
    expect(stored).toContain('src="data:image/png;base64,iVBORw0KGgo="');
    expect(stored).toContain('styled');
  });

  it('refuses HTML with nothing left to show, a holder of another offer, a past or far time', async () => {
    const before = await t.database.db.select().from(messages);
    const cases: Array<[object, string]> = [
      [{ title: 'Empty', html: '<script>alert(1)</script><style>p{}</style>' }, 'html'],
      [{ title: 'Not theirs', html: '<p>Hi</p>', holderId: HARPER }, 'holderId'],
      [{ title: 'Past', html: '<p>Hi</p>', sendAt: new Date(T0.getTime() - 60_000).toISOString() }, 'sendAt'],
      [{ title: 'Far', html: '<p>Hi</p>', sendAt: '2028-01-01T00:00:00Z' }, 'sendAt'],
    ];
    for (const [body, field] of cases) {
      const res = await compose(body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors?.[field], res.body).toBeDefined();
    }
    for (const body of [
      { title: '', html: '<p>x</p>' },
      { title: 'x', html: '<p>x</p>', sendAt: 'tomorrow' },
    ]) {
      expect((await compose(body)).statusCode).toBe(400);
    }
    expect((await compose({ title: 'x', html: '<p>x</p>' }, viewer)).statusCode).toBe(403);
    expect(await t.database.db.select().from(messages)).toEqual(before);
  });
});

describe('scheduled messages', () => {
  it('are invisible to holders before their time and visible after', async () => {
    const sendAt = new Date(T0.getTime() + 60 * 60_000);
    const before = await unread(TOKENS.avaBrew, AVA);
    const res = await compose({
      title: 'Tomorrow’s tour',
      html: '<p>Meet at 9.</p>',
      sendAt: sendAt.toISOString(),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'scheduled', recipients: 3, sendAt: sendAt.toISOString() });
    expect(await deliverDueMessages(t.database.db, clock)).toBe(0);
    expect(await unread(TOKENS.avaBrew, AVA)).toBe(before);
    expect(await dataUnread(TOKENS.avaBrew)).toBe(before);
    expect((await inbox(TOKENS.avaBrew, AVA)).map((m) => m.subject)).not.toContain('Tomorrow’s tour');

    clock = new Date(sendAt.getTime() + 1000);
    expect(await deliverDueMessages(t.database.db, clock)).toBe(1);
    expect(await unread(TOKENS.avaBrew, AVA)).toBe(before + 1);
    expect(await dataUnread(TOKENS.avaBrew)).toBe(before + 1);
    expect((await inbox(TOKENS.avaBrew, AVA))[0]?.subject).toBe('Tomorrow’s tour');
    const listed = (await viewer.request({ method: 'GET', url: list('?status=sent&q=tour') })).json();
    expect(listed).toMatchObject({ total: 1, items: [{ status: 'sent', recipients: 3 }] });
    // Delivered once: a second round finds nothing.
    expect(await deliverDueMessages(t.database.db, clock)).toBe(0);
  });

  it('the holder API shows no copy dated after its clock', async () => {
    const later = new Date(clock.getTime() + 24 * 60 * 60_000);
    const [row] = await t.database.db
      .insert(messages)
      .values({
        partner_user_id: AVA,
        offer_id: BREW,
        subject: 'Early',
        message: '<p>x</p>',
        delivered_at: later,
      })
      .returning();
    const count = await unread(TOKENS.avaBrew, AVA);
    expect((await inbox(TOKENS.avaBrew, AVA)).map((m) => m.subject)).not.toContain('Early');
    const read = await t.app.inject({
      method: 'PUT',
      url: `/pass/api/partnerUser/${AVA}/messages/${row?.id}`,
      headers: passHeaders(TOKENS.avaBrew),
      payload: { read: true },
    });
    expect(read.statusCode).toBe(404);
    clock = new Date(later.getTime() + 1000);
    expect(await unread(TOKENS.avaBrew, AVA)).toBe(count + 1);
    expect((await inbox(TOKENS.avaBrew, AVA))[0]?.subject).toBe('Early');
  });

  it('go out by the delivery loop a server runs while it is up', async () => {
    const sendAt = new Date(clock.getTime() + 5 * 60_000);
    const made = (
      await compose({ title: 'By the loop', html: '<p>Hi</p>', sendAt: sendAt.toISOString() })
    ).json();
    // A second server on the same database, its loop every 20 ms, with the clock past the message's time.
    const server = Fastify();
    runMessageDelivery(server, t.database.db, () => new Date(sendAt.getTime() + 1), 20);
    await server.ready();
    try {
      await vi.waitFor(
        async () => {
          const listed = (await viewer.request({ method: 'GET', url: list('?q=by%20the%20loop') })).json();
          expect(listed.items[0]).toMatchObject({ id: made.id, status: 'sent', recipients: 3 });
        },
        { timeout: 5000, interval: 50 },
      );
    } finally {
      await server.close();
    }
    clock = new Date(sendAt.getTime() + 1000);
    expect((await inbox(TOKENS.avaBrew, AVA))[0]?.subject).toBe('By the loop');
  });

  it('can be cancelled before they go out, once; a sent one cannot', async () => {
    const sendAt = new Date(clock.getTime() + 10 * 60_000);
    const made = (
      await compose({ title: 'Maybe', html: '<p>Perhaps</p>', sendAt: sendAt.toISOString() })
    ).json();
    expect((await viewer.request({ method: 'DELETE', url: one(made.id) })).statusCode).toBe(403);
    const res = await manager.request({ method: 'DELETE', url: one(made.id) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', cancelledAt: clock.toISOString() });
    const again = await manager.request({ method: 'DELETE', url: one(made.id) });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CONFLICT');
    clock = new Date(sendAt.getTime() + 1000);
    expect(await deliverDueMessages(t.database.db, clock)).toBe(0);
    expect((await inbox(TOKENS.avaBrew, AVA)).map((m) => m.subject)).not.toContain('Maybe');
    const sent = (await viewer.request({ method: 'GET', url: list('?status=sent') })).json().items[0];
    const late = await manager.request({ method: 'DELETE', url: one(sent.id) });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/went out already/);
    expect((await manager.request({ method: 'DELETE', url: one(999_999) })).statusCode).toBe(404);
    const audits = await t.database.db
      .select()
      .from(console_audit)
      .where(eq(console_audit.action, 'message.cancel'))
      .orderBy(asc(console_audit.id));
    expect(audits.map((row) => row.object_id)).toEqual([String(made.id)]);
  });
});

describe('message list', () => {
  it('pages newest first, filters by status and refuses a bad query', async () => {
    const all = (await viewer.request({ method: 'GET', url: list() })).json();
    expect(all.total).toBe(5);
    const times = all.items.map((m: { sendAt: string }) => m.sendAt);
    expect([...times].sort().reverse()).toEqual(times);
    const page = (
      await viewer.request({ method: 'GET', url: list('?sort=title&order=asc&perPage=2&page=2') })
    ).json();
    expect(page.items.map((m: { title: string }) => m.title)).toEqual(['Summer hours', 'Tomorrow’s tour']);
    const cancelled = (await viewer.request({ method: 'GET', url: list('?status=cancelled') })).json();
    expect(cancelled).toMatchObject({ total: 1, items: [{ title: 'Maybe' }] });
    const one = (await viewer.request({ method: 'GET', url: list('?q=tricky') })).json();
    expect(one.items[0]).toMatchObject({ audience: 'holder', holder: { id: NOAH }, recipients: 1 });
    expect((await viewer.request({ method: 'GET', url: list('?status=lost') })).statusCode).toBe(400);
  });
});
