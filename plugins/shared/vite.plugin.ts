import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The Vite build of one Base extension: served at /productimage/feishu-plugins/<name>/ (the URL a
 * user pastes into Base). The SDK chunk is big by nature (it bundles its own React and lodash), so
 * the size warning is raised; `npm run bench` prints the sizes.
 */
export function pluginViteConfig(name: string) {
  return defineConfig({
    base: `/productimage/feishu-plugins/${name}/`,
    plugins: [react()],
    build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 2500, reportCompressedSize: false },
    server: { proxy: { '/api': 'http://localhost:8080' } },
  });
}
