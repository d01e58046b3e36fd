import { queryOptions } from '@tanstack/react-query';
import type { PageModule } from '@trailpass/contract';
import { preloadModules } from '../../modules/registry';
import { firstScreenTypes } from '../../modules/reveal';

/**
 * The code of the module types on a page's first screen, loaded side by side as soon as the modules are
 * known; the page waits for it, so its first screen appears in one piece rather than module by module
 * (each skeleton swap would shift what is on screen). The other types' code is asked for at the same
 * time but not waited for: the rest of the page follows as it arrives (ModuleList).
 */
export function moduleChunksQueryOptions(modules: readonly PageModule[]) {
  const first = firstScreenTypes(modules).sort();
  return queryOptions({
    queryKey: ['moduleChunks', first.join(',')] as const,
    queryFn: () => {
      void preloadModules(modules.map((module) => module.type));
      return preloadModules(first).then(() => true);
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}
