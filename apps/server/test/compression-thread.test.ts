import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  brotliOptions as brotli,
  compressionThread,
  gzipOptions as gzip,
  registerCompression,
} from '../src/plugins/compression';
import { CompressionThread } from '../src/plugins/compression-thread';
import { api, createTestApp, type TestApp, TOKENS } from './helpers';

/**
 * The compression thread (decision 0023, round eleven): answers made per request are compressed off the
 * event loop, byte for byte as the compress plugin would, and the plugin still compresses whatever the thread
 * does not take.
 */

const text = (seed: number) =>
  Buffer.from(
    JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ i, seed, name: `venue ${i * seed}` }))),
  );

describe('CompressionThread', () => {
  const threads: CompressionThread[] = [];
  const thread = (maxInFlight = 64, gzipOptions = gzip) => {
    const made = new CompressionThread({ brotli, gzip: gzipOptions, maxInFlight, restAfterFailureMs: 300 });
    threads.push(made);
    return made;
  };
  afterAll(async () => {
    for (const made of threads) await made.stop();
  });

  it('makes the same bytes as zlib with the same options, in each encoding', async () => {
    const compressor = thread();
    const input = text(7);
    expect((await compressor.compress(input, 'br')).equals(brotliCompressSync(input, brotli))).toBe(true);
    expect((await compressor.compress(input, 'gzip')).equals(gzipSync(input, gzip))).toBe(true);
    // The caller's buffer is untouched when it is not handed over.
    expect(input.equals(text(7))).toBe(true);
  });

  it('answers every job with its own bytes when many are in flight', async () => {
    const compressor = thread(500);
    const inputs = Array.from({ length: 200 }, (_, i) => text(i + 1));
    const outputs = await Promise.all(
      inputs.map((input, i) => compressor.compress(input, i % 2 === 0 ? 'br' : 'gzip')),
    );
    outputs.forEach((output, i) => {
      const plain = i % 2 === 0 ? brotliDecompressSync(output) : gunzipSync(output);
      expect(plain.equals(inputs[i] as Buffer), `job ${i}`).toBe(true);
    });
  });

  it('has no room while maxInFlight jobs are unanswered', async () => {
    const compressor = thread(2);
    expect(compressor.hasRoom()).toBe(true);
    const jobs = [compressor.compress(text(1), 'br'), compressor.compress(text(2), 'br')];
    expect(compressor.hasRoom()).toBe(false);
    await Promise.all(jobs);
    expect(compressor.hasRoom()).toBe(true);
  });

  it('moves a handed-over buffer that owns its memory, and copies one from the shared pool', async () => {
    const compressor = thread();
    // A buffer of its own memory, made so: Node 24's Buffer.from(string) is a view into a larger block.
    const owned = Buffer.alloc(text(3).byteLength);
    text(3).copy(owned);
    const expected = brotliCompressSync(owned, brotli);
    const job = compressor.compress(owned, 'br', true);
    expect(owned.byteLength).toBe(0);
    expect((await job).equals(expected)).toBe(true);

    const pooled = Buffer.from('{"small":"answer"}'.repeat(40));
    expect(pooled.byteLength).toBeLessThan(pooled.buffer.byteLength);
    const pooledJob = compressor.compress(pooled, 'gzip', true);
    expect(pooled.toString()).toBe('{"small":"answer"}'.repeat(40));
    expect(gunzipSync(await pooledJob).toString()).toBe('{"small":"answer"}'.repeat(40));
  });

  it('rejects a job the thread cannot compress, and goes on with the next', async () => {
    // zlib refuses a gzip level over 9.
    const compressor = thread(64, { level: 99 });
    await expect(compressor.compress(text(1), 'gzip')).rejects.toThrow(/Compression failed/);
    expect(brotliDecompressSync(await compressor.compress(text(1), 'br')).equals(text(1))).toBe(true);
  });

  it('rejects the jobs of a thread that dies, takes none for a while, then starts a new one', async () => {
    const dying = new CompressionThread({
      brotli,
      gzip,
      maxInFlight: 64,
      restAfterFailureMs: 300,
      workerFile: new URL('./fixtures/dying-compression-worker.mjs', import.meta.url),
    });
    threads.push(dying);
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) => dying.compress(text(i + 1), 'br')),
    );
    expect(results.map((result) => result.status)).toEqual(Array(5).fill('rejected'));
    expect(String((results[0] as PromiseRejectedResult).reason)).toContain(
      'The compression thread exited (1)',
    );
    expect(dying.hasRoom()).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(dying.hasRoom()).toBe(true);
    // The next job starts another thread (this one dies too, and its job is rejected the same way).
    await expect(dying.compress(text(5), 'br')).rejects.toThrow(/exited/);
  });

  it('rejects the jobs of a thread that is stopped, and starts a new one for the next at once', async () => {
    const compressor = thread();
    const jobs = Array.from({ length: 20 }, (_, i) => compressor.compress(text(i + 1), 'br'));
    const settled = Promise.allSettled(jobs);
    await compressor.stop();
    const results = await settled;
    expect(results.some((result) => result.status === 'rejected')).toBe(true);
    expect(compressor.hasRoom()).toBe(true);
    expect(brotliDecompressSync(await compressor.compress(text(5), 'br')).equals(text(5))).toBe(true);
  });
});

describe('answers compressed on the thread', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: new Date() });
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const data = (accept?: string) =>
    api(t.app, 'GET', '/data', TOKENS.avaBrew, {
      headers: accept === undefined ? {} : { 'accept-encoding': accept },
    });

  it('GET /data goes to the thread in the encoding negotiated, and decodes to the plain answer', async () => {
    const plain = await data();
    const compress = vi.spyOn(compressionThread, 'compress');
    const br = await data('gzip, deflate, br, zstd');
    expect(compress).toHaveBeenCalledTimes(1);
    expect(compress.mock.calls[0]?.[1]).toBe('br');
    expect(br.headers).toMatchObject({
      'content-encoding': 'br',
      vary: 'accept-encoding',
      'content-length': String(br.rawPayload.length),
    });
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);

    const gz = await data('x-gzip');
    expect(compress).toHaveBeenCalledTimes(2);
    expect(compress.mock.calls[1]?.[1]).toBe('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(gzipSync(plain.rawPayload, gzip))).toBe(true);

    // Nothing accepted, or too small to compress: the thread is not asked.
    await data('identity');
    await api(t.app, 'GET', '/health', undefined, { headers: { 'accept-encoding': 'br' } });
    expect(compress).toHaveBeenCalledTimes(2);
  });

  it('leaves the answer to the plugin, compressed inline alike, when the thread is behind or fails', async () => {
    const plain = await data();
    vi.spyOn(compressionThread, 'hasRoom').mockReturnValueOnce(false);
    const compress = vi.spyOn(compressionThread, 'compress');
    const behind = await data('br');
    expect(compress).not.toHaveBeenCalled();
    expect(behind.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(behind.rawPayload).equals(plain.rawPayload)).toBe(true);

    compress.mockRejectedValueOnce(new Error('thread gone'));
    const failed = await data('gzip');
    expect(compress).toHaveBeenCalledTimes(1);
    expect(failed.statusCode).toBe(200);
    expect(failed.headers).toMatchObject({ 'content-encoding': 'gzip', vary: 'accept-encoding' });
    expect(gunzipSync(failed.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(t.logs.text()).toContain('answer compressed inline: the compression thread failed');
  });

  it("runs after a route's own onSend hooks, which see the answer as JSON text", async () => {
    // The idempotency hook keeps a route's answer from its own onSend; it must get the text, not the bytes.
    const app = Fastify();
    await registerCompression(app, true);
    const seen: unknown[] = [];
    const answer = { venues: Array.from({ length: 400 }, (_, i) => ({ id: i, name: `venue ${i}` })) };
    app.post(
      '/kept',
      {
        onSend: async (_request, _reply, payload) => {
          seen.push(payload);
          return payload;
        },
      },
      async () => answer,
    );
    const compress = vi.spyOn(compressionThread, 'compress');
    const res = await app.inject({ method: 'POST', url: '/kept', headers: { 'accept-encoding': 'br' } });
    await app.close();
    expect(seen).toEqual([JSON.stringify(answer)]);
    expect(compress).toHaveBeenCalledTimes(1);
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual(answer);
  });

  it('compresses an answer under 8 kB inline, where the hop would cost the event loop more', async () => {
    const app = Fastify();
    await registerCompression(app, true);
    const sized = (count: number) => ({
      venues: Array.from({ length: count }, (_, i) => ({ id: i, name: `venue ${i}` })),
    });
    app.get('/sized/:count', async (request) => sized(Number((request.params as { count: string }).count)));
    const compress = vi.spyOn(compressionThread, 'compress');
    const get = (count: number, encoding: string) =>
      app.inject({ method: 'GET', url: `/sized/${count}`, headers: { 'accept-encoding': encoding } });
    const under = await get(100, 'br');
    const over = await get(400, 'br');
    const gzipUnder = await get(100, 'gzip');
    await app.close();
    expect(JSON.stringify(sized(100)).length).toBeGreaterThan(1024);
    expect(JSON.stringify(sized(100)).length).toBeLessThan(8 * 1024);
    expect(JSON.stringify(sized(400)).length).toBeGreaterThanOrEqual(8 * 1024);
    // Only the 400 venues went to the thread; the bytes are the same either way.
    expect(compress).toHaveBeenCalledTimes(1);
    expect(under.headers).toMatchObject({ 'content-encoding': 'br', vary: 'accept-encoding' });
    expect(under.rawPayload.equals(brotliCompressSync(JSON.stringify(sized(100)), brotli))).toBe(true);
    expect(over.rawPayload.equals(brotliCompressSync(JSON.stringify(sized(400)), brotli))).toBe(true);
    expect(gzipUnder.headers['content-encoding']).toBe('gzip');
    expect(gzipUnder.rawPayload.equals(gzipSync(JSON.stringify(sized(100)), gzip))).toBe(true);
  });
});
