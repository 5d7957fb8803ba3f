import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { freePort } from './http.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The environment of a benchmarked server: loopback, quiet, its own data. */
export function serverEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
  };
}

export interface BuiltServer {
  base: string;
  child: ChildProcess;
  /** SIGTERM, then waits for the process to exit. */
  stop(): Promise<void>;
}

/**
 * Spawns the built server (`npm run build` first) on a free loopback port
 * with `DATA_DIR` and any extra environment. It does not wait for it.
 */
export async function spawnBuiltServer(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<BuiltServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: root,
    env: { ...serverEnv(port, dataDir), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => resolve()),
  );
  return {
    base: `http://127.0.0.1:${port}`,
    child,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
