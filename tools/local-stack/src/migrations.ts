import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { findRepoRoot } from './repo-paths';
import { appEntryFile } from './service-process';
import type { AppName } from './services';

export interface RunMigrationsOptions {
  repoRoot?: string;
  /** Output goes here (one run per file) as well as into the error on failure. */
  logFile?: string;
  timeoutMs?: number;
  /** The Node binary that runs it; default this process's (ADR 0071: the Node 22 start-up smoke). */
  nodeBinary?: string;
}

/** Runs dist/apps/<app>/src/migrate.js with `env` (added to this process's) and waits for exit 0. */
export async function runMigrations(
  name: AppName,
  env: Record<string, string | undefined>,
  options: RunMigrationsOptions = {},
): Promise<void> {
  const repoRoot = options.repoRoot ?? findRepoRoot();
  const migrate = appEntryFile(repoRoot, name, 'migrate');
  if (!fs.existsSync(migrate)) {
    throw new Error(`${migrate} does not exist: run \`npm run build\` first`);
  }
  const timeoutMs = options.timeoutMs ?? 120_000;
  const child = spawn(options.nodeBinary ?? process.execPath, [migrate], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => (output += chunk.toString('utf8'));
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (exitCode) => resolve(exitCode));
  }).finally(() => clearTimeout(timer));
  if (options.logFile) {
    fs.mkdirSync(path.dirname(options.logFile), { recursive: true });
    fs.writeFileSync(options.logFile, output);
  }
  if (code !== 0) {
    const tail = output.trimEnd().split('\n').slice(-30).join('\n');
    throw new Error(`Migrations of ${name} failed (exit ${code ?? 'killed'}):\n${tail}`);
  }
}
