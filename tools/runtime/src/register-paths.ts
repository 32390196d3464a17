// Preloaded with `node -r dist/tools/runtime/src/register-paths.js` so that the compiled apps resolve
// the `@opp/<lib>` aliases of tsconfig.base.json to the compiled libraries beside them in dist/.
import * as path from 'node:path';
import { register } from 'tsconfig-paths';

const distRoot = path.resolve(__dirname, '../../..');

register({
  baseUrl: distRoot,
  // The SDK is a package of its own (packages/sdk), reached by the test harness that tools use.
  paths: { '@opp/sdk': ['packages/sdk/src/index.js'], '@opp/*': ['libs/*/src/index.js'] },
  addMatchAll: false,
});
