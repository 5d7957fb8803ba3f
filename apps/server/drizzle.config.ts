import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @platewise/server -- --name <what-changed>` writes
// a new SQL migration from the schema; the server applies it at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/*.ts',
  out: './src/db/migrations',
  strict: true,
});
