/** Public surface of the offline feature: the offline indicator, and keeping the first visit's reads. */
export { refetchWhenWorkerTakesControl } from './keep-first-visit';
export { OFFLINE_TEXT, OfflineIndicator } from './OfflineIndicator';
export { useOnline } from './use-online';
