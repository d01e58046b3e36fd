import { defineConfig } from 'vitest/config';
import { linguiCatalogues } from './src/build/lingui-catalogues';
import web from './vitest.config';
import { sharedProcessTests } from './vitest.shared';

// The web test files that test plain functions (vitest.shared.ts): the web project's test settings, with one
// jsdom window and process per worker for all of them (decision 0031). Without its plugins: these files
// render nothing, so neither React's transform nor the icons are needed; the catalogues, which they may
// read through the i18n module, are compiled as in the build.
const { test } = web;
if (!test) throw new Error('apps/web/vitest.config.ts has no test settings');
const setupFiles = typeof test.setupFiles === 'string' ? [test.setupFiles] : (test.setupFiles ?? []);

export default defineConfig({
  plugins: [linguiCatalogues()],
  test: {
    ...test,
    name: 'web-shared',
    include: sharedProcessTests,
    exclude: [],
    // One process shared by the files, as forks without isolation; the web project's VM contexts cannot
    // be shared.
    pool: 'forks',
    isolate: false,
    setupFiles: [...setupFiles, './vitest.setup.shared.ts'],
    unstubGlobals: true,
    unstubEnvs: true,
  },
});
