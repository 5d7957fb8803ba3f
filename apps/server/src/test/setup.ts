import { afterAll, inject } from 'vitest';

import { closeSmtpCapture } from './accounts.js';
import { serverTemplates } from './black-box.js';
import { closeTestResources } from './build-app.js';

// Spawned servers start from the migrated databases of global-setup.ts.
serverTemplates.pgliteDataDir = inject('pgliteServerTemplate') || undefined;
serverTemplates.postgres = inject('postgresTemplate') || undefined;

// Every test file gets its own database; close it (and drop it on
// PostgreSQL) together with any app the file left open.
afterAll(async () => {
  await closeTestResources();
  await closeSmtpCapture();
});
