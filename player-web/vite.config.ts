import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: {
    // The shared contract is compiled from source into the app (it is CommonJS when built for Node).
    alias: { '@kort/contracts': fileURLToPath(new URL('../services/contracts/src/index.ts', import.meta.url)) },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/socket.io': { target: 'ws://127.0.0.1:3000', ws: true } } },
  build: { outDir: 'dist', sourcemap: true },
  test: { environment: 'jsdom', globals: true, include: ['test/**/*.test.{ts,tsx}'] },
});
