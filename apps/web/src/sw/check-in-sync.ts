import { openQueueDb } from '../features/offline-queue/db';
import { replayQueue } from '../features/offline-queue/replay';
import { CHECK_IN_SYNC_TAG } from '../features/offline-queue/sync-tag';

export { CHECK_IN_SYNC_TAG };

/**
 * What this needs of the worker's global scope. ServiceWorkerGlobalScope fits it; it is spelled out so the
 * file also compiles without the WebWorker lib, and Background Sync's SyncEvent is in neither lib.
 */
export interface CheckInSyncScope {
  addEventListener(type: string, listener: (event: Event) => void): void;
  fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response>;
}

interface SyncEvent extends Event {
  readonly tag: string;
  waitUntil(promise: Promise<unknown>): void;
}

function isSyncEvent(event: Event): event is SyncEvent {
  return 'tag' in event && typeof event.tag === 'string' && 'waitUntil' in event;
}

/** One replay of the queue from the worker; rejects while calls still wait, so the browser tries again. */
export async function replayForSync(scope: CheckInSyncScope): Promise<void> {
  const db = await openQueueDb();
  try {
    const { kept } = await replayQueue(db, (input, init) => scope.fetch(input, init));
    // Background Sync fires the event again later (with its own back-off) when the promise rejects.
    if (kept > 0) throw new Error(`${kept} queued check-in(s) could not be sent yet.`);
  } finally {
    db.close();
  }
}

/**
 * Replays the offline check-in queue (features/offline-queue) when the browser fires Background Sync for
 * CHECK_IN_SYNC_TAG, which the page registers when it queues a call: the connection is back, even if no
 * page of the pass is open. Each call goes with its idempotency key, so a page replaying at the same time
 * does no harm; the answers are kept for the page and announced on the queue's BroadcastChannel.
 */
export function registerCheckInSync(scope: CheckInSyncScope): void {
  scope.addEventListener('sync', (event) => {
    if (isSyncEvent(event) && event.tag === CHECK_IN_SYNC_TAG) event.waitUntil(replayForSync(scope));
  });
}
