// A load client that costs little per answer, for the static part (issue 28). autocannon turns every body into
// a string (`req.body += chunk`, through http-parser-js): about 2.5 ms of its CPU per 108 kB answer, so that on
// this project's 2-core machines it could not take more than 300 to 550 of them a second even from a bare
// Fastify sending the same bytes from memory, whatever the server did. This client reads the status line and
// the headers, then counts the body's bytes without looking at them.
//
// Keep-alive connections, each sending its next request when the last answer is in (as autocannon without
// pipelining), every request from a client address of its own (X-Forwarded-For, cycling through 4096, as
// api.mjs does). Answers must carry a Content-Length (every answer measured here does); one without, or a
// connection that fails, counts as an error.
import net from 'node:net';

const CLIENTS = 4096;
const clientAddress = (i) => `198.18.${i >> 8}.${i & 255}`;
const HEADERS_END = Buffer.from('\r\n\r\n');

/**
 * `connections` clients against `url` for `seconds`. Resolves to { rps, p99, errors, statuses } (statuses: the
 * count of each status code).
 */
export function lightLoad(url, headers, { connections, seconds }) {
  const { hostname, port, pathname, search } = new URL(url);
  const head = Object.entries({ Host: `${hostname}:${port}`, ...headers })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const requests = Array.from({ length: CLIENTS }, (_, i) =>
    Buffer.from(`GET ${pathname}${search} HTTP/1.1\r\n${head}X-Forwarded-For: ${clientAddress(i)}\r\n\r\n`),
  );
  const latencies = [];
  const statuses = {};
  let errors = 0;
  let sent = 0;
  let running = true;
  const startedAt = performance.now();

  const client = () =>
    new Promise((resolveClient) => {
      let socket;
      let pending = Buffer.alloc(0);
      let bodyLeft = -1; // -1: reading the status line and headers
      let status = 0;
      let sentAt = 0;
      const next = () => {
        if (!running) {
          socket.destroy();
          return;
        }
        sentAt = performance.now();
        socket.write(requests[sent++ % CLIENTS]);
      };
      const answered = () => {
        latencies.push(performance.now() - sentAt);
        statuses[status] = (statuses[status] ?? 0) + 1;
        bodyLeft = -1;
        next();
      };
      const connect = () => {
        pending = Buffer.alloc(0);
        bodyLeft = -1;
        socket = net.connect({ host: hostname, port: Number(port) }, next);
        socket.setNoDelay(true);
        socket.on('data', (chunk) => {
          let data = chunk;
          while (data.length > 0) {
            if (bodyLeft >= 0) {
              const taken = Math.min(bodyLeft, data.length);
              bodyLeft -= taken;
              data = data.subarray(taken);
              if (bodyLeft === 0) answered();
              continue;
            }
            pending = pending.length === 0 ? data : Buffer.concat([pending, data]);
            data = Buffer.alloc(0);
            const end = pending.indexOf(HEADERS_END);
            if (end === -1) break;
            const text = pending.subarray(0, end).toString('latin1');
            status = Number(text.slice(9, 12));
            const length = /\r\ncontent-length: *(\d+)/i.exec(text);
            data = pending.subarray(end + HEADERS_END.length);
            pending = Buffer.alloc(0);
            if (!length) {
              errors++;
              socket.destroy();
              return;
            }
            bodyLeft = Number(length[1]);
            if (bodyLeft === 0) answered();
          }
        });
        socket.on('error', () => {
          errors++;
        });
        socket.on('close', () => {
          if (running) connect();
          else resolveClient();
        });
      };
      connect();
    });

  const clients = Array.from({ length: connections }, client);
  return new Promise((resolveRun) => {
    setTimeout(async () => {
      running = false;
      const elapsed = (performance.now() - startedAt) / 1000;
      const done = latencies.length;
      // Whatever is still in flight is left: the connections close as their answers come in, or at once.
      await Promise.race([Promise.all(clients), new Promise((r) => setTimeout(r, 2_000))]);
      latencies.sort((a, b) => a - b);
      const p99 = latencies.length
        ? latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))]
        : 0;
      resolveRun({ rps: done / elapsed, p99: Math.round(p99), errors, statuses });
    }, seconds * 1000);
  });
}
