/**
 * Issue 11: what the landing page costs before anyone clicks. Spawns the
 * built server, opens `/` in Chromium at 390 px (a phone) and 1440 px (a
 * laptop) with `Accept-Encoding: br` (Chromium only offers brotli over
 * https, and the server sends the .br files the web build writes), waits
 * until the network is idle, and counts what was transferred: JavaScript
 * bytes and requests, every request, and the hero video's bytes. Target:
 * at most 150 KB of JavaScript (brotli) before interaction.
 *
 *   npm run build && npx tsx bench/web/landing-weight.ts [label] [runs]
 *
 * `label` (default "after") names this measurement in
 * bench/results/landing-weight.json; other labels already there are kept,
 * so "before" and "after" sit side by side.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium, type Browser } from 'playwright-core';

import { waitFor } from '../lib/http.js';
import { median, writeResult } from '../lib/results.js';
import { spawnBuiltServer } from '../lib/server.js';

const label = process.argv[2] ?? 'after';
const runs = Number(process.argv[3] ?? 3);
const TARGET_JS_BYTES = 150 * 1024;

const VIEWPORTS = [
  { name: '390px', width: 390, height: 844, isMobile: true },
  { name: '1440px', width: 1440, height: 900, isMobile: false },
] as const;

interface Load {
  /** JavaScript bodies as sent (brotli), the figure the target is about. */
  jsBytes: number;
  /** The same with the HTTP response headers. */
  jsWireBytes: number;
  jsRequests: number;
  requests: number;
  bytes: number;
  videoBytes: number;
  /** Content-Encoding of the JavaScript answers, to prove brotli was used. */
  jsEncodings: string[];
  jsFiles: Array<{ file: string; bytes: number }>;
}

/** One cold load of `/` in a fresh context (no cache), counted over CDP. */
async function measure(
  browser: Browser,
  base: string,
  viewport: (typeof VIEWPORTS)[number],
): Promise<Load> {
  const context = await browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    isMobile: viewport.isMobile,
    hasTouch: viewport.isMobile,
    extraHTTPHeaders: { 'Accept-Encoding': 'br' },
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');

  const requests = new Map<
    string,
    {
      url: string;
      type: string;
      encoding: string;
      /** On the wire, headers included. */
      bytes: number;
      /** Header bytes: what had arrived when the response began. */
      headerBytes: number;
    }
  >();
  cdp.on('Network.requestWillBeSent', (event) => {
    requests.set(event.requestId, {
      url: event.request.url,
      type: event.type ?? 'Other',
      encoding: '',
      bytes: 0,
      headerBytes: 0,
    });
  });
  cdp.on('Network.responseReceived', (event) => {
    const entry = requests.get(event.requestId);
    if (!entry) return;
    entry.type = event.type;
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([k, v]) => [
        k.toLowerCase(),
        String(v),
      ]),
    );
    entry.encoding = headers['content-encoding'] ?? 'identity';
    entry.headerBytes = event.response.encodedDataLength;
  });
  // encodedDataLength: bytes on the wire, headers included.
  cdp.on('Network.loadingFinished', (event) => {
    const entry = requests.get(event.requestId);
    if (entry) entry.bytes = event.encodedDataLength;
  });
  // A media request the page cancels (range requests) ends without
  // loadingFinished: count what arrived.
  const received = new Map<string, number>();
  cdp.on('Network.dataReceived', (event) => {
    received.set(
      event.requestId,
      (received.get(event.requestId) ?? 0) + event.encodedDataLength,
    );
  });

  await page.goto(`${base}/`, { waitUntil: 'load' });
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  await context.close();

  const all = [...requests.entries()].map(([id, entry]) => ({
    ...entry,
    bytes: Math.max(entry.bytes, received.get(id) ?? 0),
  }));
  const js = all.filter(
    (entry) => entry.type === 'Script' || entry.url.endsWith('.js'),
  );
  const video = all.filter(
    (entry) => entry.type === 'Media' || /\.(webm|mp4)$/.test(entry.url),
  );
  const sum = (list: typeof all) =>
    list.reduce((total, entry) => total + entry.bytes, 0);
  const bodies = (list: typeof all) =>
    list.reduce(
      (total, entry) => total + Math.max(0, entry.bytes - entry.headerBytes),
      0,
    );
  return {
    jsBytes: bodies(js),
    jsWireBytes: sum(js),
    jsRequests: js.length,
    requests: all.length,
    bytes: sum(all),
    videoBytes: sum(video),
    jsEncodings: [...new Set(js.map((entry) => entry.encoding))],
    jsFiles: js
      .map((entry) => ({
        file: new URL(entry.url).pathname,
        bytes: Math.max(0, entry.bytes - entry.headerBytes),
      }))
      .sort((a, b) => b.bytes - a.bytes),
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'platewise-bench-'));
const server = await spawnBuiltServer(dataDir);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

try {
  await waitFor(`${server.base}/api/ready`, Date.now() + 60_000);
  const measurement: Record<string, unknown> = {};
  for (const viewport of VIEWPORTS) {
    const loads: Load[] = [];
    for (let run = 0; run < runs; run += 1) {
      loads.push(await measure(browser, server.base, viewport));
    }
    const jsBytes = median(loads.map((load) => load.jsBytes));
    const last = loads.at(-1);
    measurement[viewport.name] = {
      jsKB: Number((jsBytes / 1024).toFixed(1)),
      jsWithHeadersKB: Number(
        (median(loads.map((load) => load.jsWireBytes)) / 1024).toFixed(1),
      ),
      jsRequests: median(loads.map((load) => load.jsRequests)),
      requests: median(loads.map((load) => load.requests)),
      totalKB: Number(
        (median(loads.map((load) => load.bytes)) / 1024).toFixed(1),
      ),
      videoKB: Number(
        (median(loads.map((load) => load.videoBytes)) / 1024).toFixed(1),
      ),
      withinTarget: jsBytes <= TARGET_JS_BYTES,
      jsEncodings: last?.jsEncodings,
      jsFiles: last?.jsFiles,
    };
    console.log(viewport.name, measurement[viewport.name]);
  }

  const file = fileURLToPath(
    new URL('../results/landing-weight.json', import.meta.url),
  );
  const previous = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as {
        measurements?: Record<string, unknown>;
      })
    : {};
  writeResult('landing-weight', {
    targetJsKB: TARGET_JS_BYTES / 1024,
    runsPerViewport: runs,
    method:
      'Cold load of / on the built server over loopback, Accept-Encoding: br, until network idle. jsKB: JavaScript response bodies as sent (brotli); jsWithHeadersKB and totalKB: bytes on the wire (CDP encodedDataLength), headers included',
    measurements: {
      ...previous.measurements,
      [label]: { date: new Date().toISOString(), ...measurement },
    },
  });
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
