#!/usr/bin/env node
/**
 * Renders the landing page's background film from our own artwork:
 * a top-down kitchen board with herbs, vegetables and citrus that drift and
 * turn slowly. Every motion is periodic in LOOP_SECONDS, so the film loops
 * without a seam, and the layout comes from a seeded generator, so a run
 * gives the same film every time.
 *
 *   node apps/web/scripts/make-hero-media.mjs [--chromium=/usr/bin/chromium] [--keep-frames]
 *   node apps/web/scripts/make-hero-media.mjs --preview=/tmp/hero   (two stills, no film)
 *
 * Needs Chromium (driven through @playwright/test's playwright-core) and
 * ffmpeg with libx264, libvpx-vp9 and libwebp. Writes, under
 * apps/web/public/media: hero.mp4 (H.264, yuv420p, faststart), hero.webm
 * (VP9), hero-poster.jpg and hero-poster.webp (the first frame). Frames go
 * to a temporary directory that is removed afterwards.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium } from '@playwright/test';

const WIDTH = 1280;
const HEIGHT = 720;
const FPS = 24;
const LOOP_SECONDS = 10;
const FRAMES = FPS * LOOP_SECONDS;
const SEED = 20261122;

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value = 'true'] = arg.replace(/^--/, '').split('=');
    return [key, value];
  }),
);
const chromiumPath = args.get('chromium') ?? '/usr/bin/chromium';
const keepFrames = args.has('keep-frames');
const preview = args.get('preview');
const outDir = fileURLToPath(new URL('../public/media/', import.meta.url));

/** The page that draws one frame for a time t in [0, LOOP_SECONDS). */
function scenePage() {
  return `<!doctype html>
<html><head><meta charset="utf-8"><style>
  html, body { margin: 0; background: #0b120d; overflow: hidden; }
  svg { display: block; }
</style></head>
<body>
<svg id="scene" xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <radialGradient id="surface" cx="62%" cy="52%" r="75%">
      <stop offset="0" stop-color="#2a3a2d"/>
      <stop offset="0.55" stop-color="#18241b"/>
      <stop offset="1" stop-color="#0a100c"/>
    </radialGradient>
    <radialGradient id="wood" cx="45%" cy="40%" r="70%">
      <stop offset="0" stop-color="#c99466"/>
      <stop offset="0.7" stop-color="#a8724a"/>
      <stop offset="1" stop-color="#7d5134"/>
    </radialGradient>
    <radialGradient id="tomato" cx="38%" cy="35%" r="70%">
      <stop offset="0" stop-color="#ff7a55"/>
      <stop offset="0.6" stop-color="#e0402a"/>
      <stop offset="1" stop-color="#a3201a"/>
    </radialGradient>
    <radialGradient id="lemonRind" cx="40%" cy="35%" r="70%">
      <stop offset="0" stop-color="#ffe27a"/>
      <stop offset="1" stop-color="#e0a91c"/>
    </radialGradient>
    <radialGradient id="lemonFlesh" cx="50%" cy="50%" r="50%">
      <stop offset="0" stop-color="#fff6c9"/>
      <stop offset="1" stop-color="#f7d85a"/>
    </radialGradient>
    <linearGradient id="leaf" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#6cbf4e"/>
      <stop offset="1" stop-color="#2f7a32"/>
    </linearGradient>
    <linearGradient id="leafDark" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#4e9a3e"/>
      <stop offset="1" stop-color="#1f5a28"/>
    </linearGradient>
    <linearGradient id="carrot" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#f59a3c"/>
      <stop offset="1" stop-color="#d8641c"/>
    </linearGradient>
    <radialGradient id="avocado" cx="50%" cy="55%" r="60%">
      <stop offset="0" stop-color="#e9eea0"/>
      <stop offset="0.75" stop-color="#b9d36a"/>
      <stop offset="1" stop-color="#5e8a33"/>
    </radialGradient>
    <radialGradient id="pit" cx="40%" cy="35%" r="70%">
      <stop offset="0" stop-color="#b07a4a"/>
      <stop offset="1" stop-color="#6a4024"/>
    </radialGradient>
    <radialGradient id="radish" cx="40%" cy="35%" r="70%">
      <stop offset="0" stop-color="#ff6f8e"/>
      <stop offset="1" stop-color="#b3194a"/>
    </radialGradient>
    <radialGradient id="garlic" cx="40%" cy="35%" r="75%">
      <stop offset="0" stop-color="#fffaf0"/>
      <stop offset="1" stop-color="#e2d6c0"/>
    </radialGradient>
    <radialGradient id="cucumber" cx="50%" cy="50%" r="50%">
      <stop offset="0" stop-color="#eef7d8"/>
      <stop offset="0.78" stop-color="#cfe6a6"/>
      <stop offset="0.86" stop-color="#8fbf5a"/>
      <stop offset="1" stop-color="#2f6b2a"/>
    </radialGradient>
    <radialGradient id="light" cx="50%" cy="50%" r="50%">
      <stop offset="0" stop-color="#fff3d6" stop-opacity="0.22"/>
      <stop offset="1" stop-color="#fff3d6" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="vignette" cx="55%" cy="50%" r="75%">
      <stop offset="0.55" stop-color="#000" stop-opacity="0"/>
      <stop offset="1" stop-color="#000" stop-opacity="0.55"/>
    </radialGradient>
    <filter id="shadow" x="-40%" y="-40%" width="180%" height="180%">
      <feDropShadow dx="6" dy="10" stdDeviation="9" flood-color="#000" flood-opacity="0.42"/>
    </filter>
    <filter id="soft" x="-50%" y="-50%" width="200%" height="200%">
      <feGaussianBlur stdDeviation="7"/>
    </filter>

    <g id="tomato-shape">
      <circle r="46" fill="url(#tomato)"/>
      <ellipse cx="-14" cy="-16" rx="13" ry="8" fill="#fff" opacity="0.28" transform="rotate(-30 -14 -16)"/>
      <path d="M0-14 L5-4 16-6 8 2 12 12 0 6-12 12-8 2-16-6-5-4Z" fill="#3f8a2f"/>
      <circle r="3" fill="#2c6a22"/>
    </g>
    <g id="cherry-shape">
      <circle r="22" fill="url(#tomato)"/>
      <ellipse cx="-7" cy="-8" rx="6" ry="4" fill="#fff" opacity="0.3"/>
      <path d="M0-6 L3-2 8-3 4 1 5 6 0 3-5 6-4 1-8-3-3-2Z" fill="#3f8a2f"/>
    </g>
    <g id="lemon-half">
      <circle r="54" fill="url(#lemonRind)"/>
      <circle r="46" fill="#fff8dc"/>
      <circle r="42" fill="url(#lemonFlesh)"/>
      <g stroke="#fffbe8" stroke-width="3" stroke-linecap="round" opacity="0.9">
        <path d="M0 0 L0-40"/><path d="M0 0 L28-28"/><path d="M0 0 L40 0"/><path d="M0 0 L28 28"/>
        <path d="M0 0 L0 40"/><path d="M0 0 L-28 28"/><path d="M0 0 L-40 0"/><path d="M0 0 L-28-28"/>
      </g>
      <circle r="5" fill="#fffbe8"/>
    </g>
    <g id="lemon-whole">
      <ellipse rx="58" ry="42" fill="url(#lemonRind)"/>
      <ellipse cx="-60" rx="8" ry="6" fill="#e8b52a"/>
      <ellipse cx="60" rx="7" ry="5" fill="#d9a21c"/>
      <ellipse cx="-18" cy="-16" rx="20" ry="8" fill="#fff" opacity="0.25"/>
    </g>
    <g id="basil-leaf">
      <path d="M0 0 C 18 -28, 58 -30, 86 0 C 58 30, 18 28, 0 0 Z" fill="url(#leaf)"/>
      <path d="M4 0 C 30 -2, 60 -1, 82 0" stroke="#b8e39c" stroke-width="2" fill="none" opacity="0.7"/>
      <g stroke="#b8e39c" stroke-width="1.2" opacity="0.45" fill="none">
        <path d="M22 0 L34-12"/><path d="M38 0 L50-14"/><path d="M54 0 L64-12"/>
        <path d="M22 0 L34 12"/><path d="M38 0 L50 14"/><path d="M54 0 L64 12"/>
      </g>
    </g>
    <g id="parsley">
      <path d="M0 0 C 20 -10, 40 -30, 70 -44" stroke="#3b7d2c" stroke-width="3" fill="none"/>
      <path d="M30 -18 C 44 -10, 60 -6, 80 -6" stroke="#3b7d2c" stroke-width="2.5" fill="none"/>
      <g fill="url(#leafDark)">
        <path d="M70-44 c-6-14 8-24 16-14 c10-6 18 8 8 14 c6 10-8 18-14 8 c-10 6-18-4-10-8z"/>
        <path d="M80-6 c-2-14 14-18 18-8 c12-2 14 14 2 14 c2 12-14 14-16 4 c-12 0-12-10-4-10z"/>
        <path d="M48-30 c-8-10 4-22 12-14 c8-8 20 2 12 10 c8 8-4 18-12 10 c-8 6-18-2-12-6z"/>
      </g>
    </g>
    <g id="carrot-shape">
      <path d="M0 -21 C 60 -18, 120 -8, 170 0 C 120 8, 60 18, 0 21 C -10 12, -10 -12, 0 -21 Z" fill="url(#carrot)"/>
      <g stroke="#c4561a" stroke-width="1.6" opacity="0.6">
        <path d="M30-15 L38-9"/><path d="M62 13 L72 7"/><path d="M95-9 L104-4"/><path d="M128 6 L136 3"/>
      </g>
      <g stroke="#4f9a38" stroke-width="4" stroke-linecap="round" fill="none">
        <path d="M-2 0 C -30 -6, -50 -20, -70 -34"/>
        <path d="M-2 0 C -34 0, -58 4, -80 6"/>
        <path d="M-2 0 C -28 8, -46 22, -62 36"/>
      </g>
    </g>
    <g id="garlic-shape">
      <path d="M0 -46 C 10 -30, 44 -26, 44 6 C 44 34, 20 44, 0 44 C -20 44, -44 34, -44 6 C -44 -26, -10 -30, 0 -46 Z" fill="url(#garlic)"/>
      <g stroke="#cdbda0" stroke-width="1.6" fill="none" opacity="0.8">
        <path d="M0-40 C -16 -10, -18 20, -6 42"/><path d="M0-40 C 16 -10, 18 20, 6 42"/>
        <path d="M-4-38 C -34 -8, -36 24, -22 40"/><path d="M4-38 C 34 -8, 36 24, 22 40"/>
      </g>
    </g>
    <g id="onion-slice">
      <circle r="48" fill="#f5e6f0"/>
      <g fill="none" stroke-width="5">
        <circle r="45" stroke="#8a2f72"/><circle r="35" stroke="#b05594" opacity="0.85"/>
        <circle r="25" stroke="#b05594" opacity="0.7"/><circle r="15" stroke="#c77fb0" opacity="0.6"/>
      </g>
    </g>
    <g id="chili">
      <path d="M0 0 C 30 -20, 80 -20, 120 6 C 90 -4, 40 -2, 6 16 Z" fill="#d62a1e"/>
      <path d="M10 2 C 40 -12, 80 -12, 110 2" stroke="#ff8a70" stroke-width="2" fill="none" opacity="0.6"/>
      <path d="M2 6 C -8 2, -14 -6, -22 -8" stroke="#3f8a2f" stroke-width="6" stroke-linecap="round" fill="none"/>
    </g>
    <g id="pea-pod">
      <path d="M0 0 C 30 -26, 110 -26, 140 0 C 110 22, 30 22, 0 0 Z" fill="#5fae47"/>
      <g fill="#8ed36a"><circle cx="32" r="12"/><circle cx="58" r="13"/><circle cx="84" r="13"/><circle cx="108" r="11"/></g>
      <g fill="#fff" opacity="0.25"><circle cx="28" cy="-4" r="4"/><circle cx="54" cy="-4" r="4"/><circle cx="80" cy="-4" r="4"/></g>
    </g>
    <g id="radish-shape">
      <circle r="30" fill="url(#radish)"/>
      <path d="M0 28 C 2 40, 4 52, 10 62" stroke="#f3d7dd" stroke-width="3" fill="none"/>
      <ellipse cx="-9" cy="-10" rx="9" ry="5" fill="#fff" opacity="0.3"/>
      <path d="M0 -28 C -10 -60, -36 -80, -30 -100 C -10 -90, 6 -60, 0 -28 Z" fill="url(#leaf)"/>
      <path d="M0 -28 C 14 -56, 40 -70, 44 -92 C 20 -88, 4 -60, 0 -28 Z" fill="url(#leafDark)"/>
    </g>
    <g id="avocado-half">
      <path d="M0 -70 C 34 -70, 56 -20, 56 20 C 56 56, 30 74, 0 74 C -30 74, -56 56, -56 20 C -56 -20, -34 -70, 0 -70 Z" fill="#35552a"/>
      <path d="M0 -62 C 28 -62, 48 -18, 48 20 C 48 50, 26 66, 0 66 C -26 66, -48 50, -48 20 C -48 -18, -28 -62, 0 -62 Z" fill="url(#avocado)"/>
      <circle cy="22" r="24" fill="url(#pit)"/>
      <ellipse cx="-7" cy="14" rx="7" ry="4" fill="#fff" opacity="0.25"/>
    </g>
    <g id="cucumber-slice">
      <circle r="34" fill="url(#cucumber)"/>
      <g fill="#f8fbe9" opacity="0.9">
        <ellipse cx="0" cy="-10" rx="3" ry="5"/><ellipse cx="9" cy="6" rx="3" ry="5" transform="rotate(120 9 6)"/>
        <ellipse cx="-9" cy="6" rx="3" ry="5" transform="rotate(240 -9 6)"/>
      </g>
    </g>
    <g id="knife">
      <path d="M0 -12 L260 -12 C 300 -12, 330 -2, 350 12 L0 12 Z" fill="#cfd6d4"/>
      <path d="M0 -12 L260 -12 C 300 -12, 330 -2, 350 12 L330 8 C 310 -2, 290 -6, 260 -6 L0 -6 Z" fill="#eef3f1"/>
      <rect x="-170" y="-15" width="170" height="30" rx="12" fill="#2b2018"/>
      <circle cx="-130" r="4" fill="#b8a27a"/><circle cx="-80" r="4" fill="#b8a27a"/><circle cx="-30" r="4" fill="#b8a27a"/>
    </g>
  </defs>

  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#surface)"/>
  <g id="world">
    <g id="board" filter="url(#shadow)">
      <circle cx="860" cy="380" r="310" fill="url(#wood)"/>
      <g fill="none" stroke="#6d452b" opacity="0.18" stroke-width="2">
        <circle cx="860" cy="380" r="270"/><circle cx="860" cy="380" r="215"/>
        <circle cx="860" cy="380" r="150"/><circle cx="860" cy="380" r="80"/>
      </g>
      <circle cx="860" cy="380" r="310" fill="none" stroke="#5c3a24" stroke-width="6" opacity="0.35"/>
    </g>
    <g id="items"></g>
  </g>
  <ellipse id="sweep" cx="700" cy="300" rx="520" ry="380" fill="url(#light)"/>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#vignette)"/>
</svg>
<script>
  const LOOP = ${LOOP_SECONDS};
  let seed = ${SEED};
  const random = () => {
    seed |= 0; seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const range = (a, b) => a + random() * (b - a);

  // [shape, x, y, rotation, scale, on the board?, blurred foreground?]
  const layout = [
    ['knife', 520, 640, -12, 0.9, false, false],
    ['avocado-half', 700, 250, -20, 1.05, true, false],
    ['lemon-half', 930, 200, 0, 1.1, true, false],
    ['tomato-shape', 1030, 330, 10, 1.1, true, false],
    ['tomato-shape', 960, 450, 40, 1.0, true, false],
    ['basil-leaf', 760, 430, -30, 1.1, true, false],
    ['basil-leaf', 800, 470, 20, 0.95, true, false],
    ['basil-leaf', 690, 380, 70, 0.9, true, false],
    ['cucumber-slice', 860, 560, 0, 1.0, true, false],
    ['cucumber-slice', 925, 595, 0, 0.95, true, false],
    ['cucumber-slice', 795, 610, 0, 0.9, true, false],
    ['onion-slice', 1080, 520, 0, 0.95, true, false],
    ['cherry-shape', 1100, 220, 0, 1, true, false],
    ['cherry-shape', 1140, 262, 30, 0.95, true, false],
    ['cherry-shape', 1086, 270, 60, 1.05, true, false],
    ['parsley', 600, 500, -10, 1.2, false, false],
    ['carrot-shape', 1130, 640, -150, 1.0, false, false],
    ['carrot-shape', 1180, 600, -165, 0.9, false, false],
    ['garlic-shape', 530, 200, 15, 0.95, false, false],
    ['radish-shape', 1210, 120, 25, 0.95, false, false],
    ['chili', 390, 380, 35, 1.0, false, false],
    ['pea-pod', 330, 560, -25, 1.0, false, false],
    ['lemon-whole', 250, 170, 20, 1.0, false, false],
    ['tomato-shape', 120, 460, 0, 1.0, false, false],
    ['basil-leaf', 200, 640, -60, 1.3, false, false],
    ['onion-slice', 420, 90, 0, 0.9, false, false],
    ['cherry-shape', 90, 260, 0, 1.2, false, false],
    ['basil-leaf', 40, 90, 40, 1.9, false, true],
    ['lemon-half', 1250, 720, 0, 1.6, false, true],
    ['basil-leaf', 60, 700, -20, 2.2, false, true],
  ];

  const items = document.getElementById('items');
  const NS = 'http://www.w3.org/2000/svg';
  const moving = layout.map(([shape, x, y, rot, scale, onBoard, blurred]) => {
    const g = document.createElementNS(NS, 'g');
    const use = document.createElementNS(NS, 'use');
    use.setAttribute('href', '#' + shape);
    g.setAttribute('filter', blurred ? 'url(#soft)' : 'url(#shadow)');
    if (blurred) g.setAttribute('opacity', '0.85');
    g.append(use);
    items.append(g);
    return {
      g, x, y, rot, scale, onBoard,
      // Small closed orbits, whole cycles per loop, so the end meets the start.
      ax: range(4, onBoard ? 8 : 14), ay: range(4, onBoard ? 8 : 14),
      cycles: random() < 0.5 ? 1 : 2, phase: range(0, Math.PI * 2),
      spin: range(3, 9) * (random() < 0.5 ? -1 : 1), spinPhase: range(0, Math.PI * 2),
    };
  });

  window.renderFrame = (t) => {
    const p = (t / LOOP) * Math.PI * 2;
    // The camera breathes in and out and sways a little around the board.
    const zoom = 1.035 + 0.025 * Math.sin(p);
    const sway = 1.2 * Math.sin(p + 0.6);
    document.getElementById('world').setAttribute('transform',
      'translate(640 360) rotate(' + sway.toFixed(3) + ') scale(' + zoom.toFixed(4) + ') translate(-640 -360)');
    for (const it of moving) {
      const q = p * it.cycles + it.phase;
      const x = it.x + it.ax * Math.cos(q);
      const y = it.y + it.ay * Math.sin(q);
      const r = it.rot + it.spin * Math.sin(p + it.spinPhase);
      it.g.setAttribute('transform',
        'translate(' + x.toFixed(2) + ' ' + y.toFixed(2) + ') rotate(' + r.toFixed(2) + ') scale(' + it.scale + ')');
    }
    const sweep = document.getElementById('sweep');
    sweep.setAttribute('cx', (700 + 260 * Math.cos(p)).toFixed(1));
    sweep.setAttribute('cy', (330 + 90 * Math.sin(p)).toFixed(1));
  };
  window.renderFrame(0);
</script>
</body></html>`;
}

function ffmpeg(...ffArgs) {
  execFileSync(
    'ffmpeg',
    ['-hide_banner', '-loglevel', 'error', '-y', ...ffArgs],
    {
      stdio: 'inherit',
    },
  );
}

function kib(path) {
  return `${(statSync(path).size / 1024).toFixed(0)} KiB`;
}

async function main() {
  const frames = mkdtempSync(join(tmpdir(), 'platewise-hero-'));
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--force-color-profile=srgb',
    ],
  });
  try {
    const page = await browser.newPage({
      viewport: { width: WIDTH, height: HEIGHT },
      deviceScaleFactor: 1,
    });
    await page.setContent(scenePage());
    if (preview) {
      for (const t of [0, LOOP_SECONDS / 2]) {
        await page.evaluate((time) => globalThis.renderFrame(time), t);
        await page.screenshot({ path: `${preview}-${t}s.png` });
      }
      console.log(`stills written to ${preview}-*.png`);
      return;
    }
    for (let i = 0; i < FRAMES; i++) {
      await page.evaluate((t) => globalThis.renderFrame(t), i / FPS);
      await page.screenshot({
        path: join(frames, `${String(i).padStart(4, '0')}.png`),
      });
      if (i % 48 === 0) console.log(`frame ${i}/${FRAMES}`);
    }
  } finally {
    await browser.close();
  }
  if (preview) {
    rmSync(frames, { recursive: true, force: true });
    return;
  }

  const input = ['-framerate', String(FPS), '-i', join(frames, '%04d.png')];
  const mp4 = join(outDir, 'hero.mp4');
  ffmpeg(
    ...input,
    '-c:v',
    'libx264',
    '-preset',
    'slow',
    '-crf',
    '27',
    '-tune',
    'animation',
    '-pix_fmt',
    'yuv420p',
    '-profile:v',
    'high',
    '-movflags',
    '+faststart',
    '-g',
    String(FPS * 2),
    '-an',
    mp4,
  );
  const webm = join(outDir, 'hero.webm');
  ffmpeg(
    ...input,
    '-c:v',
    'libvpx-vp9',
    '-b:v',
    '0',
    '-crf',
    '40',
    '-row-mt',
    '1',
    '-deadline',
    'good',
    '-cpu-used',
    '2',
    '-pix_fmt',
    'yuv420p',
    '-g',
    String(FPS * 2),
    '-an',
    webm,
  );
  const firstFrame = join(frames, '0000.png');
  const jpg = join(outDir, 'hero-poster.jpg');
  ffmpeg('-i', firstFrame, '-q:v', '5', jpg);
  const webp = join(outDir, 'hero-poster.webp');
  ffmpeg('-i', firstFrame, '-c:v', 'libwebp', '-quality', '78', webp);

  if (keepFrames) console.log(`frames kept in ${frames}`);
  else rmSync(frames, { recursive: true, force: true });
  for (const file of [mp4, webm, jpg, webp])
    console.log(`${file}: ${kib(file)}`);
}

await main();
