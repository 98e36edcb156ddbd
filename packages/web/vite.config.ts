import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite-precompress.ts';
import { stylesAfterShell } from './vite-styles-after-shell.ts';

const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command }) => ({
  base: '/productimage/',
  resolve: {
    // react-router's package exports name only its development build (warnings, dev checks: about
    // 10 KB gzipped more); the build takes the production one it ships next to it (issue 16).
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
    // npm installs react-i18next twice (packages/web and packages/kit node_modules, same version):
    // one copy, one React context, about 4 KB gzipped less in the first load (issue 16).
    dedupe: ['react-i18next'],
  },
  plugins: [react(), stylesAfterShell(), precompress()],
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 1500 },
  server: { port: 5173, proxy: { '/api': 'http://localhost:8080' } },
}));
