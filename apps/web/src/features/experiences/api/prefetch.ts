import type { QueryClient } from '@tanstack/react-query';
import { type AssignmentResponse, heroImageUrl } from '@trailpass/contract';
import { preloadImage } from '../../../lib/preload-image';
import type { RouteName } from '../../../lib/routes';
import { getToken } from '../../../lib/session';
import { dataQueryOptions } from '../../app-data';
import { pageModules } from '../components/default-modules';
import { assignmentAudience, assignmentQueryOptions } from './assignment';
import { moduleChunksQueryOptions } from './module-chunks';
import { pageAssignmentRequest, type RouteParams } from './page-request';

/**
 * Asks for the first picture of a showcase at the top of the page as soon as the modules are known, with
 * high priority, while the module code is still loading: otherwise it is only requested once that code
 * has run and rendered, and the page's largest paint waits for two round trips in a row. On a page the
 * server sent with its answers, its HTML asks for it already (decision 0026), and preloadImage sees that.
 */
function preloadHeroImage(assignment: AssignmentResponse): void {
  const url = heroImageUrl(assignment);
  if (url) preloadImage(url);
}

/**
 * Starts what a module page needs before its own code has arrived: the initial data, then the page's
 * assignment, then its module types' code, each as soon as the one before answers. Run from the route's
 * loader without waiting, it turns a chain of requests behind the page chunk into one beside it. The page
 * reads the same queries, so nothing is fetched twice; errors are left for the page to show.
 */
export function prefetchModulePage(
  client: QueryClient,
  route: RouteName,
  params: RouteParams,
  url: string,
): void {
  const { search } = new URL(url);
  const token = getToken(search);
  if (!token) return;
  void client
    .ensureQueryData(dataQueryOptions(token))
    .then(async (data) => {
      const request = pageAssignmentRequest(route, params, search, data);
      const audience = assignmentAudience(data);
      if (!request || !audience) return;
      const assignment = await client.ensureQueryData(
        assignmentQueryOptions(audience, request, token, search),
      );
      preloadHeroImage(assignment);
      await client.prefetchQuery(moduleChunksQueryOptions(pageModules(assignment, request.type)));
    })
    .catch(() => {});
}
