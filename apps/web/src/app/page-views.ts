import type { PageViewRequest } from '@trailpass/contract';
import { useEffect, useRef } from 'react';
import type { Params } from 'react-router';
import { sendPageView } from '../features/analytics/api/page-view';
import type { RouteName } from '../lib/routes';

function idParam(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

export function pageViewFor(route: RouteName, params: Params): PageViewRequest {
  return {
    route_name: route,
    product_id: idParam(params.productId),
    deal_id: idParam(params.dealId),
    venue_id: idParam(params.venueId),
  };
}

/**
 * Spec 2.1: each page change after the first sends a page-view event. The first page shown (after
 * any start-up redirect) is not reported.
 */
export function usePageViews(
  ready: boolean,
  route: RouteName | null,
  pathname: string,
  params: Params,
  send: (body: PageViewRequest) => unknown = sendPageView,
) {
  const lastPath = useRef<string | null>(null);
  const paramsRef = useRef(params);
  paramsRef.current = params;
  useEffect(() => {
    if (!ready || route === null) return;
    if (lastPath.current === null) {
      lastPath.current = pathname;
      return;
    }
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    send(pageViewFor(route, paramsRef.current));
  }, [ready, route, pathname, send]);
}
