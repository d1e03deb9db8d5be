import type { NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import express, { type NextFunction, type Request, type Response } from 'express';
import { existsSync, readdirSync } from 'node:fs';
import { join, sep } from 'node:path';

/** Where the two built apps are (AppConfig's `webApps`: PLAYER_WEB_DIR, ADMIN_WEB_DIR). */
export interface WebAppDirs {
  playerDir: string;
  adminDir: string;
}

/** How long a browser keeps the player app's unhashed files (icons, the manifest) without asking. */
const ICONS_MAX_AGE = '1d';

const NOT_THE_PLAYER_APP = /^\/(api|socket\.io|admin|metrics)(\/|$)/;

/**
 * Serves both web apps: the admin dashboard at `/admin/` and the player app at `/`. A build that
 * is missing (API-only tests) is not served and its paths stay 404.
 */
export function serveWebApps(app: NestExpressApplication, dirs: WebAppDirs): void {
  serveAdminDashboard(app, dirs.adminDir);
  servePlayerApp(app, dirs.playerDir);
}

/**
 * The player app: its files, and a page for every other GET that is not the API, socket.io,
 * `/metrics` or the admin dashboard, so client-side routes load: the path's prerendered page
 * (`<path>/index.html`, the route's first paint written by the build), else index.html. A hashed
 * file under `/assets/` that is gone (a tab opened before a deploy asks for the old chunk) is a 404:
 * answering it with index.html would hand the browser HTML as a script, and the app could not tell
 * it must reload.
 */
function servePlayerApp(app: NestExpressApplication, root: string): void {
  const index = join(root, 'index.html');
  if (!existsSync(index)) return;
  const pages = prerenderedPages(root);
  const player = express.Router();
  // Gzip for the app's files (a phone at the door is on mobile data): the scripts shrink to a
  // third. API answers are small JSON and never pass through here.
  player.use(compression());
  // Vite names built assets by content hash: cached for good. Everything else is revalidated.
  player.use('/assets', express.static(join(root, 'assets'), { index: false, maxAge: '1y', immutable: true }));
  // The icons and the manifest keep their names from build to build: kept a day, so that the mark
  // drawn again when the app replaces a prerendered page comes from the cache, not from the network
  // (a phone would show an empty square meanwhile). A page itself is always revalidated, and so is
  // the service worker (`/sw.js`, web push): a browser must see a new one at once. No redirect of a
  // page's folder (`/reserve` → `/reserve/`): its page is sent below.
  player.use(
    express.static(root, {
      index: false,
      maxAge: ICONS_MAX_AGE,
      fallthrough: true,
      redirect: false,
      setHeaders: (response, path) =>
        (path.endsWith('.html') || path.endsWith('/sw.js')) && response.setHeader('Cache-Control', 'no-cache'),
    }),
  );
  player.use((request: Request, response: Response, next: NextFunction) => {
    if (!isAppRoute(request)) return next();
    sendPage(response, pages.get(request.path.replace(/(.)\/+$/, '$1')) ?? index);
  });
  // The API, socket.io, /metrics and the dashboard never reach the player app: no file lookup
  // (a stat per API request) and no gzip wrapper on their answers.
  app.use((request: Request, response: Response, next: NextFunction) =>
    NOT_THE_PLAYER_APP.test(request.path) ? next() : player(request, response, next),
  );
}

/**
 * The build's prerendered pages by the path they are for (`reserve/index.html` → `/reserve`), read
 * once at start: a request never names a file of its own choosing.
 */
function prerenderedPages(root: string): Map<string, string> {
  const pages = new Map<string, string>();
  for (const name of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    const parts = name.split(sep);
    if (parts.length < 2 || parts.at(-1) !== 'index.html' || parts[0] === 'assets') continue;
    pages.set(`/${parts.slice(0, -1).join('/')}`, join(root, name));
  }
  return pages;
}

/**
 * The admin dashboard (built with base `/admin/`): the same rules under `/admin`. Every GET there
 * that is not a file answers index.html (the dashboard's routes are browser paths), except under
 * `/admin/assets/`, as for the player app.
 */
function serveAdminDashboard(app: NestExpressApplication, root: string): void {
  const index = join(root, 'index.html');
  if (!existsSync(index)) return;
  const dashboard = express.Router();
  dashboard.use(compression());
  dashboard.use('/assets', express.static(join(root, 'assets'), { index: false, maxAge: '1y', immutable: true }));
  dashboard.use(express.static(root, { index: false, maxAge: 0, fallthrough: true }));
  dashboard.use((request: Request, response: Response, next: NextFunction) => {
    if (!isAppRoute(request)) return next();
    sendPage(response, index);
  });
  app.use('/admin', dashboard);
}

/** A browser path of the app (answered with index.html): a GET that is not under `/assets/`. */
function isAppRoute(request: Request): boolean {
  return request.method === 'GET' && !request.path.startsWith('/assets/');
}

function sendPage(response: Response, page: string): void {
  response.setHeader('Cache-Control', 'no-cache');
  response.sendFile(page);
}
