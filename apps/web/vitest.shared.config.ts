import { defineConfig } from 'vitest/config';
import { sharedProcessTests } from './vitest.shared';

// The web test files that test plain functions (vitest.shared.ts): one jsdom window and process per worker
// for all of them (decision 0031). They render nothing, so neither React nor MUI's plugins are needed.
export default defineConfig({
  test: {
    name: 'web-shared',
    root: import.meta.dirname,
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts', './vitest.setup.shared.ts'],
    include: sharedProcessTests,
    isolate: false,
    css: false,
    restoreMocks: true,
    unstubGlobals: true,
    unstubEnvs: true,
  },
});
