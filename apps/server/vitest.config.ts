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
    setupFiles: ['./test/one-query-per-client.ts'],
    isolate: false,
    // A worker's first test database (the template unpacked, PGlite started) and the demo's import take
    // about 4 s alone, and several times that beside the journeys on a busy 2-core machine: 30 s was passed
    // there by tests that take 5 s alone. A test that hangs still fails.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
