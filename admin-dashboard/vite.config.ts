import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The API serves the build at /admin/ (services/api/src/web/serve-web-apps.ts).
  base: '/admin/',
  plugins: [react()],
  resolve: {
    // The shared contract is compiled from source into the app (it is CommonJS when built for Node).
    alias: { '@kort/contracts': fileURLToPath(new URL('../services/contracts/src/index.ts', import.meta.url)) },
    // npm nests several copies of these (react-admin's own, react-router-dom's, this workspace's, and
    // the player app's react-router 8 at the root). One copy each, or react-admin's router and query
    // contexts are not the ones our code reads.
    dedupe: ['react', 'react-dom', 'react-router', 'react-router-dom', 'ra-core'],
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/socket.io': { target: 'ws://127.0.0.1:3000', ws: true } } },
  build: { outDir: 'dist', sourcemap: true },
  test: {
    environment: 'jsdom',
    globals: true,
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    // Two test files at a time, one a core: Vitest's default leaves one of a 2-core CI machine's idle
    // (measured: the whole suite in about two thirds of the time).
    maxWorkers: 2,
    // A hang detector, not a speed target (those live in `npm run bench`): as the Jest suites' 30 s. Vitest's
    // 5 s failed a page test that takes 2-3 s on an idle machine when CI ran at a third of its speed.
    testTimeout: 30_000,
    // React Admin and Material UI are thousands of small files, loaded again by every test file:
    // pre-bundled once into node_modules/.vite/vitest, their imports took 24 s of the workers' time
    // instead of 57 (decision 0126). socket.io-client stays out: bundled for jsdom it takes its Node
    // build and fails.
    deps: {
      optimizer: {
        client: {
          enabled: true,
          include: [
            'react-admin',
            'ra-core',
            '@mui/material',
            'react',
            'react-dom',
            'react-dom/client',
            '@tanstack/react-query',
            'react-router',
            'react-router-dom',
            '@mui/x-charts/BarChart',
            '@testing-library/react',
            '@testing-library/user-event',
            'ra-data-simple-rest',
            'ra-i18n-polyglot',
            'ra-language-russian',
          ],
        },
      },
    },
  },
});
