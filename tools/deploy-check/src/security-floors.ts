// The security floors of the runtime packages that face the network (ADR 0061): which copies of
// each package resolve, in package-lock.json (what `npm ci` installs) and in node_modules (what
// runs), and which of them fall below their floor.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { lt, valid } from 'semver';

export interface SecurityFloor {
  floor: string;
  /** Exactly one copy may resolve: a nested older copy is the one a dependency actually runs. */
  single?: boolean;
  reason: string;
  advisories: string[];
}

export interface ResolvedCopy {
  location: string;
  version: string;
}

export function readSecurityFloors(file: string): Record<string, SecurityFloor> {
  return (JSON.parse(readFileSync(file, 'utf8')) as { packages: Record<string, SecurityFloor> })
    .packages;
}

/** Every copy of `name` a v3 lockfile holds, nested ones included. */
export function lockedCopies(
  lock: { packages: Record<string, { version?: string; link?: boolean }> },
  name: string,
): ResolvedCopy[] {
  return Object.entries(lock.packages)
    .filter(([location, pkg]) => !pkg.link && location.endsWith(`node_modules/${name}`))
    .filter(
      ([location]) =>
        location === `node_modules/${name}` || location.endsWith(`/node_modules/${name}`),
    )
    .map(([location, pkg]) => ({ location, version: pkg.version ?? '(no version)' }));
}

/** Every copy of `name` installed under `root`/node_modules, found the way Node's lookup nests them. */
export function installedCopies(root: string, name: string): ResolvedCopy[] {
  const copies: ResolvedCopy[] = [];
  const visit = (modules: string) => {
    if (!existsSync(modules)) return;
    const manifest = path.join(modules, name, 'package.json');
    if (existsSync(manifest)) {
      const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string };
      copies.push({
        location: path.relative(root, path.dirname(manifest)),
        version: version ?? '(no version)',
      });
    }
    for (const entry of readdirSync(modules, { withFileTypes: true })) {
      if (!entry.isDirectory() && !entry.isSymbolicLink()) continue;
      if (entry.name.startsWith('.')) continue;
      const dir = path.join(modules, entry.name);
      const packages = entry.name.startsWith('@')
        ? readdirSync(dir).map((scoped) => path.join(dir, scoped))
        : [dir];
      for (const pkg of packages) visit(path.join(pkg, 'node_modules'));
    }
  };
  visit(path.join(root, 'node_modules'));
  return copies;
}

/** The problems of `copies` against `floor`: copies below it, and more than one copy of a single one. */
export function floorViolations(
  name: string,
  floor: SecurityFloor,
  copies: ResolvedCopy[],
): string[] {
  const problems = copies
    .filter((copy) => !valid(copy.version) || lt(copy.version, floor.floor))
    .map((copy) => `${copy.location} is ${name} ${copy.version}, below the floor ${floor.floor}`);
  if (copies.length === 0) problems.push(`${name} does not resolve at all`);
  if (floor.single && copies.length > 1) {
    problems.push(
      `${name} resolves to ${copies.length} copies (${copies.map((c) => `${c.location}@${c.version}`).join(', ')}), not one`,
    );
  }
  return problems;
}
