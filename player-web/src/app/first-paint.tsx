import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppScreens } from './app';
import { createQueryClient } from './query-client';
import { routes, type AppRoute } from './route-map';
import { PRERENDERED_ATTRIBUTE } from './start';

/**
 * The build's prerenderer (vite.config.ts runs it in Node after the app is built): each path of the
 * route map as the app first shows it, before any answer of the API: the login and registration
 * forms whole, a signed-in screen as its frame (menu) with its heading and "Загрузка…". The server
 * sends that page for the path, so a phone paints it as soon as the HTML is in, without waiting for
 * the app's JavaScript (player-web/README.md, "First paint").
 */

/** Every route of the map, the signed-in shell's screens included. */
const allRoutes = (list: AppRoute[] = routes): AppRoute[] =>
  list.flatMap((route) => [route, ...allRoutes(route.children ?? [])]);

/** Every path of the route map with a page of its own ('*' patterns have none; they end elsewhere). */
export const prerenderedPaths = (): string[] =>
  allRoutes().flatMap((route) => (route.path && !route.path.includes('*') ? [route.path] : []));

/**
 * A screen made from its history entry (the game card, the code screen) sends a visit without one
 * elsewhere with react-router's <Navigate>; the prerender has no entry, so that page is its frame
 * alone, and react-router's warning that the redirect does nothing here is expected.
 */
const EXPECTED_WARNING = /<Navigate> must not be used on the initial render in a <StaticRouter>/;

/** Every screen's code, loaded once for all the pages. */
let everyScreen: Promise<unknown> | undefined;

/**
 * The app's markup at `path`, with nothing answered yet. Every screen's code is loaded first, so
 * that each page is rendered in one synchronous pass, with nothing left waiting for code.
 */
export async function renderFirstPaint(path: string): Promise<string> {
  await (everyScreen ??= Promise.all(allRoutes().flatMap((route) => route.Component?.preload?.() ?? [])));
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!EXPECTED_WARNING.test(String(args[0]))) warn(...args);
  };
  try {
    return renderToString(
      <StrictMode>
        <StaticRouter location={path}>
          <AppScreens queryClient={createQueryClient()} />
        </StaticRouter>
      </StrictMode>,
    );
  } finally {
    console.warn = warn;
  }
}

/** `template` (the built index.html) with the first paint of `path` in its #root. */
export async function firstPaintPage(template: string, path: string): Promise<string> {
  const empty = '<div id="root"></div>';
  if (!template.includes(empty)) throw new Error(`index.html has no ${empty} to prerender into`);
  const markup = await renderFirstPaint(path);
  return template.replace(empty, () => `<div id="root" ${PRERENDERED_ATTRIBUTE}="${path}">${markup}</div>`);
}
