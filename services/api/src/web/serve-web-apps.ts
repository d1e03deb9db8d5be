import type { NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import express, { type NextFunction, type Request, type Response } from 'express';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Where the built player app is: PLAYER_WEB_DIR, or the workspace's player-web/dist. */
export function playerWebDir(): string {
  return process.env.PLAYER_WEB_DIR ?? resolve(__dirname, '../../../../player-web/dist');
}

const NOT_THE_APP = /^\/(api|socket\.io|admin)(\/|$)/;

/**
 * Serves the player app at `/` (ARCHITECTURE.md section 2): its files, and index.html for every
 * other GET that is not the API, socket.io or the admin dashboard, so client-side routes load.
 * Without a build (API-only tests) nothing is served and those paths stay 404.
 */
export function servePlayerWeb(app: NestExpressApplication): void {
  const root = playerWebDir();
  const index = join(root, 'index.html');
  if (!existsSync(index)) return;
  // Gzip for the app's files (a phone at the door is on mobile data): the scripts shrink to a
  // third. API answers are small JSON and are left as they are.
  const gzip = compression();
  app.use((request: Request, response: Response, next: NextFunction) =>
    NOT_THE_APP.test(request.path) ? next() : gzip(request, response, next),
  );
  // Vite names built assets by content hash: cached for good. Everything else is revalidated.
  app.use('/assets', express.static(join(root, 'assets'), { index: false, maxAge: '1y', immutable: true }));
  app.use(express.static(root, { index: false, maxAge: 0, fallthrough: true }));
  app.use((request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'GET' || NOT_THE_APP.test(request.path)) return next();
    response.setHeader('Cache-Control', 'no-cache');
    response.sendFile(index);
  });
}
