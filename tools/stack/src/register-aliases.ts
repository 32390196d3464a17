// The CLI runs as `node dist/tools/stack/src/cli.js`: map the @opp/* aliases to the compiled
// libraries beside it in dist/ before anything imports them (same as tools/runtime's preload).
import * as path from 'node:path';
import { register } from 'tsconfig-paths';

register({
  baseUrl: path.resolve(__dirname, '../../..'),
  paths: { '@opp/*': ['libs/*/src/index.js'] },
  addMatchAll: false,
});
