import { beforeAll } from 'vitest';

/**
 * Loads the dialogs a test file opens lazily before its tests. A file's first import of a chunk evaluates it
 * in the file's own VM context (decision 0043), and on a busy 2-core CI machine that once took over 5 s (the
 * order page's shipping dialog): loading time, which these tests do not check. The page's own lazy import
 * then finds the module loaded, and each test's wait is for what it checks.
 */
export function preloadLazyModules(...loaders: Array<() => Promise<unknown>>): void {
  beforeAll(() => Promise.all(loaders.map((load) => load())), 60_000);
}
