/** Agent tests: a fake sysfs tree for GPIO, the simulated driver and a real socket.io server. */
const swc = [
  '@swc/jest',
  {
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  },
];

module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)s$': swc },
  moduleNameMapper: {
    '^@kort/contracts$': '<rootDir>/../services/contracts/src/index.ts',
    '^@kort/contracts/schedule-crypto$': '<rootDir>/../services/contracts/src/schedule-crypto.ts',
    '^@kort/contracts/release-crypto$': '<rootDir>/../services/contracts/src/release-crypto.ts',
  },
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.test.ts'],
  // The CLI tests run the built daemon, as systemd does.
  globalSetup: '<rootDir>/test/global-setup.mjs',
  globalTeardown: '<rootDir>/test/global-teardown.mjs',
  testTimeout: 30_000,
  // Most of the agent's tests wait on real timers (the light's ticks, the reconnect's back-off), so
  // with two files at a time the run still used under half of a 2-core machine (47 CPU s in 55 s):
  // four at a time fill it (28-43 s; jest's default is one fewer than the cores).
  maxWorkers: 4,
};
