import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

export const TEST_ASSET = 'assets/index-abc123.js';

/**
 * A minimal built web app: the index template and one hashed asset with its
 * .br and .gz twins, as the web build writes them.
 */
export async function createWebDist(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'platewise-web-dist-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(
    join(dir, 'index.html'),
    `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="csp-nonce" content="__CSP_NONCE__" />
    <meta name="support-email" content="__SUPPORT_EMAIL__" />
    <script type="module" crossorigin src="/${TEST_ASSET}"></script>
  </head>
  <body><div id="root" data-nonce="__CSP_NONCE__"></div></body>
</html>
`,
  );
  const asset = Buffer.from('console.log("platewise");\n');
  await writeFile(join(dir, TEST_ASSET), asset);
  await writeFile(join(dir, `${TEST_ASSET}.br`), brotliCompressSync(asset));
  await writeFile(join(dir, `${TEST_ASSET}.gz`), gzipSync(asset));
  await writeFile(
    join(dir, 'favicon.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"/>\n',
  );
  return dir;
}
