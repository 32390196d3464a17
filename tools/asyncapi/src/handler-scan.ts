import * as fs from 'node:fs';
import * as path from 'node:path';
import { APP_NAMES, type AppName } from '@opp/local-stack';

const HANDLER = /@On(?:Messages?|Request)\(\s*([A-Za-z0-9_]+)/g;
const LIB_IMPORT = /from '@opp\/([a-z-]+)'/g;
const MODULE = /@Module\(\{\s*controllers:\s*\[([^\]]*)\][^)]*\)\s*export class ([A-Za-z0-9_]+)/g;

/**
 * Which definitions (by exported name) each service binds a handler to: its own handlers and those
 * of the libs it imports (a shared handler, such as the snapshot readers, runs in every importer).
 * A lib's handler registered by a Nest module counts only where the app names that module: the
 * snapshots lib has a reader for every service and one for the notifier alone (ADR 0063).
 */
export function boundHandlers(root: string): Map<AppName, Set<string>> {
  const bound = new Map<AppName, Set<string>>();
  for (const app of APP_NAMES) {
    const own = sources(path.join(root, 'apps', app, 'src'));
    const ownText = own.map(read).join('\n');
    const libs = new Set(own.flatMap((f) => [...read(f).matchAll(LIB_IMPORT)].map((m) => m[1])));
    const libFiles = [...libs].flatMap((lib) => sources(path.join(root, 'libs', lib, 'src')));
    const files = [...own, ...libFiles.filter((f) => registeredFor(ownText, f, libFiles))];
    bound.set(app, new Set(files.flatMap((f) => [...read(f).matchAll(HANDLER)].map((m) => m[1]))));
  }
  return bound;
}

/**
 * Whether a lib file's handlers run in the app: yes unless a module registers them that the app
 * never names.
 */
function registeredFor(appText: string, file: string, libFiles: string[]): boolean {
  const controller = /export class ([A-Za-z0-9_]+)/.exec(read(file))?.[1];
  if (!controller || !read(file).includes('@On')) return true;
  const modules = libFiles.flatMap((f) =>
    [...read(f).matchAll(MODULE)]
      .filter((m) => new RegExp(`\\b${controller}\\b`).test(m[1]))
      .map((m) => m[2]),
  );
  return modules.length === 0 || modules.some((m) => new RegExp(`\\b${m}\\b`).test(appText));
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
