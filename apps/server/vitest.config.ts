import { defineConfig } from 'vitest/config';

// Server tests: node environment, a fresh PGlite per test file (or a throwaway Postgres database when
// TEST_DATABASE_URL is set; see src/db/client.ts openTestDatabase).
export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Starting PGlite and migrating takes a few seconds per file.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
