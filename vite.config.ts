// Vite: the lab's source lives in web/, static assets in public/, the build in dist/.
// `base: './'` makes every URL in the build relative, so dist/ works from any sub-path. The build
// also gets a Content-Security-Policy and a service worker (scripts/vite-plugins.ts).
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { contentSecurityPolicy, serviceWorker } from './scripts/vite-plugins';

const PUBLIC_DIR = fileURLToPath(new URL('./public', import.meta.url));

export default defineConfig({
  root: 'web',
  publicDir: '../public',
  base: './',
  plugins: [react(), contentSecurityPolicy(), serviceWorker(PUBLIC_DIR)],
  server: {
    host: '127.0.0.1',
    port: 5173,
    // The default scenario is imported from content/, outside the Vite root.
    fs: { allow: ['..'] },
  },
  preview: { host: '127.0.0.1', port: 4173 },
  worker: { format: 'es' },
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1024,
  },
});
