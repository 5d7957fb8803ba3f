import { HealthSchema, ReadySchema } from '@platewise/shared';
import { describe, expect, it } from 'vitest';

import { createTestApp, createTestDatabase } from '../../test/build-app.js';
import { createHealthService } from './health-service.js';

describe('GET /api/health', () => {
  it('returns 200 with the uptime', async () => {
    const { app } = await createTestApp();
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = HealthSchema.parse(response.json());
    expect(body.status).toBe('ok');
    expect(body.uptimeSeconds).toBeGreaterThanOrEqual(0);
    await app.close();
  });
});

describe('GET /api/ready', () => {
  it('returns 200 when the database answers', async () => {
    const { app } = await createTestApp();
    const response = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(ReadySchema.parse(response.json())).toEqual({
      status: 'ready',
      database: 'up',
    });
    expect(response.headers['cache-control']).toBe('no-store');
    await app.close();
  });

  it('returns 503 when the database is closed', async () => {
    const database = await createTestDatabase({ migrate: false });
    const { app } = await createTestApp({ database });
    await database.dispose();
    const response = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'unavailable',
      database: 'down',
    });
    // Liveness never depends on the database.
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    await app.close();
  });

  it('returns 503 once shutdown has begun', async () => {
    const { app, lifecycle } = await createTestApp();
    lifecycle.beginShutdown();
    const response = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable', database: 'up' });
    await app.close();
  });
});

describe('createHealthService', () => {
  it('reports a database that does not answer in time as down', async () => {
    const service = createHealthService({
      database: { ping: async () => false },
      lifecycle: { shuttingDown: false },
      uptime: () => 12.7,
    });
    expect(service.health()).toEqual({ status: 'ok', uptimeSeconds: 12 });
    expect(await service.readiness()).toEqual({
      status: 'unavailable',
      database: 'down',
    });
  });
});
