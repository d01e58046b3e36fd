import {
  IDEMPOTENCY_IN_PROGRESS_MESSAGE,
  IDEMPOTENCY_KEY_HEADER,
  type RedeemRequest,
} from '@trailpass/contract';
import { IDBFactory } from 'fake-indexeddb';
import type { QueuedCall } from './db';

/** A fresh, empty IndexedDB for each test (fake-indexeddb/auto has put its classes on the global). */
export function freshIndexedDb(): void {
  globalThis.indexedDB = new IDBFactory();
}

let counter = 0;

export function makeCall(overrides: Partial<QueuedCall> = {}): QueuedCall {
  counter += 1;
  const body: RedeemRequest = { partnerUserId: 1001, orderProductIds: [9306], pinNumber: '1357' };
  return {
    key: `key-${String(counter).padStart(4, '0')}-aaaaaaaaaaaaaaaa`,
    token: 'tok',
    path: '/partnerUser/1001/checkIn',
    url: '/pass/api/partnerUser/1001/checkIn?t=tok&dealId=201',
    body,
    target: { kind: 'holder', partnerUserId: 1001, orderProductId: 9306, checkIn: true },
    createdAt: Date.now() + counter,
    ...overrides,
  };
}

export interface FakeServerOptions {
  /** What the server decides for a first request of a key. */
  decide: (body: unknown) => { status: number; body: unknown };
  /** Holds the first answer of a key back until released (a slow server, a replay at the same moment). */
  hold?: boolean;
}

/**
 * A server that honours Idempotency-Key as the contract says: a repeated key gets the first answer (or 409
 * while the first is still being answered), and it acts once per key.
 */
export function fakeServer({ decide, hold = false }: FakeServerOptions) {
  const answers = new Map<string, { status: number; body: unknown }>();
  const inProgress = new Set<string>();
  const keysSent: string[] = [];
  let acted = 0;
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const fetcher = async (_input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const key = new Headers(init.headers).get(IDEMPOTENCY_KEY_HEADER) ?? '';
    keysSent.push(key);
    const json = (status: number, body: unknown, replayed = false) =>
      new Response(JSON.stringify(body), {
        status,
        headers: {
          'Content-Type': 'application/json',
          ...(replayed ? { 'Idempotent-Replayed': 'true' } : {}),
        },
      });
    const first = answers.get(key);
    if (first) return json(first.status, first.body, true);
    if (inProgress.has(key)) {
      return json(409, { error: { code: 'conflict', message: IDEMPOTENCY_IN_PROGRESS_MESSAGE } });
    }
    inProgress.add(key);
    if (hold) await released;
    acted += 1;
    const answer = decide(JSON.parse(String(init.body)));
    answers.set(key, answer);
    inProgress.delete(key);
    return json(answer.status, answer.body);
  };
  return {
    fetch: fetcher,
    keysSent,
    acted: () => acted,
    release: () => release(),
  };
}
