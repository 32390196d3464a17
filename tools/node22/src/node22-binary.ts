import * as path from 'node:path';

/**
 * The Node 22 LTS binary that tools/node22/install.mjs installs from the npm registry's `node`
 * package (ADR 0071): beside the machine's Node, never on PATH.
 */
export const node22Binary = (repoRoot: string): string =>
  path.join(repoRoot, '.local', 'node22', 'node_modules', 'node', 'bin', 'node');
