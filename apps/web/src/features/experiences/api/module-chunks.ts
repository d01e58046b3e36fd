import { queryOptions } from '@tanstack/react-query';
import type { PageModule } from '@trailpass/contract';
import { preloadModules } from '../../modules/registry';
import { firstScreenTypes } from '../../modules/reveal';

/**
 * The code of the module types on a page's first screen, loaded side by side as soon as the modules are
 * known; the page waits for it, so its first screen appears in one piece rather than module by module
 * (each skeleton swap would shift what is on screen). The other types' code is asked for once the first
 * screen's has arrived, and not waited for: the rest of the page follows as it arrives (ModuleList). Asked
 * for all at once, it took the connection from the first screen's code and its hero picture (decision 0025).
 */
export function moduleChunksQueryOptions(modules: readonly PageModule[]) {
  const first = firstScreenTypes(modules).sort();
  return queryOptions({
    queryKey: ['moduleChunks', first.join(',')] as const,
    queryFn: () =>
      preloadModules(first).then(() => {
        void preloadModules(modules.map((module) => module.type));
        return true;
      }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
