/** Public surface of the messages feature; other features and the shell import from here only. */
export {
  fetchUnreadCount,
  unreadCountQueryKey,
  unreadCountQueryOptions,
  useRefetchUnreadCountOnRouteChange,
  useUnreadCount,
} from './api/unread-count';
