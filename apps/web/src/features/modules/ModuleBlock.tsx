import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useRef } from 'react';
import { cx } from '../../components/ui';
import { modulesFadeOn } from '../../lib/scroll-fade';
import { ModuleErrorBoundary } from './components/ModuleErrorBoundary';
import { ModuleFade } from './components/ModuleFade';
import { BELOW_FIRST_SCREEN_CLASS, MODULE_BLOCK_CLASS } from './components/ModuleLayout';
import { ModuleSkeleton } from './components/ModuleSkeleton';
import { useModuleContext } from './context';
import type { RenderableModule } from './grouping';
import { forgetLoadedModulesForTests, type KnownModuleType, loadedModule, loadModule } from './registry';
import { type ModuleProps, moduleLabel } from './types';

type LazyModule = LazyExoticComponent<ComponentType<ModuleProps>>;

/**
 * One lazy component per module type for the whole app, so a type's chunk is requested once and every
 * module of that type (on any page) shares it. A chunk that failed is forgotten, so a module mounted
 * later tries again instead of failing from the cache.
 */
const lazyModules = new Map<KnownModuleType, LazyModule>();

function lazyModule(type: KnownModuleType): LazyModule {
  let component = lazyModules.get(type);
  if (!component) {
    component = lazy(() =>
      loadModule(type).catch((error: unknown) => {
        lazyModules.delete(type);
        throw error;
      }),
    );
    lazyModules.set(type, component);
  }
  return component;
}

/** Tests: start with no loaded module types. */
export function forgetModuleComponentsForTests(): void {
  lazyModules.clear();
  forgetLoadedModulesForTests();
}

/** The ImageShowcase is full-bleed, fades itself and may stick under the top bar; it owns its own box. */
const SELF_LAID_OUT = new Set<KnownModuleType>(['ImageShowcase']);

/**
 * One module of a page: its type's chunk (lazy, with a skeleton of about its height while it loads), its
 * own error boundary, and its box. The box is a section named by the module's label. On Deal and Venue
 * pages the module fades as it slides under the top bar (spec 2.4; the reading is in ModuleFade).
 */
export function ModuleBlock({
  module,
  belowFirstScreen = false,
}: {
  module: RenderableModule;
  /** A block after the first screen's (ModuleList): drawn only once it comes near the screen. */
  belowFirstScreen?: boolean;
}) {
  const { page } = useModuleContext();
  const ref = useRef<HTMLElement>(null);
  // A preloaded type renders at once; only one whose chunk has not arrived yet suspends behind a skeleton.
  const Loaded = loadedModule(module.type);
  const Module = Loaded ?? lazyModule(module.type);
  const content = (
    <ModuleErrorBoundary module={module}>
      {Loaded ? (
        <Module module={module} />
      ) : (
        <Suspense fallback={<ModuleSkeleton type={module.type} />}>
          <Module module={module} />
        </Suspense>
      )}
    </ModuleErrorBoundary>
  );

  if (SELF_LAID_OUT.has(module.type)) {
    // No box of its own: a sticky showcase can only stick within its parent, which must be the whole
    // module list rather than a box of its own height. The showcase's root is its section.
    return (
      <div data-module-id={module.id} data-module-type={module.type} className="tp-mod-contents">
        {content}
      </div>
    );
  }

  const label = moduleLabel(module);
  return (
    // A module with nothing to show renders nothing: its box goes too (:empty in modules.css), leaving no gap.
    <section
      ref={ref}
      aria-label={label ?? undefined}
      data-module-id={module.id}
      data-module-type={module.type}
      className={cx(MODULE_BLOCK_CLASS, belowFirstScreen && BELOW_FIRST_SCREEN_CLASS)}
    >
      {content}
      {modulesFadeOn(page) && <ModuleFade target={ref} rate="module" baseOpacity={module.opacity} />}
    </section>
  );
}
