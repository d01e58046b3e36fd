// `PUT /pass/api/cart/{orderId}/complete` at fixed arrival rates (issue 28 item 5, complete-rate.mjs): N holders
// each claim the same pickup reward (a draft order, not timed), then the drafts are completed on a timetable:
// 150 a second for 20 s (the target: p99 at most 50 ms on Postgres), then steps of rising rates until the p99
// reaches 50 ms, for the highest rate that stays under it. Each complete spends points and takes stock in one
// transaction, so this is the contended write path of a campaign.
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../scripts/lib.mjs';
import { completesOf, openLoop } from './complete-rate.mjs';
import { apiHeaders, cpuMs, note } from './server.mjs';

const DEMO = join(ROOT, 'demo');
const OFFER = 102; // Lakeshore Rewards: a points offer (demo README)
const DEAL = 204; // its single points deal
const REWARD = 1211; // Lighthouse Sunset Cruise for Two: pickup, 1000 points
const FIRST_ID = 900_000;

const token = (i) => `bench-holder-${String(i).padStart(6, '0')}-complete-load`;

/**
 * A pass-import file: the demo plus `holders` holders of Lakeshore Rewards, each with 100,000 points (a
 * completion spends 1,000, and each holder completes once per step), and the cruise's stock raised so that no
 * claim runs out. Written beside a link to the demo's media.
 */
export function writeBenchImport(holders) {
  const data = JSON.parse(readFileSync(join(DEMO, 'pass-demo.json'), 'utf8'));
  const ava = data.partnerUsers.find((u) => u.id === 1001);
  for (let i = 0; i < holders; i += 1) {
    const id = FIRST_ID + i;
    data.partnerUsers.push({
      ...ava,
      id,
      name: `Bench Holder ${i}`,
      first_name: 'Bench',
      last_name: `Holder ${i}`,
      email: `bench-${i}@example.com`,
    });
    data.passes.push({ id, partner_user_id: id, offer_id: OFFER, created_at: '@now-1d' });
    data.passLinks.push({
      id,
      token: token(i),
      label: `bench holder ${i}`,
      offer_id: OFFER,
      partner_user_id: id,
      signed_in: true,
      path: '/pass/rewards',
      isPreview: false,
      previewType: null,
      previewTypeId: null,
      previewDealId: null,
      isUnregisteredLink: false,
      venue_id: null,
      query: {},
    });
    data.pointsLedger.push({
      id,
      partner_user_id: id,
      offer_id: OFFER,
      deal_id: DEAL,
      reason_text: 'bench credit',
      points: 100_000,
      balance: 100_000,
      value_date: '@now-1d',
      expires_at: '@now+300d',
      order_id: null,
      order_product_id: null,
      redeemed: null,
    });
  }
  const cruise = data.rewardItems.find((r) => r.id === REWARD);
  cruise.ticketsAvailable = { 0: holders * 50 };
  const dir = mkdtempSync(join(tmpdir(), 'trailpass-bench-import-'));
  symlinkSync(join(DEMO, 'media'), join(dir, 'media'));
  const file = join(dir, 'pass-bench.json');
  writeFileSync(file, JSON.stringify(data));
  return { file, probeToken: token(0), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Runs `work(i)` for i in [0, count) on `parallel` workers. */
async function pool(count, parallel, work) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next;
      next += 1;
      await work(i);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}

/** One draft of the cruise for each of the first `count` holders: [token, orderId] pairs (untimed). */
async function claimDrafts(server, count) {
  const orders = [];
  let failures = 0;
  await pool(count, 8, async (i) => {
    const res = await fetch(`${server.base}/pass/api/cart`, {
      method: 'POST',
      headers: { ...apiHeaders(token(i)), 'Content-Type': 'application/json' },
      body: JSON.stringify({
        offerId: OFFER,
        partnerUserId: FIRST_ID + i,
        qty: 1,
        itemId: REWARD,
        itemType: 'product',
        deliveryMethod: 'picked_up',
        payWithPoints: true,
      }),
    });
    if (res.ok) orders.push([token(i), (await res.json()).orderId]);
    else {
      failures += 1;
      if (failures === 1) note(`a claim failed: ${res.status} ${await res.text()}`);
    }
  });
  return { orders, failures };
}

const MAIL_WAIT_MS = 180_000;

/**
 * Waits until the outbox holds no e-mail to send (queued or sending), up to MAIL_WAIT_MS. Resolves to the ms
 * waited, or null when it did not empty in time.
 */
async function mailSent(outbox) {
  const start = performance.now();
  while (performance.now() - start < MAIL_WAIT_MS) {
    const { rows } = await outbox.query(
      "select count(*)::int as n from mail_outbox where status in ('queued', 'sending')",
    );
    if (rows[0].n === 0) return performance.now() - start;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}

/**
 * Claims `count` drafts and completes them at `rate` a second; the step's figures, with the CPU of the server
 * and Postgres per completion. Each completion queues an order confirmation, which the server's mail sender
 * sends in the background: a step's CPU runs until its last e-mail is sent (mailMs after its last answer), and
 * the next step starts with none left, so that it is not measured while the e-mails of a faster step before it
 * are still going out (decision 0040).
 */
async function step(server, outbox, rate, count) {
  const { orders, failures } = await claimDrafts(server, count);
  const before = cpuMs(server.pid);
  const r = await openLoop(server.base, rate, orders.length, completesOf(orders));
  const mailMs = await mailSent(outbox);
  const after = cpuMs(server.pid);
  if (r.firstFailure) note(`first failed complete at ${rate}/s: ${r.firstFailure}`);
  return {
    ...r,
    mailMs,
    failed: r.failed + failures,
    cpu:
      before && after
        ? {
            server: (after.server - before.server) / orders.length,
            postgres: (after.postgres - before.postgres) / orders.length,
          }
        : null,
  };
}

/**
 * The rates tried after the target's, for the highest rate whose p99 stays under the bound: upwards while
 * they pass when the target passed, else downwards until one passes.
 */
const LADDER_UP = [200, 250, 300, 400, 500, 650, 800, 1000];
const LADDER_DOWN = [100, 75, 50, 25];

/**
 * The target step (`rate` a second for `seconds`), then the ladder (up or down, see LADDER_UP), each step on fresh drafts of the
 * `holders` holders (a step of more than `holders` completions is made shorter). A warm-up at a low rate first
 * brings the server's code paths and pool up. Returns { target, steps, best }: `best` is the highest rate
 * whose p99 stayed at or under `p99BoundMs` with nothing failed (null when none did).
 */
export async function completeAtRates(
  server,
  { databaseUrl, holders, rate, seconds, ladderSeconds, p99BoundMs },
) {
  const { default: pg } = await import('pg');
  const outbox = new pg.Client({ connectionString: databaseUrl });
  await outbox.connect();
  try {
    await step(server, outbox, 100, Math.min(holders, 500));
    const target = await step(server, outbox, rate, Math.min(holders, Math.round(rate * seconds)));
    const steps = [target];
    const passes = (s) => s.failed === 0 && s.p99 <= p99BoundMs;
    const up = passes(target);
    for (const next of up ? LADDER_UP.filter((r) => r > rate) : LADDER_DOWN.filter((r) => r < rate)) {
      const s = await step(server, outbox, next, Math.min(holders, Math.round(next * ladderSeconds)));
      steps.push(s);
      if (passes(s) !== up) break;
    }
    const best = steps.filter(passes).reduce((a, s) => (a === null || s.rate > a.rate ? s : a), null);
    return { target, steps, best };
  } finally {
    await outbox.end();
  }
}
