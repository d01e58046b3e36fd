import 'fake-indexeddb/auto';
import {
  IDEMPOTENCY_IN_PROGRESS_MESSAGE,
  IDEMPOTENCY_KEY_HEADER,
  LANGUAGE_HEADER,
} from '@trailpass/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECK_IN_SYNC_TAG, registerCheckInSync } from '../../sw/check-in-sync';
import { mockApi } from '../../test/api-mock';
import { addCall, allCalls, openQueueDb, type QueueDb, type QueuedAnswer, takeAnswers } from './db';
import { closeQueueDb, enqueueCall, type OfflineQueue, startOfflineQueue } from './page-queue';
import { resetQueueState } from './queue-state';
import { replayQueue } from './replay';
import { sendCall } from './send';
import { fakeServer, freshIndexedDb, makeCall } from './test-helpers';

const OK_BODY = { order_products: [], order_deals: [], order_items: [], points_earned: 50, errors: [] };
const WRONG_PIN = {
  error: { code: 'unprocessable', message: 'That code is not correct. Please try again.' },
  errors: ['That code is not correct. Please try again.'],
};

let db: QueueDb;
let queue: OfflineQueue | null = null;

beforeEach(async () => {
  freshIndexedDb();
  resetQueueState();
  db = await openQueueDb();
});

afterEach(() => {
  queue?.stop();
  queue = null;
  closeQueueDb();
  db.close();
});

function offlineFetch() {
  return vi.fn(async () => {
    throw new TypeError('Failed to fetch');
  });
}

describe('the offline check-in queue', () => {
  it('keeps a call made offline, and asks the service worker for Background Sync', async () => {
    const register = vi.fn(async () => {});
    vi.stubGlobal('navigator', {
      ...navigator,
      serviceWorker: { getRegistration: async () => ({ sync: { register } }) },
    });
    const call = makeCall();
    await enqueueCall(call);
    expect(await allCalls(db)).toEqual([call]);
    await vi.waitFor(() => expect(register).toHaveBeenCalledWith(CHECK_IN_SYNC_TAG));
    vi.unstubAllGlobals();
  });

  it('is replayed once when the browser comes online, with its key, and leaves the queue', async () => {
    const fetchMock = offlineFetch();
    vi.stubGlobal('fetch', fetchMock);
    const call = makeCall();
    await addCall(db, call);
    const answers: QueuedAnswer[] = [];
    queue = startOfflineQueue({ token: 'tok', onAnswer: (answer) => answers.push(answer) });
    // Tried on start: still offline, so it stays.
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await queue.replay();
    expect(await allCalls(db)).toHaveLength(1);

    const { calls } = mockApi({ 'POST /partnerUser/1001/checkIn': () => ({ status: 200, body: OK_BODY }) });
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.get(IDEMPOTENCY_KEY_HEADER)).toBe(call.key);
    expect(calls[0]?.headers.get('X-Pass-Token')).toBe('tok');
    expect(calls[0]?.url.search).toBe('?t=tok&dealId=201');
    expect(calls[0]?.body).toEqual(call.body);
    expect(answers[0]).toMatchObject({ key: call.key, status: 200, body: OK_BODY, target: call.target });
    expect(await allCalls(db)).toEqual([]);

    // Online again, or another replay: nothing is sent twice.
    window.dispatchEvent(new Event('online'));
    await queue.replay();
    expect(calls).toHaveLength(1);
    expect(answers).toHaveLength(1);
  });

  it('sends one attempt with the same key from two replayers at once; the server acts once', async () => {
    const server = fakeServer({ decide: () => ({ status: 200, body: OK_BODY }), hold: true });
    const call = makeCall();
    await addCall(db, call);
    const page = replayQueue(db, server.fetch);
    const worker = replayQueue(db, server.fetch);
    await vi.waitFor(() => expect(server.keysSent).toHaveLength(2));
    server.release();
    const [fromPage, fromWorker] = await Promise.all([page, worker]);

    expect(server.keysSent).toEqual([call.key, call.key]);
    expect(server.acted()).toBe(1);
    // The second got "in progress" and kept it for later; the first settled it.
    expect(fromPage).toEqual({ answered: [call.key], kept: 0 });
    expect(fromWorker).toEqual({ answered: [], kept: 1 });
    expect(await allCalls(db)).toEqual([]);

    // A later try of the one that was told to wait finds nothing left to send.
    expect(await replayQueue(db, server.fetch)).toEqual({ answered: [], kept: 0 });
    expect(await takeAnswers(db, 'tok')).toHaveLength(1);
  });

  it('keeps one answer when both replayers are answered (the repeat gets the first answer)', async () => {
    const server = fakeServer({ decide: () => ({ status: 200, body: OK_BODY }) });
    const call = makeCall();
    await addCall(db, call);
    const results = await Promise.all([replayQueue(db, server.fetch), replayQueue(db, server.fetch)]);
    expect(server.keysSent).toEqual([call.key, call.key]);
    expect(server.acted()).toBe(1);
    expect(results.flatMap((result) => result.answered)).toEqual([call.key]);
    const answers = await takeAnswers(db, 'tok');
    expect(answers).toHaveLength(1);
    expect(await takeAnswers(db, 'tok')).toEqual([]);
  });

  it('a refusal (422, a wrong code) removes the call and reaches the page as the answer', async () => {
    mockApi({ 'POST /partnerUser/1001/checkIn': () => ({ status: 422, body: WRONG_PIN }) });
    const call = makeCall();
    await addCall(db, call);
    const answers: QueuedAnswer[] = [];
    queue = startOfflineQueue({ token: 'tok', onAnswer: (answer) => answers.push(answer) });
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    expect(answers[0]).toMatchObject({ key: call.key, status: 422, body: WRONG_PIN });
    expect(await allCalls(db)).toEqual([]);
  });

  it('keeps the call on a network error, a 5xx, a 429 and a 409 "in progress"; sends it later', async () => {
    const call = makeCall();
    await addCall(db, call);
    expect(await replayQueue(db, offlineFetch())).toEqual({ answered: [], kept: 1 });
    for (const [status, body] of [
      [503, null],
      [429, { error: { code: 'rate_limited', message: 'Too many requests' } }],
      [409, { error: { code: 'conflict', message: IDEMPOTENCY_IN_PROGRESS_MESSAGE } }],
    ] as const) {
      mockApi({ 'POST /partnerUser/1001/checkIn': () => ({ status, body: body ?? undefined }) });
      expect(await replayQueue(db, (input, init) => fetch(input, init))).toEqual({ answered: [], kept: 1 });
    }
    expect(await allCalls(db)).toEqual([call]);
    mockApi({ 'POST /partnerUser/1001/checkIn': () => ({ status: 200, body: OK_BODY }) });
    expect(await replayQueue(db, (input, init) => fetch(input, init))).toEqual({
      answered: [call.key],
      kept: 0,
    });
  });

  it('takes a 409 that is a decision (already redeemed) as the answer', async () => {
    await addCall(db, makeCall());
    mockApi({
      'POST /partnerUser/1001/checkIn': () => ({
        status: 409,
        body: { error: { code: 'conflict', message: 'This has already been redeemed.' } },
      }),
    });
    expect((await replayQueue(db, (input, init) => fetch(input, init))).kept).toBe(0);
    expect((await takeAnswers(db, 'tok'))[0]?.status).toBe(409);
  });

  it('sends every token’s calls, oldest first; a page takes only its own token’s answers', async () => {
    const server = fakeServer({ decide: () => ({ status: 200, body: OK_BODY }) });
    const later = makeCall({ token: 'other', url: '/pass/api/partnerUser/1001/checkIn?t=other' });
    const earlier = makeCall({ createdAt: later.createdAt - 1000 });
    await addCall(db, later);
    await addCall(db, earlier);
    await replayQueue(db, server.fetch);
    expect(server.keysSent).toEqual([earlier.key, later.key]);
    expect((await takeAnswers(db, 'tok')).map((answer) => answer.key)).toEqual([earlier.key]);
    expect((await takeAnswers(db, 'other')).map((answer) => answer.key)).toEqual([later.key]);
  });

  it('the service worker replays it on Background Sync, and the open page learns the answer', async () => {
    const call = makeCall();
    await addCall(db, call);
    const answers: QueuedAnswer[] = [];
    // The page starts offline: its own try keeps the call.
    vi.stubGlobal('fetch', offlineFetch());
    queue = startOfflineQueue({ token: 'tok', onAnswer: (answer) => answers.push(answer) });
    await queue.replay();
    expect(answers).toEqual([]);

    const server = fakeServer({ decide: () => ({ status: 200, body: OK_BODY }) });
    const worker = Object.assign(new EventTarget(), { fetch: server.fetch });
    registerCheckInSync(worker);
    let done: Promise<unknown> = Promise.resolve();
    const sync = Object.assign(new Event('sync'), {
      tag: CHECK_IN_SYNC_TAG,
      waitUntil: (promise: Promise<unknown>) => {
        done = promise;
      },
    });
    worker.dispatchEvent(sync);
    await done;
    expect(server.keysSent).toEqual([call.key]);
    // Told over the BroadcastChannel, the page takes the answer.
    await vi.waitFor(() => expect(answers.map((answer) => answer.key)).toEqual([call.key]));
  });

  it('a Background Sync that could not send everything fails, so the browser fires it again', async () => {
    await addCall(db, makeCall());
    const worker = Object.assign(new EventTarget(), { fetch: offlineFetch() });
    registerCheckInSync(worker);
    let done: Promise<unknown> = Promise.resolve();
    worker.dispatchEvent(
      Object.assign(new Event('sync'), {
        tag: CHECK_IN_SYNC_TAG,
        waitUntil: (promise: Promise<unknown>) => {
          done = promise;
        },
      }),
    );
    await expect(done).rejects.toThrow(/could not be sent yet/);
    // Another tag is not ours.
    let other: Promise<unknown> | null = null;
    worker.dispatchEvent(
      Object.assign(new Event('sync'), {
        tag: 'something-else',
        waitUntil: (promise: Promise<unknown>) => {
          other = promise;
        },
      }),
    );
    expect(other).toBeNull();
  });

  it('sends the language the call was made in (issue 32), and none when it kept none', async () => {
    const fetcher = vi.fn(
      async (_url: RequestInfo | URL, _init?: RequestInit) => new Response(null, { status: 204 }),
    );
    await sendCall(makeCall({ language: 'fr' }), fetcher);
    await sendCall(makeCall(), fetcher);
    const headers = fetcher.mock.calls.map(([, init]) => new Headers(init?.headers));
    expect(headers[0]?.get(LANGUAGE_HEADER)).toBe('fr');
    expect(headers[1]?.has(LANGUAGE_HEADER)).toBe(false);
  });
});
