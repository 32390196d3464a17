import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';
import { REPO_ROOT } from './repo-files';

/** The repository read: this one, or another checkout given to the measuring script. */
let root = REPO_ROOT;
export const readRepo = (dir: string) => {
  root = dir;
  ALIASES = undefined;
};
export const repoRoot = () => root;

/** The `@opp/*` aliases of tsconfig.base.json, alias -> repo-relative entry file. */
function aliases(): Map<string, string> {
  const { compilerOptions } = JSON.parse(
    readFileSync(path.join(root, 'tsconfig.base.json'), 'utf8'),
  ) as { compilerOptions: { paths: Record<string, string[]> } };
  return new Map(Object.entries(compilerOptions.paths).map(([alias, [target]]) => [alias, target]));
}

let ALIASES: Map<string, string> | undefined;

/** A repo-relative source file an import names, or null for a package outside the repository. */
export function resolveImport(fromFile: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('.')) {
    base = path.posix.join(path.posix.dirname(fromFile), specifier);
  } else {
    ALIASES ??= aliases();
    const target = ALIASES.get(specifier);
    if (target === undefined) return null;
    return target;
  }
  for (const candidate of [`${base}.ts`, `${base}/index.ts`, base]) {
    if (candidate.endsWith('.ts') && existsSync(path.join(root, candidate))) return candidate;
  }
  return null;
}

/**
 * The repository files a file imports for its running code: `import` and `export ... from`
 * declarations, static ones, without the type-only ones (they vanish when compiled).
 */
export function runtimeImports(file: string): string[] {
  return importsOf(file, false);
}

const parsed = new Map<string, string[]>();

/** The repository files a file imports; with `types`, the type-only imports too. */
export function importsOf(file: string, types: boolean): string[] {
  const key = `${root}\0${types}\0${file}`;
  const known = parsed.get(key);
  if (known) return known;
  const source = ts.createSourceFile(
    file,
    readFileSync(path.join(root, file), 'utf8'),
    ts.ScriptTarget.ES2022,
    false,
  );
  const found = new Set<string>();
  for (const statement of source.statements) {
    let specifier: ts.Expression | undefined;
    if (ts.isImportDeclaration(statement) && (types || !statement.importClause?.isTypeOnly)) {
      specifier = statement.moduleSpecifier;
    } else if (ts.isExportDeclaration(statement) && (types || !statement.isTypeOnly)) {
      specifier = statement.moduleSpecifier;
    }
    if (specifier && ts.isStringLiteral(specifier)) {
      const resolved = resolveImport(file, specifier.text);
      if (resolved !== null) found.add(resolved);
    }
  }
  parsed.set(key, [...found]);
  return [...found];
}

/** Every file the entries reach through runtime imports, the entries included. */
export function importClosure(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...runtimeImports(file));
  }
  return seen;
}

/**
 * The files `file` names in its imports (type-only ones too: a class Nest injects by its type is
 * reached that way), seen through the barrels (`index.ts`) of the libs: an import of
 * `@opp/messaging` reaches every file its index re-exports.
 */
export function importsThroughBarrels(file: string): Set<string> {
  const reached = new Set<string>();
  const queue = [...importsOf(file, true)];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    if (reached.has(next)) continue;
    reached.add(next);
    if (next.endsWith('/index.ts')) queue.push(...importsOf(next, true));
  }
  return reached;
}

export interface ClosureCount {
  app: number;
  lib: number;
  other: number;
}

/** App files (apps/), lib files (libs/, packages/) and the rest (tools/) of a set of files. */
export function countByKind(files: Iterable<string>): ClosureCount {
  const count: ClosureCount = { app: 0, lib: 0, other: 0 };
  for (const file of files) {
    if (file.startsWith('apps/')) count.app++;
    else if (file.startsWith('libs/') || file.startsWith('packages/')) count.lib++;
    else count.other++;
  }
  return count;
}
