// Jest loads globalSetup/globalTeardown outside its module registry, so moduleNameMapper does not
// apply there: map the @opp/* aliases for Node's own resolver before anything imports them.
import * as path from 'node:path';
import { register } from 'tsconfig-paths';

register({
  baseUrl: path.resolve(__dirname, '../../../..'),
  // The tooling lives under tools/, the libraries under libs/ (tsconfig.base.json).
  paths: {
    '@opp/local-stack': ['tools/local-stack/src/index.ts'],
    '@opp/testing': ['tools/testing/src/index.ts'],
    '@opp/*': ['libs/*/src/index.ts'],
  },
  addMatchAll: false,
});
