import { defineConfig } from 'vitest/config';

// Server tests: node environment, a fresh PGlite per test file (or a throwaway Postgres database when
// TEST_DATABASE_URL is set; see src/db/client.ts openTestDatabase). The global setup migrates one database
// per run, and every test database starts as a copy of it (decision 0024).
export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    // Starting PGlite and importing the demo takes a few seconds per file on a busy machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
