import type { UIMatch } from 'react-router';
import type { RouteName } from '../lib/routes';

/** Carried by every named route (spec 2.1). */
export interface RouteHandle {
  name: RouteName;
  transition?: 'slide-right';
}

export function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'name' in handle && typeof handle.name === 'string';
}

/** The deepest named route of the current matches. */
export function currentHandle(matches: readonly UIMatch[]): { handle: RouteHandle; match: UIMatch } | null {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const match = matches[i];
    if (match && isRouteHandle(match.handle)) return { handle: match.handle, match };
  }
  return null;
}
