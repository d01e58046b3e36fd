/**
 * The offline check-in queue (issue 9): a holder's redeem or check-in made without a connection is kept
 * in IndexedDB with its idempotency key and sent when the connection returns, by the page (on start, on
 * `online`) and by the service worker (Background Sync, src/sw/check-in-sync.ts). The server decides as
 * for a live call and acts once per key. Only the in-memory state is here; page-queue.ts (IndexedDB) loads
 * lazily.
 */
export type { QueuedAnswer, QueuedCall, QueuedTarget } from './db';
export type { OfflineQueue } from './page-queue';
export { dismissAnswer, type QueuedFor, useQueuedFor } from './queue-state';

/** The IndexedDB side (enqueueCall, startOfflineQueue), in a chunk of its own. */
export const loadPageQueue = () => import('./page-queue');
