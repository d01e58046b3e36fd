// The crash test's load: parallel clients that change money, points and stock through the real API (cart
// claims and completes on Lakeshore Rewards, redeems and check-ins with venue codes and Idempotency-Keys),
// each request and its answer (or the lack of one) recorded for the checks.
import { randomUUID } from 'node:crypto';
import { tsImport } from 'tsx/esm/api';
import { TOKENS } from './seed.mjs';

const contract = await tsImport('../../packages/contract/src/constants.ts', import.meta.url);
const REPLAY_HEADER = contract.IDEMPOTENT_REPLAY_HEADER.toLowerCase();
export const IN_PROGRESS_MESSAGE = contract.IDEMPOTENCY_IN_PROGRESS_MESSAGE;

/** Statuses a request of each kind may answer under this load; anything else is a finding. */
export const EXPECTED_STATUSES = {
  create: [200, 409, 422],
  delete: [200, 409],
  add: [200, 409, 422],
  complete: [200, 409, 422],
  // 429: too many codes in flight for one holder at one venue (counted before the code is compared).
  redeem: [200, 409, 422, 429],
};

/** Ava's claims on Lakeshore Rewards (offer 102): the demo's rewards with their options and delivery. */
const CLAIMS = [
  { itemId: 1210, qty: 1, deliveryMethod: 'shipped' }, // tumbler, 450 points, stock "0" (seed.mjs: plenty)
  { itemId: 1211, qty: 1, deliveryMethod: 'picked_up' }, // cruise, 1000 points, stock "0"
  { itemId: 1212, qty: { 1306: 1 }, deliveryMethod: 'shipped' }, // getaway weeknight, 1100, stock "0"
  { itemId: 1212, qty: { 1307: 1 }, deliveryMethod: 'shipped' }, // getaway weekend, 1400, stock "1307"
];

const pick = (list) => list[Math.floor(Math.random() * list.length)];

/**
 * One run of load against one server: `records` collects every request of every round (the checks read
 * them all); `stop()` makes the clients finish after their current request.
 */
export function createLoad(pools) {
  const records = [];
  const state = { baseUrl: '', round: 0, stopped: true, inFlight: 0 };
  // Each redeem pool hands out its order products in order, each as many times as it may be used, so two
  // clients often tap the same one at once.
  const queues = new Map(pools.map((pool) => [pool, pool.ops.flatMap((op) => Array(op.uses).fill(op))]));

  async function send(request) {
    const record = {
      ...request,
      round: state.round,
      status: null,
      response: null,
      replay: false,
      error: null,
    };
    records.push(record);
    state.inFlight += 1;
    try {
      const headers = {
        [contract.TOKEN_HEADER]: request.token,
        [contract.API_VERSION_HEADER]: contract.API_VERSION,
        'X-Forwarded-For': request.address,
        ...(request.key ? { [contract.IDEMPOTENCY_KEY_HEADER]: request.key } : {}),
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      };
      const response = await fetch(`${state.baseUrl}${contract.API_BASE}${request.path}`, {
        method: request.method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: AbortSignal.timeout(30_000),
      });
      record.status = response.status;
      record.replay = response.headers.get(REPLAY_HEADER) === 'true';
      record.response = await response.json().catch(() => null);
    } catch (error) {
      record.error = error.cause?.code ?? error.name ?? String(error);
    } finally {
      state.inFlight -= 1;
    }
    return record;
  }

  /** Ava claims a reward and completes it; sometimes via delete and add, sometimes completing twice at once. */
  async function cartClient(address) {
    const token = TOKENS.avaRewards;
    const holder = { offerId: 102, partnerUserId: 1001, itemType: 'product', payWithPoints: true };
    while (!state.stopped) {
      const claim = pick(CLAIMS);
      const swap = Math.random() < 0.25;
      const first = swap ? CLAIMS[0] : claim;
      const created = await send({
        kind: 'create',
        method: 'POST',
        path: '/cart',
        token,
        address,
        body: { ...holder, ...first },
      });
      if (created.status === null) return;
      if (created.status !== 200) continue;
      const orderId = created.response.orderId;
      created.orderId = orderId;
      if (swap) {
        const itemId = created.response.order.products[0].id;
        const path = `/cart/${orderId}/order_products/${itemId}`;
        const removed = await send({ kind: 'delete', method: 'DELETE', path, token, address, orderId });
        if (removed.status !== 200) continue;
        const body = { ...holder, ...claim, orderId };
        const added = await send({
          kind: 'add',
          method: 'POST',
          path: `/cart/${orderId}/items`,
          token,
          address,
          body,
          orderId,
        });
        if (added.status !== 200) continue;
      }
      const complete = () =>
        send({
          kind: 'complete',
          method: 'PUT',
          path: `/cart/${orderId}/complete`,
          token,
          address,
          body: { orderId },
          orderId,
        });
      const answers = await Promise.all(Math.random() < 0.2 ? [complete(), complete()] : [complete()]);
      if (answers.some((answer) => answer.status === null)) return;
    }
  }

  function redeemRequest(pool, op, address, key) {
    return {
      kind: 'redeem',
      method: 'POST',
      path: `/partnerUser/${pool.userId}/${op.route}`,
      token: pool.token,
      address,
      key,
      opId: op.id,
      userId: pool.userId,
      body: { partnerUserId: pool.userId, orderProductIds: [op.id], pinNumber: op.pin },
    };
  }

  /** Taps on the pool's order products: mostly one, sometimes two devices at once, sometimes a resend. */
  async function redeemClient(pool, address) {
    const queue = queues.get(pool);
    while (!state.stopped) {
      const op = queue.shift();
      if (!op) return;
      const roll = Math.random();
      const key = randomUUID();
      const requests =
        roll < 0.15
          ? [redeemRequest(pool, op, address, key), redeemRequest(pool, op, address, randomUUID())]
          : roll < 0.25
            ? [redeemRequest(pool, op, address, key), redeemRequest(pool, op, address, key)]
            : [redeemRequest(pool, op, address, key)];
      const answers = await Promise.all(requests.map(send));
      if (answers.some((answer) => answer.status === null)) return;
    }
  }

  return {
    records,
    state,
    /** Starts the clients of one round against `baseUrl`; resolves when every client has finished. */
    run(baseUrl, round) {
      state.baseUrl = baseUrl;
      state.round = round;
      state.stopped = false;
      const clients = [cartClient('10.0.0.1'), cartClient('10.0.0.2')];
      pools.forEach((pool, i) => {
        clients.push(redeemClient(pool, `10.0.1.${i}`));
        if (pool.ops.length > 300) clients.push(redeemClient(pool, `10.0.2.${i}`));
      });
      return Promise.all(clients);
    },
    stop() {
      state.stopped = true;
    },
    /** Resolves once `count` requests of `round` have been answered (or after a minute, or when all ended). */
    async answered(round, count) {
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline && !state.stopped) {
        const done = records.filter((r) => r.round === round && r.status !== null).length;
        if (done >= count) return;
        await new Promise((resolveWait) => setTimeout(resolveWait, 20));
      }
    },
    /**
     * After a restart: sends again, once, every request of `round` that got no answer, as the offline queue
     * and a retrying client would (same Idempotency-Key and body), and a sample of answered redeems, which
     * must come back as replays of their first answer. Answers the problems seen.
     */
    async retry(baseUrl, round) {
      state.baseUrl = baseUrl;
      const problems = [];
      const requestOf = ({ status, response, replay, error, round: _round, ...request }) => ({
        ...request,
        retryOf: round,
      });
      const lost = records.filter((r) => r.round === round && r.status === null);
      const resent = await Promise.all(lost.map((r) => send(requestOf(r))));
      for (const [i, answer] of resent.entries()) {
        if (answer.status === null) {
          problems.push(`the retry of ${lost[i].method} ${lost[i].path} got no answer (${answer.error})`);
        }
      }
      const answered = records.filter((r) => r.round === round && r.key && r.status === 200 && !r.replay);
      for (const first of answered.slice(0, 20)) {
        const again = await send({ ...requestOf(first), replayCheck: true });
        if (again.status !== first.status || !again.replay) {
          problems.push(
            `key ${first.key} (${first.path}, order product ${first.opId}) answered ${first.status} and, ` +
              `sent again, ${again.status}${again.replay ? ' (replayed)' : ' without the replay header'}`,
          );
        }
      }
      return problems;
    },
  };
}
