/** The Background Sync tag under which the page asks the service worker to replay the queue. */
export const CHECK_IN_SYNC_TAG = 'trailpass-check-in-queue';
