/** API tests: real Postgres, Redis and MailDev (see test/global-setup.mjs). */
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

module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)s$': swc },
  // NestJS 12 ships ESM: let swc turn it into CommonJS for jest (STACK-NOTES pitfall 7).
  transformIgnorePatterns: ['/node_modules/(?!(@nestjs)/)'],
  moduleNameMapper: {
    '^@kort/contracts$': '<rootDir>/../contracts/src/index.ts',
    '^@kort/contracts/schedule-crypto$': '<rootDir>/../contracts/src/schedule-crypto.ts',
    '^@kort/edge-agent$': '<rootDir>/../../edge-agent/src/index.ts',
  },
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.test.ts'],
  globalSetup: '<rootDir>/test/global-setup.mjs',
  globalTeardown: '<rootDir>/test/global-teardown.mjs',
  testTimeout: 30_000,
};
