import { defineConfig } from 'vitest/config';

// The console's plain logic (query mapping, error reading, form rules): functions without a DOM, so node.
export default defineConfig({
  test: {
    name: 'console',
    root: import.meta.dirname,
    environment: 'node',
    include: ['src/**/*.test.ts'],
    restoreMocks: true,
  },
});
