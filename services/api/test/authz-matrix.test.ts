import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Response } from 'supertest';
import { fleetMessages, messages } from '@kort/contracts';
import { OWNED_OBJECTS, type ServerCredential } from '../src/common/route-policy';
import { waitFor } from './support/wait';
import { AuthzWorld, IDENTITIES, isAdmin, type Identity } from './support/authz-world';
import { realAgent } from './support/real-agent';
import { listRouterEndpoints, type RouterEndpoint } from '../src/common/http';
import { listRoutes, type RouteInfo } from './support/routes';
import { startFakeYooKassa, type FakeYooKassa } from './support/fake-yookassa';
import { startTestApp, type TestApp } from './support/test-app';
import { TestClock } from './support/test-clock';

// The authorization matrix: every route of the app's router × {anonymous, player, another player,
// admin (an owner), site admin (of the default site only)} × {with, without the CSRF header}. What
// each cell must answer follows from the declarations on the handler (@Public, @AdminOnly,
// @OwnersOnly, @ChangesState, @OwnObject), never from a list kept here. "The player" owns real
// objects (support/authz-world.ts); "another player" and the admins name them too, and must neither
// change them nor see the player's e-mail, name or calendar link. A second site has its own records
// (support/authz-other-site.ts): every admin route called by the site admin with `?site_id=` of
// that site is refused (403), and naming its records by id is "not found" (404); either way its
// data stays as it was and its texts are never shown. Own database and a real agent: the cells move
// devices, shelves, games.

type MatrixRoute = Pick<
  RouteInfo,
  | 'method'
  | 'path'
  | 'isPublic'
  | 'serverCall'
  | 'adminOnly'
  | 'ownersOnly'
  | 'changesState'
  | 'owns'
  | 'shares'
  | 'params'
  | 'queryFields'
  | 'bodyFields'
> & { source: string };

type Expected =
  | { outcome: 'refused'; status: number; detail: string }
  /** The owner on their own object: the call must really work (else the fixture proves nothing). */
  | { outcome: 'succeeds' }
  /** Past every authorization check: anything but 401, 403, a 5xx or the router's "no such path". */
  | { outcome: 'allowed'; notFoundMeansMissed: boolean };

let api: TestApp;
let agent: Awaited<ReturnType<typeof realAgent>>;
let yookassa: FakeYooKassa;
let world: AuthzWorld;
let routes: RouteInfo[];
let endpoints: RouterEndpoint[];
const checked = new Set<string>();
let cells = 0;

beforeAll(async () => {
  // A shop (the fake YooKassa) so that paying for a held game is a route that succeeds for its player.
  yookassa = await startFakeYooKassa();
  api = await startTestApp({ ...yookassa.env, YOOKASSA_NOTIFY_FROM: '192.0.2.1/32' }, new TestClock(), {
    ownDatabase: true,
  });
  agent = await realAgent(`http://127.0.0.1:${(api.server.address() as { port: number }).port}`);
  await waitFor(() => agent.connected());
  routes = listRoutes(api.app);
  endpoints = listRouterEndpoints(api.app);
  world = await AuthzWorld.create(api, agent);
}, 30_000);
afterAll(async () => {
  await agent?.stop().catch(() => undefined);
  await api?.close();
  await yookassa?.close();
});

/** `GET /api/profile/`: the router's paths have no trailing slash, the apps' calls have one. */
const key = (route: { method: string; path: string }) => `${route.method} ${route.path.replace(/\/?$/, '/')}`;
const endpointKey = (endpoint: RouterEndpoint) => key({ method: endpoint.methods.join(','), path: endpoint.path });

/**
 * What a router endpoint is. Nest's handlers carry their declarations; Swagger's documents are
 * served by SwaggerModule (app.factory.ts) outside Nest's guards, public like the README says;
 * Nest's middleware bindings (session, CSRF cookie, metrics) run before a handler and answer
 * nothing themselves. Anything else is a route nobody declared: the test fails on it.
 */
function classify(endpoint: RouterEndpoint): 'nest' | 'swagger' | 'middleware' | 'unknown' {
  const [method, ...more] = endpoint.methods;
  if (more.length || endpoint.handlers.every((name) => name === 'handler')) return 'middleware';
  if (endpoint.handlers.length === 1 && routes.some((r) => r.handler === endpoint.handlers[0])) return 'nest';
  if (method === 'GET' && /^\/api\/docs([-/]|$)/.test(endpoint.path)) return 'swagger';
  return 'unknown';
}

const SWAGGER = 'SwaggerModule (OpenAPI, public)';

function matrixRoutes(): MatrixRoute[] {
  const swagger = endpoints
    .filter((endpoint) => classify(endpoint) === 'swagger')
    .map((endpoint) => ({
      method: 'GET' as const,
      path: endpoint.path, // exactly as Swagger registered it
      isPublic: true,
      serverCall: null,
      adminOnly: false,
      ownersOnly: false,
      changesState: false,
      params: [],
      queryFields: [],
      bodyFields: [],
      source: SWAGGER,
    }));
  return [...routes.map((route) => ({ ...route, source: route.handler })), ...swagger];
}

/** What each server credential's check answers a caller who does not prove it. */
const SERVER_REFUSALS: Record<ServerCredential, [number, string]> = {
  'telegram-secret': [401, messages.webhookRefused],
  'yookassa-address': [403, messages.paymentNotifyRefused],
  'agent-token': [401, fleetMessages.agentRefused],
};

function expectedAnswer(route: MatrixRoute, who: Identity, csrf: boolean): Expected {
  const refused = (status: number, detail: string): Expected => ({ outcome: 'refused', status, detail });
  // Telegram's webhook: nobody here holds its secret, with or without a session or the CSRF header;
  // YooKassa's notifications: nobody here is at YooKassa's addresses; an agent's calls (/api/edge/):
  // nobody here sends a site's token.
  if (route.serverCall) return refused(...SERVER_REFUSALS[route.serverCall]);
  if (route.changesState && !csrf) return refused(403, messages.csrfFailed);
  if (!route.isPublic && who === 'anonymous') return refused(401, messages.notAuthenticated);
  if (route.adminOnly && !isAdmin(who)) return refused(403, messages.forbidden);
  if (route.ownersOnly && who === 'site admin') return refused(403, messages.siteOwnersOnly);
  if (route.owns) {
    const policy = OWNED_OBJECTS[route.owns.kind];
    if ('secretLink' in policy || who === 'player') return { outcome: 'succeeds' };
    return refused(policy.refusal.status, policy.refusal.detail);
  }
  // @nestjs/swagger answers its own /LICENSE with 404 on purpose: only a Nest route can be missed.
  return { outcome: 'allowed', notFoundMeansMissed: route.source !== SWAGGER };
}

/** Null when the answer is the expected one, else what went wrong. */
function judge(expected: Expected, response: Response): string | null {
  const detail: unknown = (response.body as { detail?: unknown } | undefined)?.detail;
  const got = `${response.status}${typeof detail === 'string' ? ` «${detail}»` : ''}`;
  switch (expected.outcome) {
    case 'refused':
      return response.status === expected.status && detail === expected.detail
        ? null
        : `expected ${expected.status} «${expected.detail}», got ${got}`;
    case 'succeeds':
      return response.status >= 200 && response.status < 300 ? null : `expected a 2xx on its own object, got ${got}`;
    case 'allowed':
      if (response.status === 401 || response.status === 403 || response.status >= 500)
        return `expected allowed, got ${got}`;
      if (expected.notFoundMeansMissed && response.status === 404 && detail === messages.notFound) {
        return `reached no handler: ${got}`;
      }
      return null;
  }
}

/** The player's live objects that the route's declared fields name (made live again first). */
function valuesFor(route: MatrixRoute): Promise<Record<string, string | number>> {
  if (route.owns) return world.ownedValues(route.owns.kind);
  if (route.shares) return world.sharedValues(route.shares.kind);
  return Promise.resolve({});
}

/** The call as the apps make it; other parameters are left out (a 400 is past authorization too). */
function call(
  route: MatrixRoute,
  who: Identity,
  csrf: boolean,
  values: Record<string, string | number | boolean>,
  site?: string,
) {
  const path = route.path.replace(/:([^/]+)/g, (_, name: string) => encodeURIComponent(String(values[name] ?? 1)));
  const query = new URLSearchParams();
  for (const field of route.queryFields) if (values[field] !== undefined) query.set(field, String(values[field]));
  if (site !== undefined) query.set('site_id', site);
  const url = query.size ? `${path}?${query.toString()}` : path;
  const body = Object.fromEntries(route.bodyFields.filter((f) => values[f] !== undefined).map((f) => [f, values[f]]));
  const client = world.client(who);
  switch (route.method) {
    case 'GET':
      return client.get(url, { csrf });
    case 'POST':
      return client.post(url, body, { csrf });
    case 'PUT':
      return client.put(url, body, { csrf });
    case 'PATCH':
      return client.patch(url, body, { csrf });
    case 'DELETE':
      return client.delete(url, { csrf });
  }
}

/**
 * The site admin on an admin route, aimed at the other site: with `?site_id=` of it (403, the
 * gate's refusal), and naming its records by id (404, the resource's own); an owners' route refuses
 * them first. Either way the other site's data stays as it was and none of its texts is shown.
 */
async function otherSiteCells(route: MatrixRoute, violations: string[]): Promise<void> {
  const site = world.otherSite;
  const byId = site.recordValues(route);
  const aims: { name: string; values: Record<string, string | number | boolean>; site?: string }[] = [
    { name: `?site_id=${site.id}`, values: {}, site: site.id },
    ...(byId ? [{ name: `its records by id ${JSON.stringify(byId)}`, values: byId }] : []),
  ];
  for (const aim of aims) {
    for (const csrf of [false, true]) {
      const cell = `site admin, ${csrf ? 'with' : 'without'} CSRF, the other site's ${aim.name} → ${key(route)} (${route.source})`;
      const before = await site.snapshot();
      const response = await call(route, 'site admin', csrf, aim.values, aim.site);
      cells += 1;
      const detail: unknown = (response.body as { detail?: unknown } | undefined)?.detail;
      const got = `${response.status}${typeof detail === 'string' ? ` «${detail}»` : ''}`;
      const expected: [number, string | null] =
        route.changesState && !csrf
          ? [403, messages.csrfFailed]
          : route.ownersOnly
            ? [403, messages.siteOwnersOnly]
            : aim.site
              ? [403, messages.siteNotYours]
              : [404, null];
      const [status, text] = expected;
      // A 404 of the router would mean the handler was never reached: the record's own is expected.
      const right = response.status === status && (text === null ? detail !== messages.notFound : detail === text);
      if (!right) violations.push(`${cell}: expected ${status}${text ? ` «${text}»` : ' (not found)'}, got ${got}`);
      if ((await site.snapshot()) !== before) violations.push(`${cell}: changed the other site's data`);
      const seen = site.secrets.filter((secret) => response.text?.includes(secret));
      if (seen.length) violations.push(`${cell}: the answer shows the other site's ${seen.join(', ')}`);
      if (route.changesState && response.status < 400) await world.revive('site admin');
    }
  }
}

describe('authorization matrix', () => {
  const violations: string[] = [];

  test('every route × {anonymous, player, another player, admin, site admin} × {with, without CSRF} answers as declared', async () => {
    const started = Date.now();
    const all = matrixRoutes();
    for (const route of all) {
      for (const who of IDENTITIES) {
        for (const csrf of [false, true]) {
          const expected = expectedAnswer(route, who, csrf);
          const cell = `${who}, ${csrf ? 'with' : 'without'} CSRF → ${key(route)} (${route.source})`;
          // The owner's data may change only through the owner's own calls and the admins' routes.
          const guarded = who !== 'player' && !(isAdmin(who) && route.adminOnly);
          const values = await valuesFor(route);
          const before = guarded ? await world.ownerSnapshot() : '';
          const secrets = guarded ? await world.ownerSecrets() : [];
          const response = await call(route, who, csrf, values);
          cells += 1;
          const wrong = judge(expected, response);
          if (wrong) violations.push(`${cell}: ${wrong}`);
          if (who === 'site admin') {
            const seen = world.otherSite.secrets.filter((secret) => response.text?.includes(secret));
            if (seen.length) violations.push(`${cell}: the answer shows the other site's ${seen.join(', ')}`);
          }
          if (guarded) {
            if ((await world.ownerSnapshot()) !== before) violations.push(`${cell}: changed the player's data`);
            const secretLink = route.owns && 'secretLink' in OWNED_OBJECTS[route.owns.kind];
            const seen = secretLink ? [] : secrets.filter((secret) => response.text?.includes(secret));
            if (seen.length) violations.push(`${cell}: the answer shows the player's ${seen.join(', ')}`);
          }
          if (route.changesState && response.status < 400) await world.revive(who);
        }
      }
      if (route.adminOnly) await otherSiteCells(route, violations);
      checked.add(key(route));
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`${all.length} routes: ${cells} cells checked, ${violations.length} violations (${seconds} s)`);
    // `npm run bench` collects these.
    writeFileSync(
      process.env.AUTHZ_FIGURES ?? join(tmpdir(), 'kort-authz-figures.json'),
      JSON.stringify({ routes: all.length, cells, violations, seconds }, null, 2),
    );
    expect(violations).toEqual([]);
    // Nothing is skipped: every route, every identity, with and without the header.
    expect(cells).toBeGreaterThanOrEqual(all.length * IDENTITIES.length * 2);
  }, 240_000);

  test('the matrix covered every endpoint of the router, and the router has no route nobody declared', () => {
    const unknown = endpoints.filter((endpoint) => classify(endpoint) === 'unknown').map(endpointKey);
    expect(unknown).toEqual([]);
    const served = endpoints.filter((endpoint) => ['nest', 'swagger'].includes(classify(endpoint))).map(endpointKey);
    expect([...checked].sort()).toEqual([...new Set(served)].sort());
    expect([...checked]).toEqual(expect.arrayContaining(routes.map(key)));
    expect(routes.length).toBeGreaterThanOrEqual(80);
    // The club booking for a player is in the matrix as an admin's change (CSRF and admin checked above).
    expect(routes.find((r) => r.method === 'POST' && key(r) === 'POST /api/admin/bookings/')).toMatchObject({
      adminOnly: true,
      changesState: true,
    });
  });

  test("every route that names an object says whose it is: the caller's own, or the club's", () => {
    const idLike = /^id$|^id_|_id$|Id$/;
    // Sanity: the query and body declarations are read (a renamed metadata key would hide fields).
    expect(routes.find((r) => r.path === '/api/open_shelf/')?.queryFields).toEqual(['shelf_id']);
    expect(routes.find((r) => r.path === '/api/recieve/')?.bodyFields).toEqual(['qr_code']);
    const problems: string[] = [];
    for (const route of routes) {
      const declared = [...(route.owns?.fields ?? []), ...(route.shares?.fields ?? [])];
      const names = [...route.params, ...[...route.queryFields, ...route.bodyFields].filter((f) => idLike.test(f))];
      const fields = new Set([...route.params, ...route.queryFields, ...route.bodyFields]);
      const where = `${key(route)} (${route.handler})`;
      if (route.adminOnly) {
        // Admins act on anyone's objects: an ownership declaration there would be a mistake.
        if (route.owns || route.shares) problems.push(`${where}: admin-only, yet declares an object`);
        continue;
      }
      for (const name of names.filter((n) => !declared.includes(n))) {
        problems.push(`${where}: names an object by "${name}" but has no @OwnObject or @SharedObject for it`);
      }
      for (const name of declared.filter((n) => !fields.has(n))) {
        problems.push(`${where}: declares "${name}", which is no path parameter, query or body field`);
      }
    }
    expect(problems).toEqual([]);
    // send, end, delete_order, recieve, open_shelf, close_shelf, cancel_reservation, the calendar feed.
    expect(routes.filter((route) => route.owns).length).toBeGreaterThanOrEqual(8);
  });
});
