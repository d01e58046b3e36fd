import { announceAnswered } from './channel';
import { allCalls, type QueueDb, settleCall } from './db';
import { sendCall } from './send';

export interface ReplayResult {
  /** Keys of the calls the server answered that this replayer settled (they left the queue). */
  answered: string[];
  /** How many are still waiting (no connection, or the server could not answer now). */
  kept: number;
}

/**
 * Sends every waiting call once, oldest first, each with its own key; an answered one leaves the queue
 * with its answer kept for the page, and the pages are told. The page and the service worker may run this
 * at the same moment: both send the same key, the server acts once and answers both alike (or 409 "in
 * progress" to the second, which keeps it for later), and only the first to settle a call keeps its answer.
 */
export async function replayQueue(
  db: QueueDb,
  fetcher: typeof fetch,
  now: () => number = Date.now,
): Promise<ReplayResult> {
  const answered: string[] = [];
  let kept = 0;
  for (const call of await allCalls(db)) {
    const outcome = await sendCall(call, fetcher);
    if (outcome.kind === 'retry') {
      kept += 1;
      continue;
    }
    const settled = await settleCall(db, {
      key: call.key,
      token: call.token,
      target: call.target,
      status: outcome.status,
      body: outcome.body,
      answeredAt: now(),
    });
    if (settled) answered.push(call.key);
  }
  announceAnswered(answered);
  return { answered, kept };
}
