// Preloaded with `node -r dist/tools/runtime/src/register-paths.js` so that the compiled apps resolve
// the `@opp/<lib>` aliases of tsconfig.base.json to the compiled libraries beside them in dist/.
import * as path from 'node:path';
import { register } from 'tsconfig-paths';

const distRoot = path.resolve(__dirname, '../../..');

register({
  baseUrl: distRoot,
  paths: { '@opp/*': ['libs/*/src/index.js'] },
  addMatchAll: false,
});
