import { availableParallelism } from 'node:os';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { CompressionThread, type ThreadEncoding } from './compression-thread';

/** The gzip level of answers compressed per request, for clients that do not take Brotli (see below). */
export const GZIP_LEVEL = 3;
/** The Brotli quality of answers compressed per request. */
const BROTLI_QUALITY = 0;
/** Answers under this many bytes are sent as they are. */
const COMPRESS_THRESHOLD = 1024;
/** Answers up to this many bytes are compressed whole (on the compression thread, or inline); bigger ones streamed. */
const WHOLE_CEILING = 64 * 1024;
/**
 * Answers under this many bytes are compressed inline, bigger ones on the thread. Below it the hop costs the
 * event loop more than Brotli quality 0 does: 29 to 39 µs of the loop's time per job with 20 in flight (more
 * when the loop sleeps between jobs) against 20 to 31 µs inline, for 1 to 8 kB (2026-11-29).
 */
const THREAD_FLOOR = 8 * 1024;
/** In the order the server prefers them. */
const ENCODINGS: ThreadEncoding[] = ['br', 'gzip'];

/** The options every answer compressed per request is made with, inline or on the thread. */
export const brotliOptions = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } };
export const gzipOptions = { level: GZIP_LEVEL };

/**
 * The thread the JSON and HTML answers made per request are compressed on, from 8 kB (decision 0023, rounds
 * eleven and thirteen), one per process. Up to 64 jobs in flight (a few milliseconds of work); past that, and
 * for 10 s after the thread failed, the compress plugin compresses inline as before.
 */
export const compressionThread = new CompressionThread({
  brotli: brotliOptions,
  gzip: gzipOptions,
  maxInFlight: 64,
  restAfterFailureMs: 10_000,
});

/** The warning when the thread fails a job and the answer is compressed inline instead. */
const THREAD_FAILED_MESSAGE = 'answer compressed inline: the compression thread failed';

/** On a machine with one core a thread adds no room, only the hop to it. */
const THREAD_BY_DEFAULT = availableParallelism() > 1;

/** The types this server makes answers of per request: its JSON (the API, the manifest) and its pages. */
const THREAD_TYPES = /^(?:text\/html|application\/(?:[\w.-]+\+)?json)(?:;|$)/;

/**
 * Compression of every answer: the compress plugin, with the compression thread in front of it for the
 * answers the server makes per request.
 *
 * Every compressed answer here is made per request (the web build's files are served pre-compressed), so
 * CPU counts more than the last bytes (decision 0023): Brotli quality 0 takes under half the time of
 * quality 2 for 5 to 14 % more bytes on GET /data and the assignment call (round five; quality 2 was
 * already half the plugin's 4), and answers up to 64 kB (GET /data is about 23 kB) are compressed whole,
 * as the plugin's stream path (a zlib context and a thread-pool hop per response) cost more than the
 * compression itself. The plugin's default ceiling shrinks with the core count, to 8 kB on two cores. A
 * client that takes gzip but not Brotli gets level 3 (zlib's fast strategy): on GET /data 180 µs instead of
 * level 6's 390 µs for 11 % more bytes, where Brotli quality 0 takes 100 µs (issue 11).
 */
export async function registerCompression(
  app: FastifyInstance,
  onThread = THREAD_BY_DEFAULT,
): Promise<AnswerCompressor> {
  // Added to each route before the plugin's own hook, and like it after the route's own hooks (the
  // idempotency hook keeps the answer as JSON text, before it is compressed). What the thread compresses,
  // the plugin then passes on as already encoded; what it leaves, the plugin compresses as before.
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!onThread || route.compress === false) return;
    const own = route.onSend;
    route.onSend = [...(own === undefined ? [] : Array.isArray(own) ? own : [own]), compressOnThread];
  });
  // A server that closes ends the thread between jobs, before the process exits (see compression-worker.mjs).
  // The thread is the process's: an app closed while another in the process still compresses only sends
  // that one's jobs inline until the next starts a thread again.
  app.addHook('onClose', () => compressionThread.stop());
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ENCODINGS,
    brotliOptions,
    zlibOptions: gzipOptions,
    syncThreshold: WHOLE_CEILING,
  });
  return (request, plain, encoding) => compressAnswer(request, plain, encoding, onThread);
}

/**
 * Compresses an answer made per request on a route the compress plugin's hooks are left off (the app's
 * pages, static.ts), with the options the thread and the plugin use. Whole, whatever its size: a page with
 * its first answers is a few tens of kB, where the plugin would stream one over 64 kB.
 */
export type AnswerCompressor = (
  request: FastifyRequest,
  plain: Buffer,
  encoding: ThreadEncoding,
) => Promise<Buffer>;

async function compressAnswer(
  request: FastifyRequest,
  plain: Buffer,
  encoding: ThreadEncoding,
  onThread: boolean,
): Promise<Buffer> {
  if (onThread && plain.length >= THREAD_FLOOR && compressionThread.hasRoom()) {
    try {
      // Copied for the thread, not handed over: after a failure the bytes are compressed here.
      return await compressionThread.compress(plain, encoding);
    } catch (error) {
      // The thread rests a while after failing (hasRoom); until then answers are compressed here, as below.
      request.log.warn({ err: error }, THREAD_FAILED_MESSAGE);
    }
  }
  return encoding === 'br' ? brotliCompressSync(plain, brotliOptions) : gzipSync(plain, gzipOptions);
}

/**
 * An answer of this server's own types, 8 to 64 kB, for a client that takes Brotli or gzip: compressed on
 * the thread, with the headers the plugin would set. Anything else, or when the thread is behind or fails,
 * goes on to the plugin unchanged. The checks are the plugin's, for these types.
 */
async function compressOnThread(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (!compressionThread.hasRoom()) return payload;
  const encoding = acceptedEncoding(request);
  if (encoding === null) return payload;
  const type = reply.getHeader('content-type');
  if (typeof type !== 'string' || !THREAD_TYPES.test(type)) return payload;
  if (reply.statusCode === 206 || reply.hasHeader('content-range')) return payload;
  const sent = reply.getHeader('content-encoding');
  if (sent !== undefined && sent !== 'identity') return payload;
  // Under the thread's floor the answer goes on as it came, for the plugin to compress inline (or to send as it
  // is, under 1 kB): Node writes a string in one piece with the headers, where a Buffer went beside them in a
  // writev of its own; the 404 of an unknown path served 1.25 times as many answers a second with its string
  // kept (paired runs, decision 0036).
  const size = typeof payload === 'string' ? Buffer.byteLength(payload, 'utf8') : payload.length;
  if (size < THREAD_FLOOR) return payload;
  // A string is encoded to UTF-8 once, here, and the bytes go to the thread (or on to the plugin's stream).
  const plain = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload;
  if (plain.length > WHOLE_CEILING) return plain;
  let bytes: Buffer;
  try {
    // The bytes of a string are this hook's own, so the thread may take them without a copy.
    bytes = await compressionThread.compress(plain, encoding, plain !== payload);
  } catch (error) {
    request.log.warn({ err: error }, THREAD_FAILED_MESSAGE);
    return payload;
  }
  addVary(reply);
  reply.header('content-encoding', encoding);
  reply.header('content-length', bytes.length);
  return bytes;
}

/** The encoding the client takes that the server prefers, as the plugin negotiates it; null for none. */
export function acceptedEncoding(request: FastifyRequest): ThreadEncoding | null {
  if (request.headers['x-no-compression'] !== undefined) return null;
  const header = request.headers['accept-encoding'];
  if (header === undefined) return null;
  // The plugin reads `*` (no preference) and x-gzip as gzip.
  return negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), ENCODINGS);
}

/** Vary names accept-encoding once, after whatever the answer already varies on (as the plugin does). */
export function addVary(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined) {
    reply.header('vary', 'accept-encoding');
    return;
  }
  const values = Array.isArray(vary) ? vary.map(String) : [String(vary)];
  if (!values.some((value) => value.includes('accept-encoding')))
    reply.header('vary', [...values, 'accept-encoding'].join(', '));
}
