import compression from 'compression';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import send from 'send';
import serveStatic from 'serve-static';

/** Where the two built apps are (AppConfig's `webApps`: PLAYER_WEB_DIR, ADMIN_WEB_DIR). */
export interface WebAppDirs {
  playerDir: string;
  adminDir: string;
}

/** How long a browser keeps the player app's unhashed files (icons, the manifest) without asking. */
const ICONS_MAX_AGE = '1d';

/** Paths that are never the player app's: the API, socket.io, /metrics, and the dashboard's own. */
export const NOT_THE_PLAYER_APP = /^\/(api|socket\.io|admin|metrics)(\/|$)/i;

type Next = (error?: unknown) => void;
type Raw = (request: IncomingMessage & { originalUrl?: string }, response: ServerResponse, next: Next) => void;

/** Answers a request the web apps serve, on Node's own request and response. */
export type WebAnswer = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * Both web apps: the admin dashboard at `/admin/` and the player app at `/`. `answerFor` says, from
 * the method and path alone, whether a request is theirs and how to answer it; anything else is left
 * to the API's routes (and its 404). A build that is missing (API-only tests) is not served and its
 * paths stay 404. The file lists are read once at start: the builds change only with a deploy, a
 * request never names a file of its own choosing, and no request costs a stat to find out.
 */
export class WebApps {
  private readonly player: App | null;
  private readonly dashboard: App | null;

  constructor(dirs: WebAppDirs) {
    this.dashboard = dashboardApp(dirs.adminDir);
    this.player = playerApp(dirs.playerDir);
  }

  answerFor(method: string, path: string): WebAnswer | null {
    if (/^\/admin(\/|$)/i.test(path)) return this.dashboard?.(method, path.slice('/admin'.length)) ?? null;
    if (NOT_THE_PLAYER_APP.test(path)) return null;
    return this.player?.(method, path) ?? null;
  }
}

/** One app mounted at a prefix: the answer for a method and a path under it, or null. */
type App = (method: string, path: string) => WebAnswer | null;

/**
 * The player app: its files, and a page for every other GET, so client-side routes load: the
 * path's prerendered page (`<path>/index.html`, the route's first paint written by the build), else
 * index.html. A hashed file under `/assets/` that is gone (a tab opened before a deploy asks for the
 * old chunk) is a 404: answering it with index.html would hand the browser HTML as a script, and the
 * app could not tell it must reload.
 */
function playerApp(root: string): App | null {
  const index = join(root, 'index.html');
  if (!existsSync(index)) return null;
  const files = filesOf(root);
  const pages = prerenderedPages(root);
  // Vite names built assets by content hash: cached for good. Everything else is revalidated.
  const assets = serveStatic(join(root, 'assets'), { index: false, maxAge: '1y', immutable: true, fallthrough: false });
  // The icons and the manifest keep their names from build to build: kept a day, so that the mark
  // drawn again when the app replaces a prerendered page comes from the cache, not from the network
  // (a phone would show an empty square meanwhile). A page itself is always revalidated, and so is
  // the service worker (`/sw.js`, web push): a browser must see a new one at once. No redirect of a
  // page's folder (`/reserve` → `/reserve/`): its page is sent below.
  const others = serveStatic(root, {
    index: false,
    maxAge: ICONS_MAX_AGE,
    fallthrough: false,
    redirect: false,
    setHeaders: (response, path) =>
      (path.endsWith('.html') || path.endsWith('/sw.js')) && response.setHeader('Cache-Control', 'no-cache'),
  });
  return (method, path) => {
    const file = decoded(path);
    if (file && (method === 'GET' || method === 'HEAD') && files.has(file)) {
      return file.startsWith('/assets/') ? mounted(assets, '', '/assets') : mounted(others, '', '');
    }
    if (!isAppRoute(method, path)) return null;
    return page(pages.get(path.replace(/(.)\/+$/, '$1')) ?? index);
  };
}

/**
 * The admin dashboard (built with base `/admin/`): the same rules under `/admin`. Every GET there
 * that is not a file answers index.html (the dashboard's routes are browser paths), except under
 * `/admin/assets/`, as for the player app; `/admin` itself moves to `/admin/`.
 */
function dashboardApp(root: string): App | null {
  const index = join(root, 'index.html');
  if (!existsSync(index)) return null;
  const files = filesOf(root);
  const assets = serveStatic(join(root, 'assets'), { index: false, maxAge: '1y', immutable: true, fallthrough: false });
  const others = serveStatic(root, { index: false, maxAge: 0, fallthrough: false });
  return (method, path) => {
    if (path === '' && (method === 'GET' || method === 'HEAD')) return moved('/admin/');
    const file = decoded(path);
    if (file && (method === 'GET' || method === 'HEAD') && files.has(file)) {
      return file.startsWith('/assets/') ? mounted(assets, '/admin', '/assets') : mounted(others, '/admin', '');
    }
    if (!isAppRoute(method, path)) return null;
    return page(index);
  };
}

/** A browser path of the app (answered with a page): a GET that is not under `/assets/`. */
function isAppRoute(method: string, path: string): boolean {
  return method === 'GET' && !/^\/assets\//i.test(path);
}

/**
 * Gzip for the apps' files (a phone at the door is on mobile data): the scripts shrink to a third.
 * API answers are small JSON and never pass through here.
 */
const gzip = compression() as unknown as Raw;

/** serve-static under `app` + `at` (the path it sees starts after them), behind gzip. */
function mounted(files: Raw, app: string, at: string): WebAnswer {
  return (request, response) =>
    gzip(request, response, () => {
      const raw = request as IncomingMessage & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = raw.url?.slice(app.length + at.length) || '/';
      files(raw, response, (error) => fail(response, error));
    });
}

/** A page of the app, always revalidated. */
function page(file: string): WebAnswer {
  return (request, response) =>
    gzip(request, response, () => {
      response.setHeader('Cache-Control', 'no-cache');
      send(request, file)
        .on('error', (error: unknown) => fail(response, error))
        .pipe(response);
    });
}

/** A permanent move (the dashboard's bare `/admin`), with the query kept. */
function moved(to: string): WebAnswer {
  return (request, response) => {
    const query = request.url?.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    response.statusCode = 301;
    response.setHeader('Location', `${to}${query}`);
    response.setHeader('Content-Type', 'text/html; charset=utf-8');
    response.end(`<p>Redirecting to ${to}</p>`);
  };
}

/** A file the list had but the disk could not give (a deploy in progress): a bare status. */
function fail(response: ServerResponse, error: unknown): void {
  const status = (error as { status?: number } | undefined)?.status ?? 500;
  if (response.headersSent) return void response.end();
  response.statusCode = status === 404 ? 404 : status;
  response.end();
}

/** The path as a file name (`%20` decoded), or null when it cannot be one. */
function decoded(path: string): string | null {
  try {
    const file = decodeURIComponent(path);
    return file.includes('\0') ? null : file;
  } catch {
    return null;
  }
}

/** Every file of a build, as the URL path that names it (`/assets/app-1a2b.js`); dotfiles left out. */
function filesOf(root: string): Set<string> {
  const files = new Set<string>();
  for (const name of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    const parts = name.split(sep);
    if (parts.some((part) => part.startsWith('.'))) continue;
    if (statSync(join(root, name)).isFile()) files.add(`/${parts.join('/')}`);
  }
  return files;
}

/**
 * The build's prerendered pages by the path they are for (`reserve/index.html` → `/reserve`), read
 * once at start.
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
