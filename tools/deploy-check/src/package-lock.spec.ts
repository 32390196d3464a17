// package-lock.json must stay installable by `npm ci` on every platform and Node version we support.
// npm 10/11 drop the other platforms' optional binaries when they rewrite a lockfile (npm/cli#8669),
// after which `npm ci` refuses it everywhere; a package that wants a newer Node than package.json's
// engines makes every install print EBADENGINE. See README.md (Prerequisites) for how to regenerate.
import { subset, validRange } from 'semver';
import { readRepoFile } from './render';

interface LockedPackage {
  version?: string;
  link?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  engines?: Record<string, string> | string[];
}

const manifest = JSON.parse(readRepoFile('package.json')) as {
  engines: { node: string };
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const lock = JSON.parse(readRepoFile('package-lock.json')) as {
  lockfileVersion: number;
  packages: Record<string, LockedPackage>;
};

/** Node's lookup: `<dir>/node_modules/<name>`, then each enclosing node_modules up to the root. */
function resolveLocked(from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const candidate = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!base) return undefined;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent >= 0 ? base.slice(0, parent) : '';
  }
}

describe('package-lock.json', () => {
  it('is a v3 lockfile of this package.json', () => {
    expect(lock.lockfileVersion).toBe(3);
    const root = lock.packages[''] as LockedPackage & { devDependencies?: Record<string, string> };
    expect(root.dependencies).toEqual(manifest.dependencies);
    expect(root.devDependencies).toEqual(manifest.devDependencies);
  });

  it("locks every optional dependency of every package, other platforms' binaries included", () => {
    const missing = Object.entries(lock.packages).flatMap(([location, pkg]) =>
      Object.keys(pkg.optionalDependencies ?? {})
        .filter((name) => resolveLocked(location, name) === undefined)
        .map((name) => `${location || '(root)'} -> ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('holds only packages that accept the Node versions of package.json engines', () => {
    const supported = manifest.engines.node;
    expect(validRange(supported)).not.toBeNull();
    const refusing = Object.entries(lock.packages).flatMap(([location, pkg]) => {
      const wanted = Array.isArray(pkg.engines) ? undefined : pkg.engines?.node;
      if (!location || !wanted) return [];
      return validRange(wanted) && subset(supported, wanted) ? [] : [`${location}: node ${wanted}`];
    });
    expect(refusing).toEqual([]);
  });
});
