// Jest loads globalSetup/globalTeardown outside its module registry, so moduleNameMapper does not
// apply there: map the @opp/* aliases for Node's own resolver before anything imports them.
import * as path from 'node:path';
import { register } from 'tsconfig-paths';

register({
  baseUrl: path.resolve(__dirname, '../../../..'),
  paths: { '@opp/*': ['libs/*/src/index.ts', 'tools/*/src/index.ts'] },
  addMatchAll: false,
});
