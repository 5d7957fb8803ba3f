import type { Health, Ready } from '@platewise/shared';

import type { DatabaseHandle } from '../../db/client.js';
import type { Lifecycle } from '../../lifecycle.js';

export interface HealthServiceDeps {
  database: Pick<DatabaseHandle, 'ping'>;
  lifecycle: Pick<Lifecycle, 'shuttingDown'>;
  /** Seconds since the process started; injectable for tests. */
  uptime?: () => number;
}

export interface HealthService {
  /** Liveness: answers without touching the database. */
  health(): Health;
  /** Readiness: the database answers `SELECT 1` in time and we are not stopping. */
  readiness(): Promise<Ready>;
}

export function createHealthService({
  database,
  lifecycle,
  uptime = () => process.uptime(),
}: HealthServiceDeps): HealthService {
  return {
    health: () => ({ status: 'ok', uptimeSeconds: Math.floor(uptime()) }),
    async readiness() {
      // While shutting down the database is still up (requests in flight use
      // it), but new traffic must go elsewhere.
      const databaseUp = await database.ping();
      return {
        status: databaseUp && !lifecycle.shuttingDown ? 'ready' : 'unavailable',
        database: databaseUp ? 'up' : 'down',
      };
    },
  };
}
