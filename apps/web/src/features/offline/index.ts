/**
 * Public surface of the offline feature: the offline indicator, registering the service worker and keeping
 * the first visit's reads.
 */
export { keepFirstVisitWhenWorkerTakesControl } from './keep-first-visit';
export { OfflineIndicator } from './OfflineIndicator';
export { registerWorkerWhenIdle } from './register-worker';
export { useOnline } from './use-online';
