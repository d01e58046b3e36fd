import { useSyncExternalStore } from 'react';
import type { QueuedAnswer, QueuedCall } from './db';

/**
 * What this page shows of the queue: its token's calls waiting for a connection, and the server's answers
 * to them that arrived while it was open (or before it opened). In memory; the queue itself is in
 * IndexedDB (page-queue.ts fills this in). Kept apart from IndexedDB code so a ticket can show it without
 * loading any.
 */
interface QueueState {
  waiting: ReadonlyMap<string, QueuedCall>;
  answers: ReadonlyMap<string, QueuedAnswer>;
}

let state: QueueState = { waiting: new Map(), answers: new Map() };
const listeners = new Set<() => void>();

function update(next: QueueState) {
  state = next;
  for (const listener of listeners) listener();
}

export function markWaiting(call: QueuedCall): void {
  if (state.waiting.has(call.key)) return;
  update({ ...state, waiting: new Map(state.waiting).set(call.key, call) });
}

/** The server answered: the call no longer waits, and its answer shows. */
export function markAnswered(answer: QueuedAnswer): void {
  const waiting = new Map(state.waiting);
  waiting.delete(answer.key);
  update({ waiting, answers: new Map(state.answers).set(answer.key, answer) });
}

/** An answer the holder has moved on from (a refusal, once the pad opens for another try). */
export function dismissAnswer(key: string): void {
  if (!state.answers.has(key)) return;
  const answers = new Map(state.answers);
  answers.delete(key);
  update({ ...state, answers });
}

/** Forgets everything (tests; a page of another token). */
export function resetQueueState(): void {
  update({ waiting: new Map(), answers: new Map() });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export interface QueuedFor {
  /** A call for one of these order products waiting for a connection (the oldest). */
  waiting: QueuedCall | null;
  /** The latest answer to a queued call for one of them. */
  answer: QueuedAnswer | null;
}

/** The queue as it concerns a ticket: its order products' waiting call and latest answer. */
export function useQueuedFor(orderProductIds: readonly number[]): QueuedFor {
  const current = useSyncExternalStore(subscribe, () => state);
  const concerns = (item: { target: { orderProductId: number } }) =>
    orderProductIds.includes(item.target.orderProductId);
  let waiting: QueuedCall | null = null;
  for (const call of current.waiting.values()) {
    if (concerns(call) && (!waiting || call.createdAt < waiting.createdAt)) waiting = call;
  }
  let answer: QueuedAnswer | null = null;
  for (const item of current.answers.values()) {
    if (concerns(item) && (!answer || item.answeredAt > answer.answeredAt)) answer = item;
  }
  return { waiting, answer };
}
