import { Agent, request } from 'node:http';

/**
 * An open-loop load driver: requests leave at evenly spaced times (request i
 * at start + i / rate), whatever the server's answers, and each latency runs
 * from the time the request was due, so a server that falls behind shows
 * it in the figures (no coordinated omission). autocannon's fixed rate is
 * a per-second budget: each connection sends back to back until it has sent
 * its share of the second, then waits for its one-second timer, so the load
 * comes as a burst at the start of every second; as the connections' timers
 * drift apart the bursts spread, and a soak measured with it saw p99 fall for
 * minutes while the server did not change.
 */

export interface OpenLoopAnswer {
  /** Milliseconds from the time the request was due to the answer's end. */
  latencyMs: number;
  /** The HTTP status, or 0 for a transport error. */
  status: number;
}

export interface OpenLoopOptions {
  base: string;
  /** Requests a second. */
  rate: number;
  seconds: number;
  /** The most sockets open at once; a request waits for a free one. */
  connections: number;
  headers: Record<string, string>;
  /** The path of request `index`. */
  path: (index: number) => string;
  onAnswer: (answer: OpenLoopAnswer) => void;
}

/** Requests due by `elapsedMs` at `rate` a second, `sent` already sent. */
export function requestsDue(
  elapsedMs: number,
  rate: number,
  sent: number,
): number {
  return Math.max(0, Math.floor((elapsedMs * rate) / 1000) + 1 - sent);
}

/**
 * Sends `rate * seconds` requests on schedule and resolves once every one
 * has answered. Resolves with the number sent.
 */
export function runOpenLoop(options: OpenLoopOptions): Promise<number> {
  const { rate, seconds, connections, headers, onAnswer } = options;
  const url = new URL(options.base);
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const total = Math.round(rate * seconds);
  const started = performance.now();
  let sent = 0;
  let answered = 0;

  return new Promise((resolve) => {
    const answer = (due: number, status: number) => {
      onAnswer({ latencyMs: performance.now() - due, status });
      answered += 1;
      if (answered === total) {
        agent.destroy();
        resolve(total);
      }
    };
    const send = (index: number) => {
      const due = started + (index * 1000) / rate;
      const outgoing = request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          path: options.path(index),
          headers,
        },
        (response) => {
          response.on('data', () => {});
          response.on('end', () => answer(due, response.statusCode ?? 0));
          response.on('error', () => answer(due, 0));
        },
      );
      outgoing.on('error', () => answer(due, 0));
      outgoing.end();
    };
    // Node's timers fire at most every millisecond: each tick sends what has
    // fallen due since the last (three requests a tick at 3,000 a second).
    const ticker = setInterval(() => {
      const due = Math.min(
        total - sent,
        requestsDue(performance.now() - started, rate, sent),
      );
      for (let n = 0; n < due; n += 1) send(sent + n);
      sent += due;
      if (sent === total) clearInterval(ticker);
    }, 1);
  });
}
