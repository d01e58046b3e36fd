/**
 * Starts Trailpass (start.ts does the work). Run from the repository root: `npx tsx apps/server/src/server.ts`
 * (or `npm start`).
 *
 * keep-tick-object-maps.ts must run before the first full garbage collection, so it comes first and everything
 * else, packages included, loads after it through a dynamic import: a static import's packages would load
 * before any of this file's code.
 */
import './keep-tick-object-maps';

await import('./start');
