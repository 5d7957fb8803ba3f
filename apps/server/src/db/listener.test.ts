import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import {
  createTestDatabase,
  testDbDriver,
  type TestDatabase,
} from '../test/build-app.js';

/**
 * The PostgreSQL listener (db/client.ts): every channel a process listens on
 * shares one dedicated connection, which comes back after a loss and tells
 * each subscriber it may have missed a NOTIFY.
 */
describe.skipIf(testDbDriver() !== 'postgres')('LISTEN on PostgreSQL', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
  });
  afterAll(async () => {
    await database.dispose();
  });

  const listeners = async () => {
    const result = await database.db.execute<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity
        WHERE application_name = 'platewise-listen'
          AND datname = current_database()`,
    );
    return result.rows.map((row) => row.pid);
  };
  const notify = (channel: string, payload: string) =>
    database.db.execute(`SELECT pg_notify('${channel}', '${payload}')`);

  it('hears three channels on one connection, each its own, and closes it with the last', async () => {
    const listen = database.listen;
    if (listen === undefined) throw new Error('no listen on PostgreSQL');
    const heard = { a: vi.fn(), b: vi.fn(), c: vi.fn() };
    const stops = [
      await listen('test_a', heard.a),
      await listen('test_b', heard.b),
      await listen('test_c', heard.c),
    ];
    expect(await listeners()).toHaveLength(1);

    await notify('test_b', 'user-1');
    await vi.waitFor(() => expect(heard.b).toHaveBeenCalledWith('user-1'));
    expect(heard.a).not.toHaveBeenCalled();
    expect(heard.c).not.toHaveBeenCalled();

    // Lost and back: every subscriber hears that it may have missed one,
    // and NOTIFYs arrive again, still on one connection.
    const [pid] = await listeners();
    await database.db.execute(`SELECT pg_terminate_backend(${String(pid)})`);
    await vi.waitFor(
      () => {
        expect(heard.a).toHaveBeenCalledWith();
        expect(heard.c).toHaveBeenCalledWith();
      },
      { timeout: 10_000 },
    );
    expect(await listeners()).toHaveLength(1);
    await notify('test_c', 'user-2');
    await vi.waitFor(() => expect(heard.c).toHaveBeenCalledWith('user-2'));

    // Stopping one leaves the others listening; the last closes it.
    await stops[0]?.();
    await notify('test_a', 'user-3');
    await notify('test_b', 'user-4');
    await vi.waitFor(() => expect(heard.b).toHaveBeenCalledWith('user-4'));
    expect(heard.a).not.toHaveBeenCalledWith('user-3');
    await stops[1]?.();
    await stops[2]?.();
    await vi.waitFor(async () => expect(await listeners()).toEqual([]));
  });
});
