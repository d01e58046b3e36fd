import type { DataResponse } from '@trailpass/contract';
import { useLocation, useParams } from 'react-router';
import type { RouteName } from '../../../lib/routes';
import type { AssignmentRequest } from '../api/assignment';
import { pageAssignmentRequest } from '../api/page-request';

/** The assignment this page shows, from its route (the same request its route's prefetch made). */
export function usePageRequest(route: RouteName, data: DataResponse | undefined): AssignmentRequest | null {
  const params = useParams();
  const { search } = useLocation();
  return data ? pageAssignmentRequest(route, params, search, data) : null;
}
