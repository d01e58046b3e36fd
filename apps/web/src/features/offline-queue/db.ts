import type { PassLanguage, RedeemRequest } from '@trailpass/contract';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/**
 * The offline check-in queue in IndexedDB, shared by the page and the service worker (which replays it on
 * Background Sync). No DOM-only API here: the worker compiles and runs this too.
 */
export const QUEUE_DB_NAME = 'trailpass-offline-queue';
const QUEUE_DB_VERSION = 1;

/** What a queued call acts on: a holder's order product, redeemed or checked in (redeem's RedeemTarget). */
export interface QueuedTarget {
  kind: 'holder';
  partnerUserId: number;
  orderProductId: number;
  checkIn: boolean;
}

/** One redeem or check-in made offline, waiting to be sent. */
export interface QueuedCall {
  /** The attempt's Idempotency-Key: every send of this attempt carries it, so the server acts once. */
  key: string;
  /** The pass token it was made with (the queue holds every token's calls; each page shows its own). */
  token: string;
  /** The API path (`/partnerUser/1001/checkIn`), for reading. */
  path: string;
  /** The whole URL to send to, as the page built it (`/pass/api/...?t=...&dealId=...`). */
  url: string;
  body: RedeemRequest;
  target: QueuedTarget;
  /** Epoch milliseconds when it was made. */
  createdAt: number;
  /**
   * The holder's language when it was made (X-Pass-Language, issue 32), so that the answer's messages (a
   * refusal) come in it whoever replays it; absent, the server takes the holder's saved language.
   */
  language?: PassLanguage;
}

/** The server's answer to a queued call (its decision: success or refusal), kept until a page shows it. */
export interface QueuedAnswer {
  key: string;
  token: string;
  target: QueuedTarget;
  status: number;
  /** The parsed JSON answer, or null when it was not JSON. */
  body: unknown;
  answeredAt: number;
}

interface QueueSchema extends DBSchema {
  calls: { key: string; value: QueuedCall; indexes: { token: string } };
  answers: { key: string; value: QueuedAnswer; indexes: { token: string } };
}

export type QueueDb = IDBPDatabase<QueueSchema>;

export function openQueueDb(): Promise<QueueDb> {
  return openDB<QueueSchema>(QUEUE_DB_NAME, QUEUE_DB_VERSION, {
    upgrade(db) {
      db.createObjectStore('calls', { keyPath: 'key' }).createIndex('token', 'token');
      db.createObjectStore('answers', { keyPath: 'key' }).createIndex('token', 'token');
    },
  });
}

export function addCall(db: QueueDb, call: QueuedCall): Promise<string> {
  return db.put('calls', call);
}

/** Every waiting call, oldest first (sent in the order they were made). */
export async function allCalls(db: QueueDb): Promise<QueuedCall[]> {
  const calls = await db.getAll('calls');
  return calls.sort((a, b) => a.createdAt - b.createdAt);
}

export function callsOf(db: QueueDb, token: string): Promise<QueuedCall[]> {
  return db.getAllFromIndex('calls', 'token', token);
}

/**
 * The server answered: the call leaves the queue and its answer is kept, in one transaction. Only the first
 * replayer to settle a call keeps its answer (false for the others), so a page shows each answer once.
 */
export async function settleCall(db: QueueDb, answer: QueuedAnswer): Promise<boolean> {
  const tx = db.transaction(['calls', 'answers'], 'readwrite');
  const calls = tx.objectStore('calls');
  const waiting = (await calls.getKey(answer.key)) !== undefined;
  if (waiting) {
    await calls.delete(answer.key);
    await tx.objectStore('answers').put(answer);
  }
  await tx.done;
  return waiting;
}

/**
 * Takes this token's answers out (each is read by one page only, once, even with two tabs or two
 * notifications of the same answer).
 */
export async function takeAnswers(db: QueueDb, token: string): Promise<QueuedAnswer[]> {
  const tx = db.transaction('answers', 'readwrite');
  const index = tx.store.index('token');
  const answers = await index.getAll(token);
  await Promise.all([...answers.map((answer) => tx.store.delete(answer.key)), tx.done]);
  return answers;
}
