import react from '@vitejs/plugin-react';
import Icons from 'unplugin-icons/vite';
import { defineConfig } from 'vitest/config';
import { iconOptions } from './src/build/icons';

export default defineConfig({
  plugins: [react(), Icons(iconOptions)],
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
  },
});
