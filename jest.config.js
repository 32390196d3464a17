// One harness for every test. Two projects:
// - unit: *.spec.ts, pure and fast;
// - integration: *.int-spec.ts, against the real Kafka broker and PostgreSQL that
//   tools/testing's global setup provides (testcontainers where a Docker engine exists, else the local broker).
const { compilerOptions } = require('./tsconfig.base.json');

const moduleNameMapper = Object.fromEntries(
  Object.entries(compilerOptions.paths).map(([alias, [target]]) => [
    `^${alias}$`,
    `<rootDir>/${target}`,
  ]),
);

const transform = {
  '^.+\\.ts$': [
    '@swc/jest',
    {
      jsc: {
        target: 'es2022',
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
        keepClassNames: true,
      },
      module: { type: 'commonjs' },
      sourceMaps: 'inline',
    },
  ],
};

const common = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform,
  moduleNameMapper,
  setupFiles: ['reflect-metadata'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/.local/'],
  // .local holds local state, the Node 22 binary's install among it (tools/node22): not modules.
  modulePathIgnorePatterns: ['<rootDir>/.local/'],
};

module.exports = {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/{apps,libs,tools,packages,examples}/**/*.spec.ts'],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/{apps,libs,tools,packages,examples}/**/*.int-spec.ts'],
      globalSetup: '<rootDir>/tools/testing/src/global-setup.ts',
      globalTeardown: '<rootDir>/tools/testing/src/global-teardown.ts',
      // testTimeout is not a per-project option; hooks and tests get their limit here.
      setupFilesAfterEnv: ['<rootDir>/tools/testing/src/integration-timeouts.ts'],
      slowTestThreshold: 60,
    },
  ],
};
