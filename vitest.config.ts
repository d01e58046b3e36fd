import { defineConfig } from 'vitest/config';

// One run over every workspace; each project keeps its own vitest.config.ts (environment, setup files).
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
  },
});
