// Jest loads globalSetup/globalTeardown outside its module registry, so moduleNameMapper does not
// apply there: map the @opp/* aliases for Node's own resolver before anything imports them. The
// aliases are tsconfig.base.json's own, so a library that moves (libs/ to tools/) moves here too.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { register } from 'tsconfig-paths';

const baseUrl = path.resolve(__dirname, '../../../..');
const tsconfig = JSON.parse(fs.readFileSync(path.join(baseUrl, 'tsconfig.base.json'), 'utf8')) as {
  compilerOptions: { paths: Record<string, string[]> };
};

register({ baseUrl, paths: tsconfig.compilerOptions.paths, addMatchAll: false });
