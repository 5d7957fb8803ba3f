import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction, Socket } from 'node:net';
import { isIP } from 'node:net';
import { promisify } from 'node:util';
import {
  brotliDecompress,
  gunzip,
  type BrotliOptions,
  inflate,
  inflateRaw,
  type ZlibOptions,
} from 'node:zlib';

import { messages, recipeMessages } from '@platewise/shared';
import ipaddr from 'ipaddr.js';

import { AppError, BadRequestError } from '../../errors.js';

/**
 * Fetches a recipe page for the import without becoming an SSRF tool
 * (OWASP SSRF Prevention Cheat Sheet) or a way to take the server down:
 * - http and https only;
 * - the host is resolved here and every address must be public unicast
 *   (ipaddr.js ranges: no private, loopback, link-local such as the cloud
 *   metadata 169.254.169.254, unique-local, multicast, unspecified,
 *   carrier-grade NAT…), and no IPv6 form that carries an IPv4 address
 *   (see isPublicAddress); one bad address refuses the host, as an attacker
 *   controls which one a client would pick;
 * - the connection goes to exactly the checked addresses (a pinned lookup),
 *   so a DNS answer that changes between check and connect (rebinding) has
 *   no effect, and the connected socket's peer is checked again before the
 *   request is written; an IP literal is connected to as is, after the same
 *   check;
 * - redirects are followed by hand, each hop checked again, at most 5;
 * - 10 s for the whole import, at most 2 MB read from the socket and at
 *   most 2 MB once decompressed.
 * The refusal always happens before any request is sent.
 *
 * The transport is node:http, not undici's fetch (issue 9): undici 7's
 * HTTP/1 parser asserts `!this.paused` when the socket ends while it is
 * paused under backpressure, which is where a decompressing fetch body
 * abandoned over the limit leaves it; the uncaught AssertionError ended the
 * process on a gzip bomb (nodejs/undici#5360, not fixed in the 7.x line).
 * Here the raw body is read with a byte cap and decompressed by zlib with
 * `maxOutputLength`, so an oversized page is an ordinary rejected promise.
 */

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type HostLookup = (hostname: string) => Promise<ResolvedAddress[]>;

export interface TransportResponse {
  status: number;
  header(name: string): string | null;
  /** The body as sent, still in its Content-Encoding. */
  body: AsyncIterable<Uint8Array> | null;
  /** Releases the connection; safe to call more than once. */
  close(): Promise<void>;
}

/** One HTTP GET of `url`, connecting only to `addresses`. */
export type Transport = (
  url: URL,
  addresses: readonly ResolvedAddress[],
  signal: AbortSignal,
) => Promise<TransportResponse>;

export interface PageFetcherOptions {
  /** IMPORT_ALLOW_PRIVATE_HOSTS: tests serve pages on 127.0.0.1. */
  allowPrivateHosts: boolean;
  lookup?: HostLookup;
  transport?: Transport;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
}

export interface FetchedPage {
  /** The address the page finally came from (after redirects). */
  url: string;
  html: string;
}

export type PageFetcher = (url: string) => Promise<FetchedPage>;

export const IMPORT_TIMEOUT_MS = 10_000;
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_MAX_REDIRECTS = 5;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

class ImportFetchError extends AppError {
  constructor(message: string) {
    super(422, 'VALIDATION_FAILED', message);
  }
}

const cidr = (text: string) => ipaddr.IPv6.parseCIDR(text);

/** RFC 6052: a NAT64 gateway forwards 64:ff9b::a.b.c.d to a.b.c.d. */
const NAT64_WELL_KNOWN = cidr('64:ff9b::/96');

/**
 * Other IPv6 forms that carry an IPv4 address a connection can end up at:
 * through the kernel (IPv4-compatible ::a.b.c.d, deprecated by RFC 4291,
 * which ipaddr.js calls plain unicast: ::7f00:1 reached 127.0.0.1, issue 9),
 * a translator (RFC 6145 ::ffff:0:a.b.c.d; RFC 8215 64:ff9b:1::/48, where the
 * IPv4 is not even at a fixed place) or a tunnel relay (6to4 2002::/16 with
 * the IPv4 in bits 16-48, RFC 3056; Teredo 2001::/32 with an obfuscated
 * client IPv4, RFC 4380). No recipe site needs one, so all are refused
 * whatever IPv4 they carry.
 */
const IPV4_CARRYING = [
  cidr('::/96'),
  cidr('::ffff:0:0:0/96'),
  cidr('64:ff9b:1::/48'),
  cidr('2002::/16'),
  cidr('2001::/32'),
];

function isPublicIPv4(address: ipaddr.IPv4): boolean {
  return address.range() === 'unicast';
}

/**
 * Public unicast only. IPv4-mapped ::ffff:a.b.c.d (how a resolver may hand
 * out a plain IPv4) and NAT64 64:ff9b::a.b.c.d (how DNS64 on an IPv6-only
 * network, AWS's for one, hands out an IPv4-only site) are judged by the IPv4
 * they carry; every other IPv4-carrying form is refused.
 */
export function isPublicAddress(address: string): boolean {
  const ip = parseAddress(address);
  if (ip === null) return false;
  if (ip.kind() === 'ipv4') return isPublicIPv4(ip as ipaddr.IPv4);
  const v6 = ip as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return isPublicIPv4(v6.toIPv4Address());
  if (v6.match(NAT64_WELL_KNOWN)) {
    return isPublicIPv4(new ipaddr.IPv4(v6.toByteArray().slice(12)));
  }
  if (IPV4_CARRYING.some((range) => v6.match(range))) return false;
  return v6.range() === 'unicast';
}

/**
 * An address as Node reads it. ipaddr.js alone takes any dotted tail as
 * IPv4-mapped ("::127.0.0.1" as ::ffff:7f00:1) while the system connects to
 * ::7f00:1, so IPv6 text is first rewritten by the WHATWG URL parser, which
 * agrees with the system. A zone id ("fe80::1%eth0") parses as nothing.
 */
function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  try {
    switch (isIP(address)) {
      case 4:
        return ipaddr.IPv4.parse(address);
      case 6:
        return ipaddr.IPv6.parse(
          new URL(`http://[${address}]/`).hostname.slice(1, -1),
        );
      default:
        return null;
    }
  } catch {
    return null;
  }
}

/** One spelling per address, so a socket's peer can be compared. */
function canonicalAddress(address: string): string {
  const ip = parseAddress(address);
  if (ip === null) return address;
  const v6 = ip.kind() === 'ipv6' ? (ip as ipaddr.IPv6) : null;
  return (
    v6?.isIPv4MappedAddress() ? v6.toIPv4Address() : ip
  ).toNormalizedString();
}

export const systemLookup: HostLookup = async (hostname) => {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true });
  return answers.map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));
};

function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) {
      callback(
        null,
        addresses.map(({ address, family }) => ({ address, family })),
      );
      return;
    }
    const [first] = addresses;
    if (first === undefined) {
      callback(new Error('no address'), '', 4);
      return;
    }
    callback(null, first.address, first.family);
  };
}

function headerOf(response: IncomingMessage, name: string): string | null {
  const value = response.headers[name.toLowerCase()];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * node:http with its own connection whose only DNS answer is the checked
 * one; the body is handed over undecoded.
 */
export const httpTransport: Transport = (url, addresses, signal) =>
  new Promise((resolve, reject) => {
    const checked = new Set(
      addresses.map(({ address }) => canonicalAddress(address)),
    );
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      url,
      {
        method: 'GET',
        // One page, no reuse: nothing outlives this import.
        agent: false,
        lookup: pinnedLookup(addresses),
        signal,
        headers: {
          accept:
            'text/html,application/xhtml+xml;q=0.9,application/ld+json;q=0.8,*/*;q=0.5',
          // Only what readBody decodes itself, with a size cap.
          'accept-encoding': 'gzip, deflate, br',
          'user-agent': 'PlatewiseRecipeImport/1.0 (+self-hosted meal planner)',
        },
      },
    );
    // Errors after the answer reach the body's reader; this listener only
    // keeps a late socket error from becoming an uncaught 'error' event.
    request.on('error', reject);
    request.on('socket', (socket: Socket) => {
      // The pinned lookup already decides where the socket goes; checking
      // the peer before the request is written also covers an IP literal
      // and anything that would route the connection elsewhere.
      socket.once('connect', () => {
        if (!checked.has(canonicalAddress(socket.remoteAddress ?? ''))) {
          request.destroy(new Error('connected to an unchecked address'));
        }
      });
    });
    request.once('response', (response) => {
      response.on('error', () => {});
      resolve({
        status: response.statusCode ?? 0,
        header: (name) => headerOf(response, name),
        body: response,
        close: async () => {
          request.destroy();
        },
      });
    });
    request.end();
  });

function parseUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new BadRequestError(messages.validation.invalidUrl);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new BadRequestError(recipeMessages.importScheme);
  }
  return url;
}

function headerCharset(contentType: string | null): string | null {
  const match = /charset\s*=\s*"?([\w-]+)/i.exec(contentType ?? '');
  return match?.[1]?.toLowerCase() ?? null;
}

/** Browsers look for a <meta> charset in the first 1024 bytes only. */
const CHARSET_PRESCAN_BYTES = 1024;

/**
 * The charset a page declares in its first 1024 bytes, as a browser's
 * prescan finds it: `<meta charset="windows-1252">` or `<meta
 * http-equiv="Content-Type" content="text/html; charset=iso-8859-1">`. The
 * pattern's repeats are bounded, over 1 KB at most.
 */
export function declaredCharset(bytes: Uint8Array): string | null {
  const head = Buffer.from(bytes.subarray(0, CHARSET_PRESCAN_BYTES)).toString(
    'latin1',
  );
  const match =
    /<meta[^>]{0,300}?charset\s{0,5}=\s{0,5}["']?\s{0,5}([\w.:-]{1,40})/i.exec(
      head,
    );
  const label = match?.[1]?.toLowerCase() ?? null;
  // A page that says UTF-16 in ASCII bytes is not UTF-16 (the HTML standard
  // reads it as UTF-8).
  return label?.startsWith('utf-16') ? 'utf-8' : label;
}

/**
 * The charset of a body: the Content-Type's, else a byte order mark's,
 * else the page's own <meta> declaration, else UTF-8 (the web's default
 * for pages that say nothing is windows-1252, but a page that says
 * nothing today is nearly always UTF-8).
 */
export function charsetOf(
  contentType: string | null,
  bytes: Uint8Array,
): string {
  const declared = headerCharset(contentType);
  if (declared !== null) return declared;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return 'utf-8';
  }
  return declaredCharset(bytes) ?? 'utf-8';
}

function decode(bytes: Uint8Array, charset: string): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

type ContentCoding = 'gzip' | 'deflate' | 'br';

const CODINGS = new Map<string, ContentCoding>([
  ['gzip', 'gzip'],
  ['x-gzip', 'gzip'],
  ['deflate', 'deflate'],
  ['br', 'br'],
]);

/** Two stacked codings are legal and seen; more is a decompression chain. */
const MAX_CODINGS = 2;

/** Content-Encoding as a list of codings this fetcher decodes, or a 422. */
function contentCodings(header: string | null): ContentCoding[] {
  const names = (header ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '' && name !== 'identity');
  const codings = names.flatMap((name) => {
    const coding = CODINGS.get(name);
    return coding === undefined ? [] : [coding];
  });
  if (codings.length !== names.length || codings.length > MAX_CODINGS) {
    throw new ImportFetchError(recipeMessages.importUnreadable);
  }
  return codings;
}

const gunzipAsync = promisify<Buffer, ZlibOptions, Buffer>(gunzip);
const inflateAsync = promisify<Buffer, ZlibOptions, Buffer>(inflate);
const inflateRawAsync = promisify<Buffer, ZlibOptions, Buffer>(inflateRaw);
const brotliAsync = promisify<Buffer, BrotliOptions, Buffer>(brotliDecompress);

/** "deflate" should be zlib-wrapped (RFC 9110) but some servers send raw. */
function isZlibWrapped(body: Buffer): boolean {
  const [cmf = 0, flg = 0] = body;
  return (cmf & 0x0f) === 8 && (cmf * 256 + flg) % 31 === 0;
}

/**
 * Decompresses on the libuv pool and stops as soon as the output passes
 * `maxBytes` (zlib's maxOutputLength), so a bomb of any ratio costs at most
 * that much memory and the matching CPU.
 */
async function decodeContent(
  body: Buffer,
  coding: ContentCoding,
  maxBytes: number,
): Promise<Buffer> {
  if (body.length === 0) return body;
  const options = { maxOutputLength: maxBytes };
  try {
    return await (coding === 'br'
      ? brotliAsync(body, options)
      : coding === 'gzip'
        ? gunzipAsync(body, options)
        : isZlibWrapped(body)
          ? inflateAsync(body, options)
          : inflateRawAsync(body, options));
  } catch (error) {
    throw new ImportFetchError(
      (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE'
        ? recipeMessages.importTooLarge
        : recipeMessages.importUnreadable,
    );
  }
}

/** A DNS lookup cannot be cancelled, but the import stops waiting for it. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => {
      signal.removeEventListener('abort', onAbort);
    });
  });
}

function isAbort(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'AbortError' || error.name === 'TimeoutError')
  );
}

export function createPageFetcher(options: PageFetcherOptions): PageFetcher {
  const lookup = options.lookup ?? systemLookup;
  const transport = options.transport ?? httpTransport;
  const timeoutMs = options.timeoutMs ?? IMPORT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? IMPORT_MAX_BYTES;
  const maxRedirects = options.maxRedirects ?? IMPORT_MAX_REDIRECTS;

  async function addressesOf(
    url: URL,
    signal: AbortSignal,
  ): Promise<ResolvedAddress[]> {
    // URL keeps brackets around IPv6 literals and has already normalised
    // IPv4 oddities such as 2130706433 or 0x7f.1 to dotted decimal.
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const family = isIP(host);
    let addresses: ResolvedAddress[];
    if (family !== 0) {
      addresses = [{ address: host, family: family === 6 ? 6 : 4 }];
    } else {
      try {
        addresses = await untilAborted(lookup(host), signal);
      } catch (error) {
        if (signal.aborted) throw error;
        throw new ImportFetchError(recipeMessages.importUnreachable);
      }
      if (addresses.length === 0) {
        throw new ImportFetchError(recipeMessages.importUnreachable);
      }
    }
    if (
      !options.allowPrivateHosts &&
      !addresses.every(({ address }) => isPublicAddress(address))
    ) {
      throw new BadRequestError(recipeMessages.importNotAllowed);
    }
    return addresses;
  }

  async function readBody(response: TransportResponse): Promise<Uint8Array> {
    const declared = Number(response.header('content-length'));
    if (Number.isFinite(declared) && declared > maxBytes) {
      throw new ImportFetchError(recipeMessages.importTooLarge);
    }
    // Known before any byte is read: an unknown coding is not worth reading.
    const codings = contentCodings(response.header('content-encoding'));
    // The Content-Length may lie: the bytes are counted as they come.
    const chunks: Uint8Array[] = [];
    let size = 0;
    if (response.body !== null) {
      for await (const chunk of response.body) {
        size += chunk.byteLength;
        if (size > maxBytes) {
          throw new ImportFetchError(recipeMessages.importTooLarge);
        }
        chunks.push(chunk);
      }
    }
    let body: Buffer = Buffer.concat(chunks, size);
    // Content codings are listed in the order they were applied.
    for (const coding of codings.reverse()) {
      body = await decodeContent(body, coding, maxBytes);
    }
    return body;
  }

  return async (text) => {
    let url = parseUrl(text);
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      for (let redirects = 0; ; redirects += 1) {
        const addresses = await addressesOf(url, signal);
        const response = await transport(url, addresses, signal);
        try {
          const location = response.header('location');
          if (REDIRECTS.has(response.status) && location) {
            if (redirects >= maxRedirects) {
              throw new ImportFetchError(recipeMessages.importTooManyRedirects);
            }
            url = parseUrl(new URL(location, url).href);
            continue;
          }
          if (response.status < 200 || response.status > 299) {
            throw new ImportFetchError(
              recipeMessages.importStatus(response.status),
            );
          }
          const body = await readBody(response);
          return {
            url: url.href,
            html: decode(
              body,
              charsetOf(response.header('content-type'), body),
            ),
          };
        } finally {
          await response.close();
        }
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (isAbort(error) || signal.aborted) {
        throw new ImportFetchError(recipeMessages.importTimeout);
      }
      throw new ImportFetchError(recipeMessages.importUnreachable);
    }
  };
}
