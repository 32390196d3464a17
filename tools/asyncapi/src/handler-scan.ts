import * as fs from 'node:fs';
import * as path from 'node:path';
import { APP_NAMES, type AppName } from '@opp/local-stack';

const HANDLER = /@On(?:Messages?|Request)\(\s*([A-Za-z0-9_]+)/g;
const LIB_IMPORT = /from '@opp\/([a-z-]+)'/g;

/**
 * Which definitions (by exported name) each service binds a handler to: its own handlers and those
 * of the libs it imports (a shared handler, such as the snapshot readers, runs in every importer).
 */
export function boundHandlers(root: string): Map<AppName, Set<string>> {
  const bound = new Map<AppName, Set<string>>();
  for (const app of APP_NAMES) {
    const files = sources(path.join(root, 'apps', app, 'src'));
    const libs = new Set(files.flatMap((f) => [...read(f).matchAll(LIB_IMPORT)].map((m) => m[1])));
    for (const lib of libs) files.push(...sources(path.join(root, 'libs', lib, 'src')));
    bound.set(app, new Set(files.flatMap((f) => [...read(f).matchAll(HANDLER)].map((m) => m[1]))));
  }
  return bound;
}

const read = (file: string) => fs.readFileSync(file, 'utf8');

function sources(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('spec.ts') ? [full] : [];
  });
}
