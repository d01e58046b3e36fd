/**
 * Where a replayer (a page, or the service worker on Background Sync) says that the server answered a
 * queued call; the pages then read the answers of their token (db.ts takeAnswers).
 */
export const QUEUE_CHANNEL_NAME = 'trailpass-offline-queue';

export interface AnsweredMessage {
  type: 'answered';
  keys: string[];
}

export function isAnsweredMessage(data: unknown): data is AnsweredMessage {
  return typeof data === 'object' && data !== null && 'type' in data && data.type === 'answered';
}

/** Tells the other pages and the worker (never throws: without BroadcastChannel they learn on start). */
export function announceAnswered(keys: string[]): void {
  if (keys.length === 0 || typeof BroadcastChannel === 'undefined') return;
  try {
    const channel = new BroadcastChannel(QUEUE_CHANNEL_NAME);
    channel.postMessage({ type: 'answered', keys } satisfies AnsweredMessage);
    channel.close();
  } catch {
    // Nothing to tell with.
  }
}
