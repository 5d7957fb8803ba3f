import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { messages, recipeMessages } from '@platewise/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import {
  createPageFetcher,
  isPublicAddress,
  type HostLookup,
  type Transport,
  type TransportResponse,
} from './recipe-import-fetch.js';

/**
 * The fetcher's checks with a fake DNS and a fake transport: nothing here
 * opens a connection except to the loopback test server at the end.
 */

/** A documentation address stands in for a public host; never contacted. */
const PUBLIC = { address: '93.184.215.14', family: 4 as const };

function response(
  status: number,
  headers: Record<string, string> = {},
  body = '',
): TransportResponse {
  return {
    status,
    header: (name) => headers[name.toLowerCase()] ?? null,
    body: (async function* () {
      if (body) yield Buffer.from(body);
    })(),
    close: async () => {},
  };
}

function fakes(answers: TransportResponse[]) {
  const lookup = vi.fn<HostLookup>(async (host) =>
    host === 'localhost' ? [{ address: '127.0.0.1', family: 4 }] : [PUBLIC],
  );
  const transport = vi.fn<Transport>(async () => {
    const next = answers.shift();
    if (!next) throw new Error('unexpected request');
    return next;
  });
  return { lookup, transport };
}

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: { statusCode: number; message: string }) => ({
      status: error.statusCode,
      message: error.message,
    }),
  );

describe('isPublicAddress', () => {
  it.each([
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fc00::1', false],
    ['fd12:3456::1', false],
    ['ff02::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['64:ff9b::a00:1', false],
    ['2002:7f00:1::', false],
    ['93.184.215.14', true],
    ['2606:4700:4700::1111', true],
    ['not an address', false],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('createPageFetcher', () => {
  it('connects only to the addresses it checked, looked up once per hop', async () => {
    const { lookup, transport } = fakes([
      response(
        200,
        { 'content-type': 'text/html; charset=utf-8' },
        '<p>ok</p>',
      ),
    ]);
    const fetchPage = createPageFetcher({
      allowPrivateHosts: false,
      lookup,
      transport,
    });
    const page = await fetchPage('https://recipes.example/soup');
    expect(page).toEqual({
      url: 'https://recipes.example/soup',
      html: '<p>ok</p>',
    });
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(transport.mock.calls[0]?.[1]).toEqual([PUBLIC]);
  });

  it('refuses a host with any private address before connecting', async () => {
    const transport = vi.fn<Transport>();
    const lookup: HostLookup = async () => [
      PUBLIC,
      { address: '10.0.0.5', family: 4 },
    ];
    const fetchPage = createPageFetcher({
      allowPrivateHosts: false,
      lookup,
      transport,
    });
    expect(await rejection(fetchPage('https://mixed.example/'))).toEqual({
      status: 400,
      message: recipeMessages.importNotAllowed,
    });
    expect(transport).not.toHaveBeenCalled();
  });

  it('refuses a redirect to loopback before following it', async () => {
    const { lookup, transport } = fakes([
      response(302, { location: 'http://127.0.0.1:8080/admin' }),
    ]);
    const fetchPage = createPageFetcher({
      allowPrivateHosts: false,
      lookup,
      transport,
    });
    expect(await rejection(fetchPage('https://recipes.example/r'))).toEqual({
      status: 400,
      message: recipeMessages.importNotAllowed,
    });
    expect(transport).toHaveBeenCalledTimes(1);
  });

  it('refuses a redirect to a name that resolves to loopback, and to file:', async () => {
    for (const location of ['http://localhost/', 'file:///etc/passwd']) {
      const { lookup, transport } = fakes([response(301, { location })]);
      const fetchPage = createPageFetcher({
        allowPrivateHosts: false,
        lookup,
        transport,
      });
      const refusal = await rejection(fetchPage('https://recipes.example/r'));
      expect(refusal.status).toBe(400);
      expect(transport).toHaveBeenCalledTimes(1);
    }
  });

  it('follows relative redirects, at most 5', async () => {
    const hops = (count: number) =>
      Array.from({ length: count }, (_, i) =>
        response(307, { location: `/step-${i + 1}` }),
      );
    const ok = fakes([...hops(5), response(200, {}, 'done')]);
    const page = await createPageFetcher({ allowPrivateHosts: false, ...ok })(
      'https://recipes.example/start',
    );
    expect(page.url).toBe('https://recipes.example/step-5');

    const tooMany = fakes(hops(6));
    expect(
      await rejection(
        createPageFetcher({ allowPrivateHosts: false, ...tooMany })(
          'https://recipes.example/start',
        ),
      ),
    ).toEqual({ status: 422, message: recipeMessages.importTooManyRedirects });
  });

  it.each([
    ['ftp://files.example/recipe', 400, recipeMessages.importScheme],
    ['file:///etc/passwd', 400, recipeMessages.importScheme],
    ['javascript:alert(1)', 400, recipeMessages.importScheme],
    ['not a url', 400, messages.validation.invalidUrl],
  ])('refuses %s', async (url, status, message) => {
    const { lookup, transport } = fakes([]);
    const fetchPage = createPageFetcher({
      allowPrivateHosts: false,
      lookup,
      transport,
    });
    expect(await rejection(fetchPage(url))).toEqual({ status, message });
    expect(lookup).not.toHaveBeenCalled();
    expect(transport).not.toHaveBeenCalled();
  });

  it('answers 422 for an error status and for a page over the size limit', async () => {
    const notFound = fakes([response(404)]);
    expect(
      await rejection(
        createPageFetcher({ allowPrivateHosts: false, ...notFound })(
          'https://a.example/',
        ),
      ),
    ).toEqual({ status: 422, message: recipeMessages.importStatus(404) });

    const declared = fakes([response(200, { 'content-length': '3000000' })]);
    expect(
      await rejection(
        createPageFetcher({ allowPrivateHosts: false, ...declared })(
          'https://a.example/',
        ),
      ),
    ).toEqual({ status: 422, message: recipeMessages.importTooLarge });

    const streamed = fakes([response(200, {}, 'x'.repeat(2_000))]);
    expect(
      await rejection(
        createPageFetcher({
          allowPrivateHosts: false,
          maxBytes: 1_000,
          ...streamed,
        })('https://a.example/'),
      ),
    ).toEqual({ status: 422, message: recipeMessages.importTooLarge });
  });

  it('decodes the charset the page declares', async () => {
    const latin1 = fakes([]);
    latin1.transport.mockResolvedValueOnce({
      ...response(200, { 'content-type': 'text/html; charset=ISO-8859-1' }),
      body: (async function* () {
        yield Buffer.from([0x63, 0x72, 0xe8, 0x6d, 0x65]);
      })(),
    });
    const page = await createPageFetcher({
      allowPrivateHosts: false,
      ...latin1,
    })('https://a.example/');
    expect(page.html).toBe('crème');
  });
});

describe('createPageFetcher over loopback', () => {
  let server: Server;
  let base: string;
  let requests = 0;

  beforeAll(async () => {
    server = createServer((request, reply) => {
      requests += 1;
      if (request.url === '/slow') {
        setTimeout(() => reply.end('late'), 2_000).unref();
        return;
      }
      if (request.url === '/huge') {
        reply.writeHead(200, { 'content-type': 'text/html' });
        reply.end('x'.repeat(2 * 1024 * 1024 + 10));
        return;
      }
      reply.writeHead(200, { 'content-type': 'text/html' });
      reply.end('<p>hello</p>');
    });
    await new Promise<void>((resolve) =>
      server.listen(0, '127.0.0.1', resolve),
    );
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('refuses loopback without the test flag and sends nothing', async () => {
    const before = requests;
    const fetchPage = createPageFetcher({ allowPrivateHosts: false });
    for (const url of [`${base}/`, base.replace('127.0.0.1', 'localhost')]) {
      expect((await rejection(fetchPage(url))).message).toBe(
        recipeMessages.importNotAllowed,
      );
    }
    expect(requests).toBe(before);
  });

  it('fetches through the pinned connection with the flag', async () => {
    const page = await createPageFetcher({ allowPrivateHosts: true })(
      `${base}/`,
    );
    expect(page.html).toBe('<p>hello</p>');
  });

  it('connects to the address it checked, not to a new DNS answer', async () => {
    // 'pinned.invalid' never resolves in real DNS: the page can only load if
    // the connection uses the address the check was given.
    const lookup = vi.fn<HostLookup>(async () => [
      { address: '127.0.0.1', family: 4 },
    ]);
    const fetchPage = createPageFetcher({ allowPrivateHosts: true, lookup });
    const port = new URL(base).port;
    const page = await fetchPage(`http://pinned.invalid:${port}/`);
    expect(page.html).toBe('<p>hello</p>');
    expect(lookup).toHaveBeenCalledTimes(1);
    const local = await fetchPage(base.replace('127.0.0.1', 'localhost'));
    expect(local.html).toBe('<p>hello</p>');
  });

  it('gives up on a slow page and a huge one', async () => {
    const slow = createPageFetcher({ allowPrivateHosts: true, timeoutMs: 200 });
    expect(await rejection(slow(`${base}/slow`))).toEqual({
      status: 422,
      message: recipeMessages.importTimeout,
    });
    const fetchPage = createPageFetcher({ allowPrivateHosts: true });
    expect(await rejection(fetchPage(`${base}/huge`))).toEqual({
      status: 422,
      message: recipeMessages.importTooLarge,
    });
  });
});
