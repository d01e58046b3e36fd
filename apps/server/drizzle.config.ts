import { defineConfig } from 'drizzle-kit';

// `npm run db:generate --workspace apps/server` writes a new migration after a schema change.
// Migrations are committed and run unchanged on PGlite and Postgres 15+ (see src/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
  strict: true,
  verbose: true,
});
