import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { startTestApp, type TestApp } from './support/test-app';

// The document clients get at /api/docs-json: valid OpenAPI (checked by a validator nobody here
// wrote), with each operation's session, CSRF header and refusals as the request gate enforces
// them. `npm run check` lints the same document with Redocly (package.json, openapi:lint).

let api: TestApp;
interface Operation {
  security?: Record<string, string[]>[];
  responses: Record<string, { description: string; content?: unknown }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: unknown; schemas: Record<string, { required?: string[] }> };
}
let document: Document;
beforeAll(async () => {
  api = await startTestApp();
  const response = await request(api.server).get('/api/docs-json');
  expect(response.status).toBe(200);
  document = response.body as Document;
});
afterAll(() => api.close());

const operation = (path: string, method: string): Operation => document.paths[path]![method]!;

test('the document is valid OpenAPI 3.1 (swagger-parser), schemas and references included', () => {
  expect(document.openapi).toBe('3.1.0');
  // swagger-parser is ESM only: it runs as `npm run check` runs it.
  const file = join(mkdtempSync(join(tmpdir(), 'kort-openapi-')), 'openapi.json');
  writeFileSync(file, JSON.stringify(document));
  const validator = join(__dirname, '../../../scripts/validate-openapi.mjs');
  expect(execFileSync(process.execPath, [validator, file], { encoding: 'utf8' })).toContain('valid OpenAPI 3.1.0');
});

test('what `npm run check` lints is what the API serves', () => {
  const printed = execFileSync(process.execPath, [join(__dirname, '../dist/cli/openapi.js')], { encoding: 'utf8' });
  expect(JSON.parse(printed)).toEqual(document);
});

test('the session cookie and the X-CSRFToken header are declared and required where the API requires them', () => {
  expect(document.components.securitySchemes).toEqual({
    sessionid: { type: 'apiKey', in: 'cookie', name: 'sessionid' },
    csrf: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-CSRFToken' }),
    agentToken: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
  });
  // An agent's own call: its site's token, no session.
  expect(operation('/api/edge/releases/{version}', 'get').security).toEqual([{ agentToken: [] }]);
  // Public and read-only: nothing needed.
  expect(operation('/api/give_rules', 'get').security).toEqual([]);
  // Public but changes state: the CSRF header only.
  expect(operation('/api/login', 'post').security).toEqual([{ csrf: [] }]);
  // A player's read: the session.
  expect(operation('/api/my-orders', 'get').security).toEqual([{ sessionid: [] }]);
  // A GET that changes state (the spec's): session and header.
  expect(operation('/api/send/{gameId}', 'get').security).toEqual([{ sessionid: [], csrf: [] }]);
  // Every operation says what it needs.
  for (const item of Object.values(document.paths)) {
    for (const op of Object.values(item)) expect(Array.isArray(op.security)).toBe(true);
  }
});

test('refusals are documented with the `detail` the apps show', () => {
  const error = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };
  expect(document.components.schemas.Error?.required).toEqual(['detail', 'code']);
  const send = operation('/api/send/{gameId}', 'get').responses;
  expect(send['401']?.content).toEqual(error);
  expect(send['403']?.description).toContain('X-CSRFToken');
  expect(send['404']?.description).toContain('Игра не найдена');
  const reserve = operation('/api/reserve_shelf', 'get').responses;
  expect(reserve['400']?.content).toEqual(error);
  const adminUsers = operation('/api/admin/users', 'get').responses;
  expect(adminUsers['403']?.description).toContain('Недостаточно прав');
  expect(operation('/api/login', 'post').responses['401']).toBeUndefined();
});
