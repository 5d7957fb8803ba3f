// tsc compiles only TypeScript; the server reads its SQL migrations next to
// db/client.js at run time, so the build copies them into dist as well.
import { cp, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const from = fileURLToPath(new URL('../src/db/migrations', import.meta.url));
const to = fileURLToPath(new URL('../dist/db/migrations', import.meta.url));

// Start clean, so a migration deleted from src never lingers in dist.
await rm(to, { recursive: true, force: true });
await cp(from, to, { recursive: true });
console.log(`Copied migrations to ${to}`);
