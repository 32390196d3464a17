// Jest loads globalSetup/globalTeardown outside its module registry, so moduleNameMapper does not
// apply there: map the @opp/* aliases for Node's own resolver before anything imports them. The
// aliases are tsconfig.base.json's, as jest.config.js maps them (libs and tools alike).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { register } from 'tsconfig-paths';

const root = path.resolve(__dirname, '../../../..');
const base = JSON.parse(fs.readFileSync(path.join(root, 'tsconfig.base.json'), 'utf8')) as {
  compilerOptions: { paths: Record<string, string[]> };
};

register({ baseUrl: root, paths: base.compilerOptions.paths, addMatchAll: false });
