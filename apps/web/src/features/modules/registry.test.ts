import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  forgetLoadedModulesForTests,
  loadedModule,
  moduleLoaders,
  preloadModules,
  preloadModulesWhenIdle,
} from './registry';

afterEach(() => {
  forgetLoadedModulesForTests();
  vi.unstubAllGlobals();
});

/** requestIdleCallback that runs nothing until told to. */
function heldIdleCallbacks() {
  const waiting: (() => void)[] = [];
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => waiting.push(callback));
  vi.stubGlobal('cancelIdleCallback', () => {});
  return {
    waiting: () => waiting.length,
    runOne: async () => {
      waiting.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

describe('preloadModulesWhenIdle', () => {
  it('asks for one module type at each idle moment, skipping unknown types and loaded ones', async () => {
    await preloadModules(['Greeting']);
    const idle = heldIdleCallbacks();
    const audio = vi.spyOn(moduleLoaders, 'Audio');
    const video = vi.spyOn(moduleLoaders, 'Video');
    const greeting = vi.spyOn(moduleLoaders, 'Greeting');

    const done = preloadModulesWhenIdle(['Audio', 'NoSuchType', null, 'Greeting', 'Video', 'Audio']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(audio).not.toHaveBeenCalled();

    await idle.runOne();
    expect(audio).toHaveBeenCalledTimes(1);
    expect(video).not.toHaveBeenCalled();
    expect(idle.waiting()).toBe(1);

    await idle.runOne();
    await done;
    expect(video).toHaveBeenCalledTimes(1);
    expect(greeting).not.toHaveBeenCalled();
    expect(loadedModule('Audio')).toBeDefined();
    expect(loadedModule('Video')).toBeDefined();
  });

  it('never rejects, also when a chunk fails to load', async () => {
    const idle = heldIdleCallbacks();
    vi.spyOn(moduleLoaders, 'Audio').mockRejectedValue(new Error('offline'));
    const done = preloadModulesWhenIdle(['Audio']);
    await idle.runOne();
    await expect(done).resolves.toBeUndefined();
    expect(loadedModule('Audio')).toBeUndefined();
  });
});
