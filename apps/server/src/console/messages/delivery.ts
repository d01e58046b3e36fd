import type { FastifyInstance } from 'fastify';
import type { AppDb } from '../../db/client';
import { type PeriodicTask, runPeriodically } from '../periodic';
import { claimDueMessage, writeCopies } from './repository';

/** How often the server looks for scheduled messages that are due. */
export const DELIVERY_INTERVAL_MS = 15_000;

/**
 * Delivers every scheduled console message due at `now`: each in a transaction of its own that claims it
 * (SKIP LOCKED, so instances share the work and never deliver one twice) and writes its holders' copies.
 * Returns how many messages went out.
 */
export async function deliverDueMessages(db: AppDb, now: Date): Promise<number> {
  let delivered = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const message = await claimDueMessage(tx, now);
      if (!message) return false;
      await writeCopies(tx, message, now);
      return true;
    });
    if (!done) return delivered;
    delivered++;
  }
}

/** Starts a delivery round now (between the loop's), for a message due at once. */
export type MessageDelivery = PeriodicTask;

/**
 * Runs the delivery while the app is up (decision 0041): every `intervalMs` (DELIVERY_INTERVAL_MS) on the
 * app's clock, one round at a time, and a round at once when `soon` is called; stopped, its round finished,
 * when the app closes. A holder sees a scheduled message at most that long after its time; the holder API
 * never shows a copy dated later than its clock in any case.
 */
export function runMessageDelivery(
  app: FastifyInstance,
  db: AppDb,
  now: () => Date,
  intervalMs = DELIVERY_INTERVAL_MS,
): MessageDelivery {
  return runPeriodically(app, 'scheduled message delivery', intervalMs, () => deliverDueMessages(db, now()));
}
