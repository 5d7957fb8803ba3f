import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterEach, describe, expect, it } from 'vitest';

import {
  readHead,
  requestsDue,
  runOpenLoop,
  type OpenLoopAnswer,
} from './open-loop.js';

describe('requestsDue', () => {
  it('spaces requests evenly: one at the start, then one every 1/rate s', () => {
    expect(requestsDue(0, 1000, 0)).toBe(1);
    expect(requestsDue(0.5, 1000, 1)).toBe(0);
    expect(requestsDue(10, 1000, 1)).toBe(10);
    expect(requestsDue(1000, 3000, 100)).toBe(2901);
  });
});

describe('readHead', () => {
  it('reads the status and Content-Length of an answer, in any case', () => {
    expect(
      readHead(
        'HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\ncontent-length: 27',
      ),
    ).toEqual({ status: 200, length: 27 });
    expect(
      readHead('HTTP/1.1 503 Service Unavailable\r\nCONTENT-LENGTH: 0'),
    ).toEqual({
      status: 503,
      length: 0,
    });
  });

  it('refuses an answer it cannot frame', () => {
    expect(
      readHead('HTTP/1.1 200 OK\r\ntransfer-encoding: chunked'),
    ).toBeNull();
    expect(readHead('garbage\r\ncontent-length: 3')).toBeNull();
  });
});

describe('runOpenLoop', () => {
  let server: Server | undefined;
  afterEach(() => {
    server?.close();
    server = undefined;
  });

  async function listen(
    handler: Parameters<typeof createServer>[1],
  ): Promise<string> {
    const started = createServer(handler);
    server = started;
    await new Promise<void>((resolve) => started.listen(0, resolve));
    return `http://127.0.0.1:${(started.address() as AddressInfo).port}`;
  }

  it('sends rate x seconds requests with the paths and headers asked, and reports each answer', async () => {
    const seen: { path: string; accept: string | undefined }[] = [];
    const base = await listen((request, response) => {
      seen.push({
        path: request.url ?? '',
        accept: request.headers['accept-encoding'],
      });
      response.statusCode = request.url === '/page/3' ? 503 : 200;
      response.end('ok');
    });
    const answers: OpenLoopAnswer[] = [];
    const sent = await runOpenLoop({
      base,
      rate: 400,
      seconds: 0.25,
      connections: 4,
      headers: { 'accept-encoding': 'br, gzip' },
      path: (index) => `/page/${index % 5}`,
      onAnswer: (answer) => answers.push(answer),
    });
    expect(sent).toBe(100);
    expect(answers).toHaveLength(100);
    // Five paths in turn: 20 requests each, whatever order they arrive in.
    const perPath = new Map<string, number>();
    for (const { path } of seen)
      perPath.set(path, (perPath.get(path) ?? 0) + 1);
    expect(Object.fromEntries(perPath)).toEqual({
      '/page/0': 20,
      '/page/1': 20,
      '/page/2': 20,
      '/page/3': 20,
      '/page/4': 20,
    });
    expect(new Set(seen.map((request) => request.accept))).toEqual(
      new Set(['br, gzip']),
    );
    expect(answers.filter((answer) => answer.status === 503)).toHaveLength(20);
    expect(answers.every((answer) => answer.latencyMs >= 0)).toBe(true);
  });

  it('counts a dropped connection as status 0 and still finishes', async () => {
    let calls = 0;
    const base = await listen((request, response) => {
      calls += 1;
      if (calls % 2 === 0) request.socket.destroy();
      else response.end('ok');
    });
    const answers: OpenLoopAnswer[] = [];
    await runOpenLoop({
      base,
      rate: 200,
      seconds: 0.1,
      connections: 2,
      headers: {},
      path: () => '/',
      onAnswer: (answer) => answers.push(answer),
    });
    expect(answers).toHaveLength(20);
    expect(
      answers.filter((answer) => answer.status === 0).length,
    ).toBeGreaterThan(0);
    expect(
      answers.filter((answer) => answer.status === 200).length,
    ).toBeGreaterThan(0);
  });
});
