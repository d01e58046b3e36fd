import type { FastifyInstance } from 'fastify';

/** Runs a periodic task between its rounds, at once (a message due now need not wait for the next round). */
export interface PeriodicTask {
  soon(): void;
}

/**
 * Runs `task` while the app is up: every `intervalMs` once the app is ready, one round at a time (a round
 * that is late waits for the one before it), and a round at once when `soon` is called; stopped, its round
 * finished, when the app closes. A failed round is logged as "`what` failed" and the next one runs as usual.
 * The scheduled messages' delivery (decision 0041) and the report days' fold (decision 0045) run this way.
 */
export function runPeriodically(
  app: FastifyInstance,
  what: string,
  intervalMs: number,
  task: () => Promise<unknown>,
): PeriodicTask {
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  let round: Promise<void> = Promise.resolve();
  const next = () => {
    if (closed) return;
    round = round
      .then(async () => {
        await task();
      })
      .catch((error: unknown) => app.log.error({ err: error }, `${what} failed`));
  };
  app.addHook('onReady', async () => {
    timer = setInterval(next, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    closed = true;
    if (timer) clearInterval(timer);
    await round;
  });
  return { soon: next };
}
