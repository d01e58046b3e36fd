import type { RouteName } from '@trailpass/contract';

/**
 * Pages shown without the MUI shell: plain HTML styled by index.html (decision 0025). The build reads it
 * too: these pages get no preload hints for the shell (src/build/route-preloads.ts).
 */
export const PLAIN_ROUTES: ReadonlySet<RouteName> = new Set(['Login']);
