import { queryOptions } from '@tanstack/react-query';
import type { PageModule } from '@trailpass/contract';
import { afterFirstScreen } from '../../../lib/first-screen';
import { preloadModules, preloadModulesWhenIdle } from '../../modules/registry';
import { firstScreenTypes } from '../../modules/reveal';

/**
 * The code of the module types on a page's first screen, loaded side by side as soon as the modules are
 * known; the page waits for it, so its first screen appears in one piece rather than module by module
 * (each skeleton swap would shift what is on screen). The other types' code is asked for once the first
 * screen is there and the browser is idle (lib/first-screen.ts), and not waited for: the rest of the page
 * follows as it arrives (ModuleList). Asked for all at once, it took the connection from the first screen's
 * code and its hero picture (decision 0025); asked for as soon as the first screen's code was there, which
 * on a page sent with its answers is before the first screen has rendered, its forty-odd files and their
 * evaluation came before the hero's paint (decision 0026); asked for on `load`, it still came before the
 * hero's paint, as the app draws its page after `load` (decision 0028).
 */
export function moduleChunksQueryOptions(modules: readonly PageModule[]) {
  const first = firstScreenTypes(modules).sort();
  return queryOptions({
    queryKey: ['moduleChunks', first.join(',')] as const,
    queryFn: () =>
      preloadModules(first).then(() => {
        afterFirstScreen(() => void preloadModulesWhenIdle(modules.map((module) => module.type)));
        return true;
      }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
