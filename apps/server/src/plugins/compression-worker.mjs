// The compression thread (compression-thread.ts): compresses each buffer it is sent with the options it was
// started with and sends the bytes back under the job's id. Plain JavaScript, so that it starts the same
// under tsx, under Vitest and under plain Node, with no TypeScript loader in the thread.
import { parentPort, workerData } from 'node:worker_threads';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const { brotliOptions, gzipOptions } = workerData;

parentPort.on('message', (message) => {
  // Asked to stop: the thread ends once the job in hand is done. Ending it with Worker.terminate() instead
  // can land between a zlib handle's creation and its init, which aborts the whole process (Node 20 asserts
  // "close before init" in the thread's cleanup).
  if (message === 'stop') {
    parentPort.close();
    return;
  }
  const { id, encoding, input } = message;
  try {
    const output =
      encoding === 'br' ? brotliCompressSync(input, brotliOptions) : gzipSync(input, gzipOptions);
    // The output's own memory travels back without a copy when it has it to itself (it is not a slice of
    // Node's shared pool of small buffers).
    const own = output.byteOffset === 0 && output.byteLength === output.buffer.byteLength;
    const bytes = own
      ? output.buffer
      : output.buffer.slice(output.byteOffset, output.byteOffset + output.length);
    parentPort.postMessage({ id, bytes }, [bytes]);
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
