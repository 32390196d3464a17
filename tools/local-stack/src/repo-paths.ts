import * as fs from 'node:fs';
import * as path from 'node:path';

// Works from the TypeScript sources (jest) and from dist/tools/local-stack/src alike: the repository root
// is the nearest ancestor holding both nx.json and package.json.
export function findRepoRoot(start: string = __dirname): string {
  const fromEnv = process.env.OPP_REPO_ROOT;
  if (fromEnv) return path.resolve(fromEnv);
  let dir = path.resolve(start);
  for (;;) {
    if (fs.existsSync(path.join(dir, 'nx.json')) && fs.existsSync(path.join(dir, 'package.json'))) {
      return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No repository root (nx.json) above ${start}`);
    dir = parent;
  }
}

/** `<repo>/.local/<parts...>`: everything the local stack writes (git-ignored). */
export function localDir(repoRoot: string, ...parts: string[]): string {
  return path.join(repoRoot, '.local', ...parts);
}
