/**
 * The assignment a module page shows, from its route, params and query: the contract's rule (page-reads.ts),
 * which the page, the prefetch that runs before it (prefetch.ts) and the server that embeds the page's first
 * answers (decision 0026) all follow, so they ask for exactly the same thing.
 */
export { type AppRouteParams as RouteParams, pageAssignmentRequest } from '@trailpass/contract';
