import react from '@vitejs/plugin-react';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import type * as Prerenderer from './src/app/first-paint';
import { defineConfig } from 'vitest/config';

/** The prerenderer (src/app/first-paint.tsx), built for Node where the build can run it and not served. */
const FIRST_PAINT_ENTRY = 'src/app/first-paint.tsx';
const FIRST_PAINT_OUT = 'node_modules/.first-paint';

/**
 * After the app and its prerenderer are built, writes each route's first paint: `dist/index.html`
 * for `/`, `dist/<path>/index.html` for the others (what a static host's try_files finds too). The
 * API sends that page for the path (player-web/README.md, "First paint"). The app's one stylesheet
 * goes into the page itself: the page paints as soon as its HTML is in, one round trip sooner than
 * with a stylesheet to fetch first (5 KB gzipped, all the CSS there is: no route's screen waits for
 * a stylesheet of its own either).
 */
function firstPaint(): Plugin {
  return {
    name: 'kort:first-paint',
    buildApp: {
      order: 'post',
      async handler(builder) {
        const { client, ssr } = builder.environments;
        if (!client || !ssr) throw new Error('the client and ssr environments are both needed');
        for (const environment of [client, ssr]) if (!environment.isBuilt) await builder.build(environment);
        const prerenderer = (await import(
          pathToFileURL(join(ssr.config.root, FIRST_PAINT_OUT, 'first-paint.js')).href
        )) as typeof Prerenderer;
        const dist = join(client.config.root, client.config.build.outDir);
        const template = await inlineStylesheets(await readFile(join(dist, 'index.html'), 'utf8'), dist);
        const paths = prerenderer.prerenderedPaths();
        for (const path of paths) {
          const directory = join(dist, path);
          await mkdir(directory, { recursive: true });
          await writeFile(join(directory, 'index.html'), await prerenderer.firstPaintPage(template, path));
        }
        builder.config.logger.info(`first paint: ${paths.length} pages prerendered (${paths.join(', ')})`);
      },
    },
  };
}

/**
 * `html` with each `<link rel="stylesheet">` of the build replaced by a `<style>` holding that file,
 * which goes: every page of the app is written from this one.
 */
async function inlineStylesheets(html: string, dist: string): Promise<string> {
  let inlined = html;
  for (const [link, href] of html.matchAll(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g)) {
    const css = await readFile(join(dist, href!), 'utf8');
    inlined = inlined.replace(link, () => `<style>${css.trim()}</style>`);
    await rm(join(dist, href!));
  }
  return inlined;
}

/**
 * The service worker, src/sw.ts built to `dist/sw.js` (web push). Only its build is
 * wanted from vite-plugin-pwa: no manifest (public/manifest.webmanifest is the app's), no script
 * injected into the pages (src/app/service-worker.ts registers it once the app is up) and no
 * precache (injectionPoint undefined: the worker holds no `self.__WB_MANIFEST`, it caches nothing).
 */
const serviceWorker = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    manifest: false,
    injectRegister: false,
    injectManifest: { injectionPoint: undefined },
  });

export default defineConfig({
  plugins: [react(), firstPaint(), serviceWorker()],
  resolve: {
    // The shared contract is compiled from source into the app (it is CommonJS when built for Node).
    alias: { '@kort/contracts': fileURLToPath(new URL('../services/contracts/src/index.ts', import.meta.url)) },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/socket.io': { target: 'ws://127.0.0.1:3000', ws: true } } },
  build: { outDir: 'dist', sourcemap: true, cssCodeSplit: false },
  // `vite build` builds both: the app, then the prerenderer that firstPaint() runs.
  builder: {},
  environments: {
    ssr: { build: { outDir: FIRST_PAINT_OUT, emptyOutDir: true, rollupOptions: { input: FIRST_PAINT_ENTRY } } },
  },
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
  },
});
