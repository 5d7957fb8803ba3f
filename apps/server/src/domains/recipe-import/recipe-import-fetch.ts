import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';

import { messages, recipeMessages } from '@platewise/shared';
import ipaddr from 'ipaddr.js';
import { Agent, fetch } from 'undici';

import { AppError, BadRequestError } from '../../errors.js';

/**
 * Fetches a recipe page for the import without becoming an SSRF tool
 * (OWASP SSRF Prevention Cheat Sheet):
 * - http and https only;
 * - the host is resolved here and every address must be public unicast
 *   (ipaddr.js ranges: no private, loopback, link-local such as the cloud
 *   metadata 169.254.169.254, unique-local, multicast, unspecified,
 *   carrier-grade NAT, 6to4/Teredo/NAT64 wrappers…); one bad address refuses
 *   the host, as an attacker controls which one a client would pick;
 * - the connection goes to exactly the checked addresses (a pinned lookup),
 *   so a DNS answer that changes between check and connect (rebinding) has
 *   no effect; an IP literal is connected to as is, after the same check;
 * - redirects are followed by hand, each hop checked again, at most 5;
 * - 10 s for the whole import and 2 MB of (decompressed) page at most.
 * The refusal always happens before any connection is made.
 */

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type HostLookup = (hostname: string) => Promise<ResolvedAddress[]>;

export interface TransportResponse {
  status: number;
  header(name: string): string | null;
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

/** Public unicast only; IPv4-mapped IPv6 (::ffff:10.0.0.1) is judged as IPv4. */
export function isPublicAddress(address: string): boolean {
  try {
    return ipaddr.process(address).range() === 'unicast';
  } catch {
    return false;
  }
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

/** undici with a per-request Agent whose only DNS answer is the checked one. */
export const undiciTransport: Transport = async (url, addresses, signal) => {
  const agent = new Agent({
    connect: { lookup: pinnedLookup(addresses) },
    // One page, no reuse: nothing outlives this import.
    pipelining: 0,
  });
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await agent.destroy().catch(() => {});
  };
  try {
    const response = await fetch(url, {
      dispatcher: agent,
      redirect: 'manual',
      signal,
      headers: {
        accept:
          'text/html,application/xhtml+xml;q=0.9,application/ld+json;q=0.8,*/*;q=0.5',
        'user-agent': 'PlatewiseRecipeImport/1.0 (+self-hosted meal planner)',
      },
    });
    return {
      status: response.status,
      header: (name) => response.headers.get(name),
      body: response.body,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
};

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

function charsetOf(contentType: string | null): string {
  const match = /charset\s*=\s*"?([\w-]+)/i.exec(contentType ?? '');
  return match?.[1]?.toLowerCase() ?? 'utf-8';
}

function decode(bytes: Uint8Array, charset: string): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
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
  const transport = options.transport ?? undiciTransport;
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
    return Buffer.concat(chunks, size);
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
            html: decode(body, charsetOf(response.header('content-type'))),
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
