import { Worker } from 'node:worker_threads';
import type { BrotliOptions, ZlibOptions } from 'node:zlib';

/** The encodings the compression thread makes. */
export type ThreadEncoding = 'br' | 'gzip';

export interface CompressionThreadOptions {
  brotli: BrotliOptions;
  gzip: ZlibOptions;
  /** Jobs sent and not yet answered, at most; past it `hasRoom` says no and the caller compresses itself. */
  maxInFlight: number;
  /** After the thread fails, how long `hasRoom` says no, so that a thread that cannot start or keeps dying is
   * not started again for every answer meanwhile. */
  restAfterFailureMs: number;
  /** The worker's script (default compression-worker.mjs; a test gives one that dies). */
  workerFile?: URL;
}

interface Job {
  resolve: (bytes: Buffer) => void;
  reject: (error: Error) => void;
}

/**
 * One worker thread that compresses answers for the event loop (decision 0023, round eleven). Under load the
 * server's event loop is what is full while the second core has room, and compressing an answer was about a
 * seventh of the loop's time on GET /data. The thread is started on first use and held open only while it has
 * jobs (an idle thread keeps no process alive). When it fails, the jobs it had are rejected, and a new one is
 * started once `restAfterFailureMs` has passed.
 */
export class CompressionThread {
  private worker: Worker | null = null;
  private readonly jobs = new Map<number, Job>();
  private nextId = 0;
  /** performance.now() until which no job is taken, after a failure. */
  private restingUntil = 0;

  constructor(private readonly options: CompressionThreadOptions) {}

  /** Whether another job may be sent now (the thread is not `maxInFlight` jobs behind). */
  hasRoom(): boolean {
    return this.jobs.size < this.options.maxInFlight && performance.now() >= this.restingUntil;
  }

  /**
   * `input` compressed in `encoding` on the thread. The input is copied for the thread, unless `handOver`
   * says the caller has no further use for it: then its memory is moved there when it has it to itself (it
   * is left unusable). Rejects when the thread fails.
   */
  compress(input: Buffer, encoding: ThreadEncoding, handOver = false): Promise<Buffer> {
    const bytes = handOver && ownsMemory(input) ? (input.buffer as ArrayBuffer) : copyOf(input);
    const worker = this.started();
    const id = this.nextId++;
    return new Promise<Buffer>((resolve, reject) => {
      if (this.jobs.size === 0) worker.ref();
      this.jobs.set(id, { resolve, reject });
      worker.postMessage({ id, encoding, input: bytes }, [bytes]);
    });
  }

  /**
   * Stops the thread; jobs it still had are rejected. The thread is asked to end rather than terminated (see
   * compression-worker.mjs), and this resolves when it has. The next `compress` starts a new one.
   */
  async stop(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.fail(worker, new Error('The compression thread was stopped.'), false);
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.postMessage('stop');
    await exited;
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(
      this.options.workerFile ?? new URL('./compression-worker.mjs', import.meta.url),
      {
        workerData: { brotliOptions: this.options.brotli, gzipOptions: this.options.gzip },
      },
    );
    worker.unref();
    worker.on('message', (message: { id: number; bytes?: ArrayBuffer; error?: string }) => {
      const job = this.jobs.get(message.id);
      if (!job) return;
      this.jobs.delete(message.id);
      if (this.jobs.size === 0) worker.unref();
      if (message.bytes) job.resolve(Buffer.from(message.bytes));
      else job.reject(new Error(`Compression failed: ${message.error}`));
    });
    worker.on('error', (error) => this.fail(worker, error));
    worker.on('messageerror', (error) => this.fail(worker, error));
    worker.on('exit', (code) => this.fail(worker, new Error(`The compression thread exited (${code}).`)));
    this.worker = worker;
    return worker;
  }

  /** The thread is gone: every job it had is rejected, and the next call starts another (after a rest). */
  private fail(worker: Worker, error: Error, rest = true): void {
    if (this.worker !== worker) return;
    this.worker = null;
    if (rest) this.restingUntil = performance.now() + this.options.restAfterFailureMs;
    const jobs = [...this.jobs.values()];
    this.jobs.clear();
    worker.unref();
    for (const job of jobs) job.reject(error);
  }
}

/** Whether a buffer has its memory to itself (a small one is a slice of Node's shared pool, never moved). */
function ownsMemory(bytes: Buffer): boolean {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
}

function copyOf(bytes: Uint8Array): ArrayBuffer {
  return new Uint8Array(bytes).buffer;
}
