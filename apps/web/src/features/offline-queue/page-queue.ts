import { requestLanguage } from '../../i18n/language';
import { isAnsweredMessage, QUEUE_CHANNEL_NAME } from './channel';
import {
  addCall,
  callsOf,
  openQueueDb,
  type QueueDb,
  type QueuedAnswer,
  type QueuedCall,
  takeAnswers,
} from './db';
import { markAnswered, markWaiting } from './queue-state';
import { replayQueue } from './replay';
import { CHECK_IN_SYNC_TAG } from './sync-tag';

/** While calls still wait and the browser says it is online, the page tries again this often. */
export const RETRY_MS = 30_000;

let db: Promise<QueueDb> | null = null;

/** The page's one connection to the queue, opened on first use. */
function queueDb(): Promise<QueueDb> {
  db ??= openQueueDb().catch((error: unknown) => {
    db = null;
    throw error;
  });
  return db;
}

/** Closes the page's connection (a stopped queue; tests, between databases). */
export function closeQueueDb(): void {
  void db?.then((database) => database.close()).catch(() => undefined);
  db = null;
}

/** Asks the service worker to replay the queue when the connection returns (where Background Sync exists). */
async function requestBackgroundSync(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const sync = (registration as { sync?: { register(tag: string): Promise<void> } } | undefined)?.sync;
    await sync?.register(CHECK_IN_SYNC_TAG);
  } catch {
    // No worker or no permission: the page's online listener replays instead.
  }
}

/**
 * Stores a call made offline, shows it waiting, and asks for Background Sync. Rejects when it could not be
 * stored (no IndexedDB, storage full): the caller shows the ordinary failure then. The call keeps the
 * language the page asks the server in now (api-client's X-Pass-Language), for whoever replays it.
 */
export async function enqueueCall(call: QueuedCall): Promise<void> {
  const language = call.language ?? requestLanguage();
  const stored: QueuedCall = language ? { ...call, language } : call;
  await addCall(await queueDb(), stored);
  markWaiting(stored);
  void requestBackgroundSync();
}

export interface OfflineQueueOptions {
  /** The page's pass token: its waiting calls and answers are the ones shown. */
  token: string;
  /** Each answer to one of this token's calls, once: the caller updates what shows it. */
  onAnswer: (answer: QueuedAnswer) => void;
}

export interface OfflineQueue {
  /** Sends what waits (also run on start, on `online`, and while calls wait). */
  replay(): Promise<void>;
  stop(): void;
}

/**
 * The page side of the queue: shows this token's waiting calls (they survive a reload), delivers answers
 * that came while no page was open, replays on start and whenever the browser comes online, and learns
 * of the service worker's replays through the channel.
 */
export function startOfflineQueue({ token, onAnswer }: OfflineQueueOptions): OfflineQueue {
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const deliver = async (database: QueueDb) => {
    for (const answer of await takeAnswers(database, token)) {
      markAnswered(answer);
      try {
        onAnswer(answer);
      } catch (error) {
        console.warn('A queued check-in answer could not be shown', error);
      }
    }
  };

  const replayOnce = async () => {
    const database = await queueDb();
    const { kept } = await replayQueue(database, (input, init) => fetch(input, init));
    await deliver(database);
    clearTimeout(retry);
    if (kept > 0 && !stopped) retry = setTimeout(() => void replay(), RETRY_MS);
  };

  /** One replay at a time in this page; a request during one runs once more after it. */
  function replay(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await replayOnce();
        } while (again && !stopped);
      } catch (error) {
        // After stop() the connection is closed under a running replay: nothing to say then.
        if (!stopped) console.warn('Queued check-ins could not be sent', error);
      } finally {
        running = null;
      }
    })();
    return running;
  }

  const onOnline = () => void replay();
  window.addEventListener('online', onOnline);

  let channel: BroadcastChannel | null = null;
  if (typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(QUEUE_CHANNEL_NAME);
    channel.onmessage = (event: MessageEvent) => {
      if (isAnsweredMessage(event.data))
        void queueDb()
          .then(deliver)
          .catch(() => undefined);
    };
  }

  const started = (async () => {
    try {
      const database = await queueDb();
      for (const call of await callsOf(database, token)) markWaiting(call);
      await deliver(database);
    } catch (error) {
      console.warn('The offline check-in queue could not be read', error);
    }
  })();
  void started.then(() => replay());

  return {
    replay: () => started.then(() => replay()),
    stop() {
      stopped = true;
      clearTimeout(retry);
      window.removeEventListener('online', onOnline);
      channel?.close();
      closeQueueDb();
    },
  };
}
