import {
  connect,
  createServer,
  type AddressInfo,
  type Server,
  type Socket,
} from 'node:net';

/**
 * A TCP proxy on 127.0.0.1 that a test stops and starts on the same port:
 * the way to take a dependency (PostgreSQL, SMTP) away from the server under
 * test without stopping the shared one. Stopped, it refuses connections and
 * cuts the open ones.
 */
export interface TcpProxy {
  port: number;
  running(): boolean;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startTcpProxy(
  target: { host: string; port: number },
  port = 0,
): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let bound = port;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer((client) => {
        const upstream = connect(target.port, target.host);
        sockets.add(client);
        sockets.add(upstream);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
        client.pipe(upstream).pipe(client);
      });
      next.once('error', reject);
      next.listen(bound, '127.0.0.1', () => {
        bound = (next.address() as AddressInfo).port;
        server = next;
        resolve();
      });
    });

  await listen();
  return {
    get port() {
      return bound;
    },
    running: () => server !== undefined,
    async stop() {
      const current = server;
      server = undefined;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      if (current)
        await new Promise<void>((resolve) => current.close(() => resolve()));
    },
    async start() {
      if (!server) await listen();
    },
  };
}
