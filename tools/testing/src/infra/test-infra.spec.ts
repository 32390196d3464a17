import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { assertBuilt } from './test-infra';

describe('assertBuilt', () => {
  let root: string;
  const writeMain = (text: string) => {
    const main = path.join(root, 'dist', 'apps', 'payments', 'src', 'main.js');
    fs.mkdirSync(path.dirname(main), { recursive: true });
    fs.writeFileSync(main, text);
  };

  beforeEach(() => (root = fs.mkdtempSync(path.join(os.tmpdir(), 'opp-assert-built-'))));
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('refuses a checkout that was not built', () => {
    expect(() => assertBuilt(root)).toThrow(/dist\/apps is missing: run `npm run build`/);
  });

  it('refuses a build whose @opp/* imports were not compiled to relative paths', () => {
    writeMain('const platform_1 = require("@opp/platform");\n');
    expect(() => assertBuilt(root)).toThrow(
      /dist\/apps\/payments\/src\/main\.js still imports @opp\/\* aliases/,
    );
  });

  it('accepts a build that plain node can run', () => {
    writeMain('const platform_1 = require("../../../libs/platform/src/index.js");\n');
    expect(() => assertBuilt(root)).not.toThrow();
  });
});
