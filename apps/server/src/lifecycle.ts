/**
 * Whether the process is shutting down. Readiness answers 503 as soon as
 * shutdown begins, before the server stops accepting (security.md R06), so a
 * load balancer sends new traffic elsewhere.
 */
export interface Lifecycle {
  readonly shuttingDown: boolean;
  beginShutdown(): void;
}

export function createLifecycle(): Lifecycle {
  let shuttingDown = false;
  return {
    get shuttingDown() {
      return shuttingDown;
    },
    beginShutdown() {
      shuttingDown = true;
    },
  };
}
