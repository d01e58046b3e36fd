import react from '@vitejs/plugin-react';
import Icons from 'unplugin-icons/vite';
import { defineConfig } from 'vitest/config';
import { iconOptions } from './src/build/icons';
import { sharedProcessTests } from './vitest.shared';

// Each of these web test files runs in a process and a jsdom window of its own; the files that test plain
// functions share theirs, in the web-shared project (vitest.shared.config.ts, decision 0031).
export default defineConfig({
  plugins: [react(), Icons(iconOptions)],
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: sharedProcessTests,
    css: false,
    restoreMocks: true,
  },
});
