import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  brotliCompressSync,
  deflateRawSync,
  deflateSync,
  gzipSync,
} from 'node:zlib';

import { messages, recipeMessages } from '@platewise/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import {
  createPageFetcher,
  httpTransport,
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
  body: string | Buffer = '',
): TransportResponse {
  return {
    status,
    header: (name) => headers[name.toLowerCase()] ?? null,
    body: (async function* () {
      if (body.length > 0) yield Buffer.from(body);
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
    ['93.184.215.14', true],
    ['2606:4700:4700::1111', true],
    ['not an address', false],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  /**
   * Every IPv6 form that carries an IPv4 address (issue 9, point 7), with a
   * loopback, a private, the metadata and a public IPv4 inside. Only the
   * mapped form and NAT64's well-known prefix (DNS64 networks) may carry a
   * public one; the rest are refused whatever they carry.
   */
  it.each([
    // IPv4-compatible ::a.b.c.d (RFC 4291, deprecated): ::7f00:1.
    ['::7f00:1', false],
    ['::127.0.0.1', false],
    ['::10.0.0.1', false],
    ['::169.254.169.254', false],
    ['::93.184.215.14', false],
    // IPv4-mapped ::ffff:a.b.c.d: judged as the IPv4.
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:a9fe:a9fe', false],
    ['::ffff:93.184.215.14', true],
    // IPv4-translated ::ffff:0:a.b.c.d (RFC 6145).
    ['::ffff:0:127.0.0.1', false],
    ['::ffff:0:93.184.215.14', false],
    // NAT64 well-known prefix 64:ff9b::/96 (RFC 6052).
    ['64:ff9b::127.0.0.1', false],
    ['64:ff9b::a00:1', false],
    ['64:ff9b::169.254.169.254', false],
    ['64:ff9b::100.64.0.1', false],
    ['64:ff9b::93.184.215.14', true],
    // NAT64 local-use prefix 64:ff9b:1::/48 (RFC 8215), IPv4 at bits 48-88.
    ['64:ff9b:1::127.0.0.1', false],
    ['64:ff9b:1:7f00:0:100::', false],
    ['64:ff9b:1::93.184.215.14', false],
    // 6to4 2002::/16, IPv4 in bits 16-48 (RFC 3056).
    ['2002:7f00:1::', false],
    ['2002:a00:1::1', false],
    ['2002:a9fe:a9fe::1', false],
    ['2002:5db8:d70e::1', false],
    // Teredo 2001::/32, client IPv4 inverted in the last 32 bits (RFC 4380).
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', false],
    ['2001:0:4136:e378:8000:63bf:f5ff:fffe', false],
    ['2001:0:4136:e378:8000:63bf:a247:28f1', false],
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

  it.each([
    ['IPv4-compatible', '::7f00:1'],
    ['IPv4-mapped', '::ffff:169.254.169.254'],
    ['IPv4-translated', '::ffff:0:10.0.0.1'],
    ['NAT64', '64:ff9b::127.0.0.1'],
    ['local NAT64', '64:ff9b:1::a00:1'],
    ['6to4', '2002:c0a8:101::1'],
    ['Teredo', '2001:0:4136:e378:8000:63bf:80ff:fffe'],
  ])(
    'refuses a DNS answer in %s form before connecting',
    async (_form, address) => {
      const transport = vi.fn<Transport>();
      const fetchPage = createPageFetcher({
        allowPrivateHosts: false,
        lookup: async () => [{ address, family: 6 }],
        transport,
      });
      expect(await rejection(fetchPage('https://tunnel.example/'))).toEqual({
        status: 400,
        message: recipeMessages.importNotAllowed,
      });
      expect(transport).not.toHaveBeenCalled();
    },
  );

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

  const PAGE = '<p>Crème brûlée</p>'.repeat(50);

  it.each([
    ['gzip', gzipSync(PAGE)],
    ['x-gzip', gzipSync(PAGE)],
    ['deflate', deflateSync(PAGE)],
    // Some servers send raw deflate under "deflate".
    ['deflate', deflateRawSync(PAGE)],
    ['br', brotliCompressSync(PAGE)],
    ['identity', Buffer.from(PAGE)],
    // Codings are listed in the order they were applied.
    ['deflate, gzip', gzipSync(deflateSync(PAGE))],
  ])('decodes Content-Encoding %s', async (coding, body) => {
    const { lookup, transport } = fakes([
      response(200, { 'content-encoding': coding }, body),
    ]);
    const page = await createPageFetcher({
      allowPrivateHosts: false,
      lookup,
      transport,
    })('https://a.example/');
    expect(page.html).toBe(PAGE);
  });

  it('answers 422 for a page that decompresses past the limit', async () => {
    const zeros = Buffer.alloc(5 * 1024 * 1024);
    for (const [coding, body] of [
      ['gzip', gzipSync(zeros)],
      ['deflate', deflateSync(zeros)],
      ['br', brotliCompressSync(zeros)],
      ['gzip, gzip', gzipSync(gzipSync(zeros))],
    ] as const) {
      const { lookup, transport } = fakes([
        response(200, { 'content-encoding': coding }, body),
      ]);
      expect(body.length).toBeLessThan(1_000_000);
      expect(
        await rejection(
          createPageFetcher({ allowPrivateHosts: false, lookup, transport })(
            'https://a.example/',
          ),
        ),
      ).toEqual({ status: 422, message: recipeMessages.importTooLarge });
    }
  });

  it.each([
    ['zstd', Buffer.from(PAGE)],
    ['gzip, gzip, gzip', gzipSync(gzipSync(gzipSync(PAGE)))],
    ['gzip', Buffer.from('not gzip at all')],
    ['gzip', gzipSync(PAGE).subarray(0, 40)],
  ])(
    'answers 422 for Content-Encoding %s it cannot read',
    async (coding, body) => {
      const { lookup, transport } = fakes([
        response(200, { 'content-encoding': coding }, body),
      ]);
      expect(
        await rejection(
          createPageFetcher({ allowPrivateHosts: false, lookup, transport })(
            'https://a.example/',
          ),
        ),
      ).toEqual({ status: 422, message: recipeMessages.importUnreadable });
    },
  );

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

  it.each([
    ['<meta charset="windows-1252">', 'text/html', 'crème brûlée'],
    [
      '<meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1">',
      null,
      'crème brûlée',
    ],
    // The header's charset wins over the page's.
    [
      '<meta charset="windows-1252">',
      'text/html; charset=utf-8',
      'cr\ufffdme br\ufffdl\ufffde',
    ],
    // A page that says nothing is read as UTF-8.
    ['', 'text/html', 'cr\ufffdme br\ufffdl\ufffde'],
  ])(
    'decodes a page declaring %j with Content-Type %j',
    async (declaration, contentType, text) => {
      const page = fakes([]);
      page.transport.mockResolvedValueOnce({
        ...response(
          200,
          contentType === null ? {} : { 'content-type': contentType },
        ),
        body: (async function* () {
          yield Buffer.concat([
            Buffer.from(`<html><head>${declaration}</head><body>`, 'latin1'),
            // "crème brûlée" in windows-1252 / ISO-8859-1 bytes.
            Buffer.from('crème brûlée', 'latin1'),
          ]);
        })(),
      });
      const { html } = await createPageFetcher({
        allowPrivateHosts: false,
        ...page,
      })('https://a.example/');
      expect(html.slice(html.indexOf('<body>') + 6)).toBe(text);
    },
  );
});

describe('createPageFetcher over loopback', () => {
  let server: Server;
  let base: string;
  let requests = 0;
  let lastHeaders: Record<string, string | string[] | undefined> = {};

  beforeAll(async () => {
    server = createServer((request, reply) => {
      requests += 1;
      lastHeaders = request.headers;
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

  it('asks for gzip, deflate and br only', async () => {
    await createPageFetcher({ allowPrivateHosts: true })(`${base}/`);
    expect(lastHeaders['accept-encoding']).toBe('gzip, deflate, br');
  });

  it('drops a connection whose peer is not an address it checked', async () => {
    // The URL names 127.0.0.1 but the check passed 127.0.0.2: the socket's
    // peer is compared before the request is written.
    const before = requests;
    await expect(
      httpTransport(
        new URL(`${base}/`),
        [{ address: '127.0.0.2', family: 4 }],
        AbortSignal.timeout(2_000),
      ),
    ).rejects.toThrow('connected to an unchecked address');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(requests).toBe(before);
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
