/** Public surface of the points feature: the holder's current points, and the predicate to refresh them. */
export {
  isPointsQuery,
  POINTS_CURRENT_ROOT,
  type PointsRef,
  pointsCurrentQueryOptions,
  usePointsCurrent,
} from './api/points-current';
