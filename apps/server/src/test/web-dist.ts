import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const TEST_ASSET = 'assets/index-abc123.js';

/** A minimal built web app: the index template and one hashed asset. */
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
    <script type="module" crossorigin src="/${TEST_ASSET}"></script>
  </head>
  <body><div id="root" data-nonce="__CSP_NONCE__"></div></body>
</html>
`,
  );
  await writeFile(join(dir, TEST_ASSET), 'console.log("platewise");\n');
  await writeFile(
    join(dir, 'favicon.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"/>\n',
  );
  return dir;
}
