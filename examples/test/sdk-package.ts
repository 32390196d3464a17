import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { findRepoRoot } from '@opp/local-stack';

/** The README's code blocks marked `<!-- example: <name> -->`, by name. */
export function readmeExamples(readme: string): Record<string, string> {
  const examples: Record<string, string> = {};
  const marked = /<!-- example: ([\w-]+)[^>]*-->\s*```ts\n([\s\S]*?)```/g;
  for (const [, name, code] of readme.matchAll(marked)) examples[name] = code;
  return examples;
}

export interface PackedSdk {
  /** The scratch project with the packed SDK installed and the README examples compiled. */
  project: string;
  /** The compiled examples, by name. */
  compiled: Record<string, string>;
  remove(): void;
}

const run = (cwd: string, command: string, args: string[]) =>
  execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/**
 * packages/sdk as a merchant gets it: copied outside the repository, its devDependencies put in
 * place at the versions its lockfile pins (linked from the repository's node_modules, so no
 * network is needed), built, tested and packed by npm; the tarball installed (offline: it has no
 * dependency) into a scratch project, where the README's marked examples compile with strict
 * TypeScript.
 */
export function packSdkOutsideTheRepository(): PackedSdk {
  const root = findRepoRoot();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'opp-sdk-'));
  const sdk = path.join(scratch, 'sdk');
  fs.cpSync(path.join(root, 'packages', 'sdk'), sdk, {
    recursive: true,
    filter: (source) => !/[/\\](node_modules|dist)$/.test(source),
  });
  const lock = JSON.parse(fs.readFileSync(path.join(sdk, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version?: string }>;
  };
  for (const [where, entry] of Object.entries(lock.packages)) {
    if (where === '') continue;
    const name = where.replace(/^node_modules\//, '');
    const source = path.join(root, 'node_modules', name);
    const version = (
      JSON.parse(fs.readFileSync(path.join(source, 'package.json'), 'utf8')) as {
        version: string;
      }
    ).version;
    if (version !== entry.version) {
      throw new Error(`${name}: the lockfile pins ${entry.version}, the repository has ${version}`);
    }
    fs.mkdirSync(path.dirname(path.join(sdk, where)), { recursive: true });
    fs.symlinkSync(source, path.join(sdk, where), 'dir');
  }
  fs.mkdirSync(path.join(sdk, 'node_modules', '.bin'));
  fs.symlinkSync('../typescript/bin/tsc', path.join(sdk, 'node_modules', '.bin', 'tsc'));

  run(sdk, 'npm', ['run', 'build']);
  run(sdk, 'npm', ['test']);
  const tarball = run(sdk, 'npm', ['pack', '--json', '--pack-destination', scratch]);
  const [{ filename }] = JSON.parse(tarball) as [{ filename: string }];

  const project = path.join(scratch, 'shop');
  fs.mkdirSync(project);
  fs.writeFileSync(
    path.join(project, 'package.json'),
    JSON.stringify({ name: 'shop', private: true, type: 'module' }),
  );
  run(project, 'npm', [
    'install',
    path.join(scratch, filename),
    '--offline',
    '--no-audit',
    '--no-fund',
    '--ignore-scripts',
  ]);
  // The merchant's own TypeScript: strict, the package resolved through its exports map.
  fs.symlinkSync(path.join(root, 'node_modules', '@types'), path.join(project, 'types'), 'dir');
  fs.writeFileSync(
    path.join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'node16',
        moduleResolution: 'node16',
        strict: true,
        noUncheckedIndexedAccess: true,
        skipLibCheck: false,
        typeRoots: ['./types'],
        types: ['node'],
        outDir: 'out',
      },
      include: ['*.ts'],
    }),
  );
  const examples = readmeExamples(fs.readFileSync(path.join(sdk, 'README.md'), 'utf8'));
  for (const [name, code] of Object.entries(examples)) {
    fs.writeFileSync(path.join(project, `${name}.ts`), code);
  }
  run(project, process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc')]);
  const compiled = Object.fromEntries(
    Object.keys(examples).map((name) => [name, path.join(project, 'out', `${name}.js`)]),
  );
  return { project, compiled, remove: () => fs.rmSync(scratch, { recursive: true, force: true }) };
}
