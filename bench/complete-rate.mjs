// Issue 28 item 5: `PUT /pass/api/cart/{orderId}/complete` at a fixed ARRIVAL rate (open loop). Completions
// are sent on a timetable (request i at start + i / rate) whether or not earlier ones have been answered,
// as a campaign's holders tap Complete Order independently of each other; each latency is counted from the
// request's planned start, so a server (or a client) that falls behind shows up in the figures instead of
// slowing the load down, which is what a closed loop of N clients does (its p99 is set by queueing: N / rate).
import http from 'node:http';
import { apiHeaders } from './server.mjs';

/** Sends `count` requests at `rate` per second; latencies are from each one's planned start. */
export async function openLoop(base, rate, count, nextRequest) {
  const url = new URL(base);
  // Enough sockets that the client never queues a request behind another: a queued request would wait in
  // this process and be counted as the server's time (which is right for the user, but not what we size).
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });
  const latencies = [];
  let failed = 0;
  let firstFailure = null;
  let maxLagMs = 0;
  const send = (request, plannedAt) =>
    new Promise((resolvePromise) => {
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: request.path,
          method: 'PUT',
          agent,
          headers: { ...request.headers, 'Content-Length': Buffer.byteLength(request.body) },
        },
        (res) => {
          const chunks = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('end', () => {
            latencies.push(performance.now() - plannedAt);
            if (res.statusCode >= 300) {
              failed += 1;
              firstFailure ??= `${res.statusCode} ${Buffer.concat(chunks).toString('utf8').slice(0, 200)}`;
            }
            resolvePromise();
          });
        },
      );
      req.on('error', (err) => {
        failed += 1;
        firstFailure ??= err.message;
        latencies.push(performance.now() - plannedAt);
        resolvePromise();
      });
      req.end(request.body);
    });

  const inFlight = [];
  const start = performance.now() + 20;
  const interval = 1000 / rate;
  let sent = 0;
  while (sent < count) {
    const now = performance.now();
    // Every request whose time has come goes now, each with its own planned start.
    while (sent < count && start + sent * interval <= now) {
      const plannedAt = start + sent * interval;
      maxLagMs = Math.max(maxLagMs, now - plannedAt);
      inFlight.push(send(nextRequest(), plannedAt));
      sent += 1;
    }
    if (sent < count) {
      const wait = start + sent * interval - performance.now();
      await new Promise((r) => setTimeout(r, Math.max(0, Math.floor(wait))));
    }
  }
  await Promise.all(inFlight);
  const elapsedSeconds = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
  return {
    rate,
    count,
    p50: at(0.5),
    p99: at(0.99),
    max: latencies[latencies.length - 1] ?? Number.NaN,
    failed,
    firstFailure,
    achievedRate: count / elapsedSeconds,
    // How late the client itself sent its worst request: a large lag means the load generator, sharing the
    // cores, could not keep the timetable, and the step says more about the machine than the server.
    maxLagMs,
  };
}

/** The completes of each [token, orderId] of `orders` in turn, as openLoop's requests. */
export function completesOf(orders) {
  let next = 0;
  return () => {
    const [token, orderId] = orders[Math.min(next, orders.length - 1)];
    next += 1;
    return {
      path: `/pass/api/cart/${orderId}/complete`,
      headers: { ...apiHeaders(token), 'Content-Type': 'application/json' },
      body: JSON.stringify({ orderId }),
    };
  };
}
