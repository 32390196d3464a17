#!/usr/bin/env node
// Installs the Node 22 LTS binary of tools/node22/package-lock.json (the npm registry's `node`
// package) into .local/node22, beside the machine's Node, without touching PATH or the project's
// node_modules: only what names .local/node22/bin/node runs on it (ADR 0071). Dependency-free: it
// runs from tools/bootstrap.mjs before the build. Prints the binary's path; exits 1 when it cannot.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const source = path.join(root, 'tools', 'node22');
const target = path.join(root, '.local', 'node22');
/** Where the `node` package puts the binary (its bin entry). */
export const NODE22_BINARY = path.join(target, 'node_modules', 'node', 'bin', 'node');

const same = (file) => {
  try {
    return (
      fs.readFileSync(path.join(source, file), 'utf8') ===
      fs.readFileSync(path.join(target, file), 'utf8')
    );
  } catch {
    return false;
  }
};

const version = () => {
  const result = spawnSync(NODE22_BINARY, ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
};

/** Installs when missing or when the lockfile changed; returns the binary's version or undefined. */
export function ensureNode22({ log = console.error } = {}) {
  if (same('package-lock.json') && same('package.json') && version()?.startsWith('v22.'))
    return version();
  fs.rmSync(target, { recursive: true, force: true });
  fs.mkdirSync(target, { recursive: true });
  for (const file of ['package.json', 'package-lock.json']) {
    fs.copyFileSync(path.join(source, file), path.join(target, file));
  }
  // The `node` package's preinstall fetches the platform's binary package (node-<os>-<cpu>).
  const result = spawnSync(
    'npm',
    ['ci', '--prefix', target, '--no-audit', '--no-fund', '--loglevel=error'],
    { cwd: root, encoding: 'utf8' },
  );
  if (result.status !== 0 || !version()?.startsWith('v22.')) {
    log(`[node22] npm ci --prefix ${path.relative(root, target)} failed (exit ${result.status}):`);
    log(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    // Half an install must not look like a good one next time.
    fs.rmSync(path.join(target, 'package-lock.json'), { force: true });
    return undefined;
  }
  return version();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const installed = ensureNode22();
  if (!installed) process.exit(1);
  console.log(`${NODE22_BINARY} (${installed})`);
}
