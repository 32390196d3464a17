// Jest loads globalSetup/globalTeardown outside its module registry, so moduleNameMapper does not
// apply there: map the @opp/* aliases for Node's own resolver before anything imports them, from
// the one table of them (tsconfig.base.json), so tools/ and packages/ resolve as libs/ do.
import * as path from 'node:path';
import { register } from 'tsconfig-paths';

const root = path.resolve(__dirname, '../../../..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { compilerOptions } = require(path.join(root, 'tsconfig.base.json')) as {
  compilerOptions: { paths: Record<string, string[]> };
};

register({ baseUrl: root, paths: compilerOptions.paths, addMatchAll: false });
