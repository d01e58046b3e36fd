// `PUT /pass/api/cart/{orderId}/complete` under load: N holders each claim the same pickup reward
// (a draft order, not timed), then every draft is completed once by CONNECTIONS parallel clients and the
// latency of each complete is recorded. Each complete spends points and takes stock in one transaction,
// so this is the contended write path of a campaign (issue 11: p99 at most 50 ms on Postgres).
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../scripts/lib.mjs';
import { apiHeaders, cpuMs, note } from './server.mjs';

const DEMO = join(ROOT, 'demo');
const OFFER = 102; // Lakeshore Rewards: a points offer (demo README)
const DEAL = 204; // its single points deal
const REWARD = 1211; // Lighthouse Sunset Cruise for Two: pickup, 1000 points
const FIRST_ID = 900_000;

const token = (i) => `bench-holder-${String(i).padStart(6, '0')}-complete-load`;

/**
 * A pass-import file: the demo plus `holders` holders of Lakeshore Rewards, each with 10,000 points,
 * and the cruise's stock raised so that no claim runs out. Written beside a link to the demo's media.
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
      points: 10_000,
      balance: 10_000,
      value_date: '@now-1d',
      expires_at: '@now+300d',
      order_id: null,
      order_product_id: null,
      redeemed: null,
    });
  }
  const cruise = data.rewardItems.find((r) => r.id === REWARD);
  cruise.ticketsAvailable = { 0: holders * 2 };
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

/**
 * `amount` PUTs to `base`, `connections` at a time, with autocannon: its client is lean, so the load takes less
 * of the two cores the server and Postgres share with it than fetch did (about a third of a millisecond of CPU
 * per request less; decision 0016, issue 11's statistics round). `nextRequest()` is called once per request
 * sent and gives its { path, headers, body }, so each is made exactly once. Resolves to autocannon's result,
 * the first failed answer and when the last answer came.
 */
export async function putLoad(base, connections, amount, nextRequest) {
  const { default: autocannon } = await import('autocannon');
  let firstFailure = null;
  // autocannon ends a run on its one-second tick, so the run's own time would round the rate down.
  let lastAnswerAt = performance.now();
  const result = await new Promise((resolvePromise, reject) => {
    autocannon(
      {
        url: base,
        connections,
        amount,
        requests: [
          {
            method: 'PUT',
            setupRequest: (request) => ({ ...request, method: 'PUT', ...nextRequest() }),
            onResponse: (status, body) => {
              lastAnswerAt = performance.now();
              if (status >= 300) firstFailure ??= `${status} ${String(body).slice(0, 200)}`;
            },
          },
        ],
      },
      (err, r) => (err ? reject(err) : resolvePromise(r)),
    );
  });
  return { result, firstFailure, lastAnswerAt };
}

/**
 * Runs `load` (a putLoad) and answers its p50, p99, rate (to its last answer), requests, failures and first
 * failure, with the CPU ms per request of the process `pid` and of its Postgres backends in `database` (null
 * where /proc cannot tell).
 */
export async function measureLoad(pid, database, load) {
  const cpuBefore = cpuMs(pid, database);
  const t0 = performance.now();
  const { result, firstFailure, lastAnswerAt } = await load();
  const cpuAfter = cpuMs(pid, database);
  const requests = result.requests.total;
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: requests / ((lastAnswerAt - t0) / 1000),
    requests,
    failed: result.non2xx + result.errors + result.timeouts,
    firstFailure,
    cpu:
      cpuBefore && cpuAfter
        ? {
            server: (cpuAfter.server - cpuBefore.server) / requests,
            postgres: (cpuAfter.postgres - cpuBefore.postgres) / requests,
          }
        : null,
  };
}

/** The completes of each [holder, orderId] of `orders` in turn, as putLoad's requests. */
function completesOf(orders) {
  let next = 0;
  return () => {
    const [holder, orderId] = orders[Math.min(next, orders.length - 1)];
    next += 1;
    return {
      path: `/pass/api/cart/${orderId}/complete`,
      headers: { ...apiHeaders(token(holder)), 'Content-Type': 'application/json' },
      body: JSON.stringify({ orderId }),
    };
  };
}

/**
 * Claims a draft per holder, then completes them all; returns { p50, p99, rps, completed, failed, cpu }, where
 * cpu is the server's and its Postgres backends' CPU ms per measured completion (null where /proc cannot
 * tell). `database` is the server's Postgres database.
 */
export async function completeLoad(server, holders, connections, database) {
  const orderIds = new Array(holders);
  let claimFailures = 0;
  await pool(holders, 8, async (i) => {
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
    if (res.ok) orderIds[i] = (await res.json()).orderId;
    else {
      claimFailures += 1;
      if (claimFailures === 1) note(`a claim failed: ${res.status} ${await res.text()}`);
    }
  });
  const ready = orderIds.map((id, i) => [i, id]).filter(([, id]) => id !== undefined);
  // The first tenth warms up the server's code paths and pool; the rest is measured.
  const warm = Math.max(1, Math.floor(ready.length / 10));
  const warmUp = ready.slice(0, warm);
  await putLoad(server.base, connections, warmUp.length, completesOf(warmUp));
  const measured = ready.slice(warm);
  const m = await measureLoad(server.pid, database, () =>
    putLoad(server.base, connections, measured.length, completesOf(measured)),
  );
  if (m.firstFailure) note(`first failed complete: ${m.firstFailure}`);
  return {
    p50: m.p50,
    p99: m.p99,
    rps: m.rps,
    completed: m.requests - m.failed,
    failed: m.failed + claimFailures,
    cpu: m.cpu,
  };
}
