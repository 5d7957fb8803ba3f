import { afterAll } from 'vitest';

import { closeSmtpCapture } from './accounts.js';
import { closeTestResources } from './build-app.js';

// Every test file gets its own database; close it (and drop it on
// PostgreSQL) together with any app the file left open.
afterAll(async () => {
  await closeTestResources();
  await closeSmtpCapture();
});
