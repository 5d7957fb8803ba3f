import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';

const src = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  plugins: [
    react(),
    // .br and .gz beside each asset; the server sends them as they are
    // (preCompressed in apps/server/src/plugins/app/spa.ts).
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|css|svg|json|webmanifest)$/,
      threshold: 1024,
    }),
  ],
  resolve: {
    alias: {
      '@platewise/shared': src('../../packages/shared/src/index.ts'),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  test: {
    name: 'web',
    root: src('.'),
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    // Form tests type into many fields; on a busy 2-core CI machine the
    // first test of a file (cold imports) can pass 5 s.
    testTimeout: 15_000,
    passWithNoTests: true,
  },
});
