import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One run over every workspace; each project keeps its own vitest.config.ts (environment, setup files).
export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'apps/server',
      'apps/web',
      'apps/web/vitest.shared.config.ts',
      // The partner console's plain logic (issue 30): query mapping, error reading, form rules.
      'apps/console',
      // The scripts behind npm start and npm test (Node version check, steps).
      { test: { name: 'scripts', environment: 'node', include: ['scripts/test/**/*.test.mjs'] } },
    ],
    // Vitest's default is one worker less than the cores: ONE test file at a time on a 2-core CI machine,
    // while the main process sits mostly idle after transforming. Each file still runs isolated in a
    // process of its own; two at a time keeps both cores busy (decision 0024).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
