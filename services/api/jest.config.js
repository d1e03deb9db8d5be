/**
 * API tests: real Postgres, Redis and MailDev (test/global-setup.mjs). Every test file has a
 * database of its own, copied from the run's template (test/support/database-per-file.environment.ts),
 * so files run in parallel workers. The booking tests run again under three time zones: the answers
 * must not depend on the server's.
 */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const project = {
  testEnvironment: '<rootDir>/test/support/database-per-file.environment.ts',
  transform: { '^.+\\.(t|j)s$': swc },
  // NestJS 12 ships ESM, and so does @fastify/static's content-disposition (Swagger UI's files):
  // let swc turn them into CommonJS for jest (STACK-NOTES pitfall 7).
  transformIgnorePatterns: [
    '/node_modules/(?!(@nestjs|@fastify/static/node_modules/content-disposition|content-disposition)/)',
  ],
  moduleNameMapper: {
    '^@kort/contracts$': '<rootDir>/../contracts/src/index.ts',
    '^@kort/contracts/schedule-crypto$': '<rootDir>/../contracts/src/schedule-crypto.ts',
    '^@kort/contracts/release-crypto$': '<rootDir>/../contracts/src/release-crypto.ts',
    '^@kort/edge-agent$': '<rootDir>/../../edge-agent/src/index.ts',
  },
};

const TIME_ZONES = ['UTC', 'Europe/Moscow', 'America/New_York'];

module.exports = {
  globalSetup: '<rootDir>/test/global-setup.mjs',
  globalTeardown: '<rootDir>/test/global-teardown.mjs',
  projects: [
    // Unit specs beside the code: no database.
    { ...project, displayName: 'unit', testEnvironment: 'node', testMatch: ['<rootDir>/src/**/*.spec.ts'] },
    {
      ...project,
      displayName: 'api',
      testMatch: ['<rootDir>/test/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '/test/bookings/'],
    },
    ...TIME_ZONES.map((tz) => ({
      ...project,
      displayName: `bookings TZ=${tz}`,
      testMatch: ['<rootDir>/test/bookings/**/*.test.ts'],
      testEnvironmentOptions: { tz },
    })),
  ],
  testTimeout: 30_000,
  // Each file starts whole apps (NestJS, Fastify, socket.io, BullMQ) in jest's per-file module
  // registry; a worker that has grown past this is replaced between files rather than carried on.
  workerIdleMemoryLimit: '1GB',
};
