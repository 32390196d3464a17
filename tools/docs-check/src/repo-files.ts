import { readdirSync } from 'node:fs';
import * as path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '../../..');
export const DECISIONS_DIR = path.join(REPO_ROOT, 'docs', 'decisions');

/** Generated or installed trees: not written by contributors. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.local', '.nx', 'coverage', '.git']);
const SOURCE = /\.(?:ts|mts|cts|js|mjs|cjs)$/;
const DOCUMENT = /\.(?:md|ya?ml)$/;

function walk(dir: string, keep: (file: string) => boolean, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) walk(full, keep, found);
    } else if (keep(entry.name)) {
      found.push(full);
    }
  }
  return found;
}

/** Source files whose comments cite decisions: apps, libs, tools and the root configuration. */
export function sourceFiles(): string[] {
  const roots = ['apps', 'libs', 'packages', 'tools'].map((dir) => path.join(REPO_ROOT, dir));
  const rootConfigs = readdirSync(REPO_ROOT)
    .filter((name) => SOURCE.test(name))
    .map((name) => path.join(REPO_ROOT, name));
  return [...rootConfigs, ...roots.flatMap((root) => walk(root, (name) => SOURCE.test(name)))];
}

/** Documents: README.md, docs/, deploy/ and any Markdown or YAML beside the code. */
export function documentFiles(): string[] {
  const roots = ['docs', 'deploy', 'apps', 'libs', 'packages', 'tools'].map((dir) =>
    path.join(REPO_ROOT, dir),
  );
  return [
    path.join(REPO_ROOT, 'README.md'),
    ...roots.flatMap((root) => walk(root, (name) => DOCUMENT.test(name))),
  ];
}

export const repoPath = (file: string) => path.relative(REPO_ROOT, file);
