import { defineConfig } from 'vitest/config';

// Server tests: node environment, a fresh PGlite per test file (or a throwaway Postgres database when
// TEST_DATABASE_URL is set; see src/db/client.ts openTestDatabase). The global setup migrates one database
// per run, and every test database starts as a copy of it (decision 0024). The files of a worker share its
// process (`isolate: false`, decision 0031): the server keeps no state outside the app and database a test
// makes, and loading Fastify, Drizzle and PGlite's WebAssembly once per worker instead of once per file
// halves the pass.
export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    isolate: false,
    // Starting PGlite and importing the demo takes a few seconds per file on a busy machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
