import { connect, type Socket } from 'node:net';

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
 *
 * It speaks just enough HTTP/1.1 for a benchmark over keep-alive sockets, one
 * request at a time on each: requests written from prepared bytes, answers
 * framed by Content-Length (an answer without one counts as a transport
 * error). Node's http client spent about 200 µs of CPU a request, so on two
 * cores it could not send 3,000 a second beside the server it measures.
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

const HEADER_END = Buffer.from('\r\n\r\n');

/** The status and body length of an answer's head, or null if unframed. */
export function readHead(
  head: string,
): { status: number; length: number } | null {
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(head);
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (!status || !length) return null;
  return { status: Number(status[1]), length: Number(length[1]) };
}

interface Pending {
  /** performance.now() when the request was due. */
  due: number;
  bytes: Buffer;
}

/** One keep-alive socket carrying one request at a time. */
class Connection {
  private socket: Socket;
  private received = Buffer.alloc(0);
  /** Body bytes still to come, or -1 while the head is being read. */
  private remaining = -1;
  private status = 0;
  private current: Pending | null = null;

  constructor(
    private readonly host: string,
    private readonly port: number,
    private readonly done: (
      connection: Connection,
      pending: Pending,
      status: number,
    ) => void,
  ) {
    this.socket = this.open();
  }

  get idle(): boolean {
    return this.current === null;
  }

  send(pending: Pending): void {
    this.current = pending;
    this.received = Buffer.alloc(0);
    this.remaining = -1;
    if (this.socket.destroyed) this.socket = this.open();
    this.socket.write(pending.bytes);
  }

  close(): void {
    this.socket.destroy();
  }

  private open(): Socket {
    const socket = connect({ host: this.host, port: this.port });
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.read(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      if (socket === this.socket) this.finish(0);
    });
    return socket;
  }

  private read(chunk: Buffer): void {
    if (this.remaining < 0) {
      this.received = Buffer.concat([this.received, chunk]);
      const end = this.received.indexOf(HEADER_END);
      if (end < 0) return;
      const head = readHead(this.received.toString('latin1', 0, end));
      if (!head) {
        this.socket.destroy();
        return;
      }
      this.status = head.status;
      this.remaining = head.length - (this.received.length - end - 4);
    } else {
      this.remaining -= chunk.length;
    }
    if (this.remaining <= 0) this.finish(this.status);
  }

  private finish(status: number): void {
    const pending = this.current;
    if (!pending) return;
    this.current = null;
    this.done(this, pending, status);
  }
}

/**
 * Sends `rate * seconds` requests on schedule and resolves once every one
 * has answered. Resolves with the number sent.
 */
export function runOpenLoop(options: OpenLoopOptions): Promise<number> {
  const { rate, seconds, onAnswer } = options;
  const url = new URL(options.base);
  const port = Number(url.port || 80);
  const headerLines = Object.entries({
    host: url.host,
    connection: 'keep-alive',
    ...options.headers,
  })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const requestBytes = new Map<string, Buffer>();
  const bytesFor = (path: string): Buffer => {
    let bytes = requestBytes.get(path);
    if (!bytes) {
      bytes = Buffer.from(`GET ${path} HTTP/1.1\r\n${headerLines}\r\n`);
      requestBytes.set(path, bytes);
    }
    return bytes;
  };
  const total = Math.round(rate * seconds);
  const connections: Connection[] = [];
  const waiting: Pending[] = [];
  const started = performance.now();
  let sent = 0;
  let answered = 0;

  return new Promise((resolve) => {
    if (total === 0) {
      resolve(0);
      return;
    }
    const done = (connection: Connection, pending: Pending, status: number) => {
      onAnswer({ latencyMs: performance.now() - pending.due, status });
      answered += 1;
      const next = waiting.shift();
      if (next) connection.send(next);
      if (answered === total) {
        for (const open of connections) open.close();
        resolve(total);
      }
    };
    const dispatch = (pending: Pending) => {
      let free = connections.find((connection) => connection.idle);
      if (!free && connections.length < options.connections) {
        free = new Connection(url.hostname, port, done);
        connections.push(free);
      }
      if (free) free.send(pending);
      else waiting.push(pending);
    };
    // Node's timers fire at most every millisecond: each tick sends what has
    // fallen due since the last (three requests a tick at 3,000 a second).
    const ticker = setInterval(() => {
      const due = Math.min(
        total - sent,
        requestsDue(performance.now() - started, rate, sent),
      );
      for (let n = 0; n < due; n += 1) {
        const index = sent + n;
        dispatch({
          due: started + (index * 1000) / rate,
          bytes: bytesFor(options.path(index)),
        });
      }
      sent += due;
      if (sent === total) clearInterval(ticker);
    }, 1);
  });
}
