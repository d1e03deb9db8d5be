import { QUEUES } from '../src/queues/queues';
import { startTestApp, type TestApp } from './support/test-app';

let api: TestApp;
beforeAll(async () => {
  api = await startTestApp();
});
afterAll(() => api.close());

test('GET /api/health/ reports Postgres, Redis and the queues', async () => {
  const response = await api.client().get('/api/health/');
  expect(response.status).toBe(200);
  expect(response.body).toMatchObject({
    detail: 'ok',
    postgres: 'up',
    redis: 'up',
    queues: {
      mail: { waiting: expect.any(Number) },
      accounts: { delayed: expect.any(Number) },
      'no-shows': { delayed: expect.any(Number) },
      waitlist: { waiting: expect.any(Number) },
      'notify-email': { waiting: expect.any(Number) },
      'notify-telegram': { waiting: expect.any(Number) },
      'notify-push': { failed: expect.any(Number) },
    },
  });
  // Every queue the API has, none forgotten: a queue added to queues.ts is watched without a second list.
  expect(Object.keys(response.body.queues as object).sort()).toEqual(Object.values(QUEUES).sort());
});

test('OpenAPI is served at /api/docs/ and documents the account calls with their bodies', async () => {
  const page = await api.client().get('/api/docs/');
  expect(page.status).toBe(200);
  expect(page.text).toContain('swagger');

  const document = await api.client().get('/api/docs-json');
  expect(document.status).toBe(200);
  const paths = Object.keys(document.body.paths as object);
  expect(paths).toEqual(expect.arrayContaining(['/api/login', '/api/register', '/api/reset_password', '/api/health']));
  const register = document.body.paths['/api/register'].post.requestBody.content['application/json'].schema;
  expect(Object.keys(register.properties)).toEqual(
    expect.arrayContaining(['email', 'phone_number', 'name_user', 'password1', 'password2']),
  );
  // Shapes the spec leaves "not shown" are published too.
  const shelves = document.body.paths['/api/shelves'].get.responses['200'].content['application/json'].schema;
  expect(shelves.properties.detail.items.properties.status.enum).toEqual(['free', 'occupied', 'blocked']);
  const reserveParameters = document.body.paths['/api/reserve_shelf'].get.parameters as { name: string }[];
  expect(reserveParameters.map((parameter) => parameter.name)).toEqual(['id']);
});
