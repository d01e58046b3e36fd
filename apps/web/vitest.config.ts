import react from '@vitejs/plugin-react';
import Icons from 'unplugin-icons/vite';
import { defineConfig } from 'vitest/config';
import { iconOptions } from './src/build/icons';
import { linguiCatalogues } from './src/build/lingui-catalogues';
import { sharedProcessTests } from './vitest.shared';

// Each of these web test files runs in a process and a jsdom window of its own; the files that test plain
// functions share theirs, in the web-shared project (vitest.shared.config.ts, decision 0031).
export default defineConfig({
  plugins: [react(), Icons(iconOptions), linguiCatalogues()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: sharedProcessTests,
    css: false,
    restoreMocks: true,
    // Vitest's default of 5 s per test is what a page test with MUI's lazy dialogs takes on a 2-core machine
    // beside the journeys (the PIN pad's tests timed out at it): 20 s, as the heaviest files already set.
    testTimeout: 20_000,
    // Each file in a VM context of its own, in worker processes that load jsdom once (decision 0043):
    // isolated as before, without a new process and jsdom per file.
    pool: 'vmForks',
    // MUI through Vite's module runner, not Node's VM modules: two lazy imports of it at once (the PIN pad
    // and the theme) failed to link as VM modules (ERR_VM_MODULE_LINK_FAILURE).
    server: { deps: { inline: [/@mui\//] } },
  },
});
