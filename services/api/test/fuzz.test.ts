import fc from 'fast-check';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Response } from 'supertest';
import { messages } from '@kort/contracts';
import { CODE_POLICY } from '../src/auth/one-time-codes.service';
import { PASSWORD } from './support/accounts';
import { describeInput, inputArbitrary, regression, urlOf, type FuzzInput } from './support/fuzz-inputs';
import { FuzzWorld, IDENTITIES, type Identity, type IdentityName } from './support/fuzz-world';
import { operationsOf, type OpenApiDocument } from './support/openapi';
import { listRoutes } from './support/routes';
import { startTestApp, type TestApp } from './support/test-app';

/** Where the run's figures go (`npm run bench` reads them). */
const FIGURES_FILE = process.env.FUZZ_FIGURES ?? join(tmpdir(), 'kort-fuzz-figures.json');

/**
 * Fuzzing: every operation of the OpenAPI document the app serves, called with
 * fast-check inputs built from its parameters and body schema, as an anonymous visitor, a player
 * and an admin. Two properties:
 *   (a) never a 5xx (but the product's own 503s: the court's agent offline, storage off), and every
 *       4xx is JSON with a string `detail`;
 *   (b) a refused call (4xx) changes nothing (see STATE_TABLES in support/fuzz-world.ts).
 * FUZZ_RUNS inputs per operation and identity (the default keeps this file near a minute on a
 * 2-core machine; bench can run more); FUZZ_SEED fixes the inputs, so a failure replays.
 * FUZZ_DEBUG=<part of an operation's name> prints each of its calls.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_010);
const DEBUG = process.env.FUZZ_DEBUG;

/** The 503s the product answers on purpose (the offline PIN: a game's owner, the club's agent offline). */
const EXPECTED_503 = new Set<unknown>([messages.agentOffline, messages.storageOff, messages.offlinePin]);

/**
 * Node's HTTP parser answers 431 (no body) to a request line and headers over 16 kB, before the app
 * sees anything: the server's limit, not an answer of the API.
 */
const NODE_HEADER_LIMIT = 16 * 1024;

/** Inputs that once broke a call, tried first (as each identity) as fast-check examples. */
const REGRESSIONS: Record<string, Partial<FuzzInput>[]> = {
  // 404 sent as text/calendar: the route's @Header applied to the error answer too.
  'GET /api/calendar/{file}': [{ path: { file: { text: '1', encoded: false } } }],
  // 500: past PostgreSQL's integer, the rental query failed.
  'GET /api/cancel_reservation': [{ query: { reservation_id: ['9007199254740991'] } }],
  // 500: PostgreSQL text cannot hold U+0000 (the next three too).
  'GET /api/user_search': [{ query: { email: ['\u0000'] } }],
  'GET /api/admin/users': [{ query: { filter: [JSON.stringify({ q: 'a\u0000' })] } }],
  'POST /api/register': [
    {
      body: {
        kind: 'json',
        contentType: 'application/json',
        value: {
          email: 'nul-in-name@example.com',
          phone_number: null,
          name_user: '\u0000true',
          password1: 'Новый-Пароль-2026!',
          password2: 'Новый-Пароль-2026!',
        },
      },
    },
  ],
};

/** Per operation: inputs tried, how many were refused and replayed alone, answers by status, time. */
interface Figure {
  inputs: number;
  refused: number;
  replays: number;
  statuses: Record<number, number>;
  ms: number;
}

interface Failure {
  operation: string;
  identity: IdentityName;
  problem: string;
  input: string;
}

/** Property (a): what is wrong with an answer, or null. */
function problemOf(response: Response, url: string): string | null {
  if (response.status === 431 && url.length > NODE_HEADER_LIMIT - 1024) return null;
  const type = String(response.headers['content-type'] ?? '');
  const detail: unknown = type.includes('json') ? response.body?.detail : undefined;
  const text = response.text?.slice(0, 200) ?? '';
  if (response.status >= 500) {
    return response.status === 503 && EXPECTED_503.has(detail) ? null : `${response.status}: ${text}`;
  }
  if (response.status >= 400 && typeof detail !== 'string') {
    return `${response.status} without a JSON detail (Content-Type ${type || 'none'}): ${text}`;
  }
  return null;
}

/** Refused: nothing may change. Storage off refuses too; an agent-offline 503 was tried (and logged). */
const refused = (response: Response): boolean =>
  (response.status >= 400 && response.status < 500) ||
  (response.status === 503 && response.body?.detail === messages.storageOff);

let api: TestApp;
let document: OpenApiDocument;

beforeAll(async () => {
  api = await startTestApp(
    {
      // Social login on, against the local fake provider, so its callbacks run their real checks.
      VK_CLIENT_ID: 'kort-vk-fuzz',
      VK_ID_URL: `${process.env.FAKE_OAUTH_URL}/vk`,
      YANDEX_CLIENT_ID: 'kort-yandex-fuzz',
      YANDEX_CLIENT_SECRET: 'kort-yandex-secret',
      YANDEX_OAUTH_URL: `${process.env.FAKE_OAUTH_URL}/yandex-oauth`,
      YANDEX_LOGIN_URL: `${process.env.FAKE_OAUTH_URL}/yandex-login`,
      OAUTH_TIMEOUT_MS: '1000',
    },
    undefined,
    { ownDatabase: true },
  );
  // The document the users see, not a hand-kept list.
  const answer = await api.client().get('/api/docs-json');
  expect(answer.status).toBe(200);
  document = answer.body as OpenApiDocument;
});

afterAll(() => api.close());

test('the document lists every route, and the JSON body of every route that takes one', () => {
  const operations = new Map(operationsOf(document).map((operation) => [operation.name, operation]));
  // /metrics is Prometheus's, outside /api and out of the document.
  for (const route of listRoutes(api.app).filter((r) => r.path.startsWith('/api/'))) {
    const name = `${route.method} ${route.path.replace(/:([^/]+)/g, '{$1}').replace(/\/$/, '')}`;
    expect({ name, listed: operations.has(name) }).toEqual({ name, listed: true });
    expect({ name, body: Boolean(operations.get(name)?.body) }).toEqual({ name, body: route.hasBody });
  }
});

test('every operation: no 5xx, 4xx answers in JSON, no change of state on a refused call', async () => {
  const started = Date.now();
  const operations = operationsOf(document);
  const world = new FuzzWorld(api, document);
  const who = {} as Record<IdentityName, Identity>;
  for (const name of IDENTITIES) who[name] = await world.identity(name);
  await world.setUp(who.player);

  const failures: Failure[] = [];
  const figures: Record<string, Figure> = {};
  let inputs = 0;
  let requests = 0;

  for (const [index, operation] of operations.entries()) {
    const operationStarted = Date.now();
    await world.refresh(index);
    const arbitrary = inputArbitrary(operation, await world.dictionary());
    const figure: Figure = { inputs: 0, refused: 0, replays: 0, statuses: {}, ms: 0 };
    figures[operation.name] = figure;
    const fail = (name: IdentityName, problem: string, input: unknown) =>
      failures.push({ operation: operation.name, identity: name, problem, input: describeInput(input) });

    for (const [offset, name] of IDENTITIES.entries()) {
      // Mended between batches: a batch of logouts is signed out after its first accepted one.
      who[name] = await world.repair(who[name]);
      const before = await world.snapshot();
      const rejected: FuzzInput[] = [];
      let accepted = 0;
      const result = await fc.check(
        fc.asyncProperty(arbitrary, async (input) => {
          inputs += 1;
          requests += 1;
          figure.inputs += 1;
          const response = await world.send(who[name], operation, input);
          figure.statuses[response.status] = (figure.statuses[response.status] ?? 0) + 1;
          if (DEBUG && operation.name.includes(DEBUG)) {
            const detail = String(response.body?.detail).slice(0, 80);
            process.stdout.write(`${name} ${response.status} ${detail} ${describeInput(input).slice(0, 300)}\n`);
          }
          if (refused(response)) rejected.push(input);
          else accepted += 1; // a failing answer counts too: it may have changed things
          const problem = problemOf(response, urlOf(operation, input));
          if (problem) throw new Error(problem);
        }),
        {
          seed: SEED + index * IDENTITIES.length + offset,
          numRuns: RUNS,
          examples: (REGRESSIONS[operation.name] ?? []).map((partial) => [regression(partial)]),
        },
      );
      if (result.failed) {
        const error = result.errorInstance;
        const message = error instanceof Error ? error.message : String(error);
        fail(name, message.split('\n')[0] ?? message, result.counterexample?.[0]);
      }
      figure.refused += rejected.length;

      // Property (b). Nothing changed: done. Changed with every call refused, or with some accepted
      // (which may explain it): each refused input is replayed alone between two snapshots.
      const tables = world.changed(before, await world.snapshot());
      if (tables.length === 0 || rejected.length === 0) continue;
      let culprits = 0;
      for (const input of rejected) {
        who[name] = await world.repair(who[name]);
        const start = await world.snapshot();
        requests += 1;
        figure.replays += 1;
        const response = await world.send(who[name], operation, input);
        if (!refused(response)) continue;
        const diff = world.changed(start, await world.snapshot());
        if (diff.length === 0) continue;
        culprits += 1;
        const detail = String(response.body?.detail);
        fail(name, `refused with ${response.status} (${detail}) but changed ${diff.join(', ')}`, input);
      }
      if (accepted === 0 && culprits === 0) {
        fail(name, `every call was refused, yet ${tables.join(', ')} changed (no replay alone did)`, rejected);
      }
    }
    figure.ms = Date.now() - operationStarted;
  }

  const seconds = Math.round((Date.now() - started) / 100) / 10;
  const summary = { inputs, operations: operations.length, failures: failures.length, requests, seconds };
  writeFileSync(
    FIGURES_FILE,
    JSON.stringify({ ...summary, runsPerIdentity: RUNS, seed: SEED, failures, figures }, null, 2),
  );
  console.log(
    `${inputs} inputs over ${operations.length} operations, ${failures.length} failures ` +
      `(${requests} requests, ${seconds} s, FUZZ_RUNS=${RUNS}, FUZZ_SEED=${SEED}; figures in ${FIGURES_FILE})`,
  );
  expect(failures).toEqual([]);
}, 600_000);

// Found by the fuzzer: the sixth registration of a pending e-mail within the hour was refused (429,
// no more codes) after its new name and password had been saved.
test('a registration refused for the hourly code limit leaves the pending account as it was', async () => {
  await new FuzzWorld(api, document).resetLimits();
  const client = api.client();
  const email = 'pending-limit@example.com';
  const body = (name: string) => ({
    email,
    phone_number: null,
    name_user: name,
    password1: PASSWORD,
    password2: PASSWORD,
  });
  for (let i = 0; i < CODE_POLICY.maxSentPerHour; i += 1) {
    expect((await client.post('/api/register/', body('Первый'))).status).toBe(200);
  }
  const account = () => api.db.query(`SELECT name, password_hash FROM users WHERE email = $1`, [email]);
  const before = await account();
  const refusedCall = await client.post('/api/register/', body('Второй'));
  expect({ status: refusedCall.status, detail: refusedCall.body.detail }).toEqual({
    status: 429,
    detail: messages.codeSendLimit,
  });
  expect(await account()).toEqual(before);
});
