import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { findRepoRoot } from '@opp/local-stack';

export interface ExampleRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Where `npm run build` puts the examples: the same files a merchant runs. */
const COMPILED = path.join(findRepoRoot(), 'dist', 'examples', 'src');

/**
 * Runs one compiled example as its own Node process, as the README says, with the environment
 * given (and no project keys inherited), and resolves once it exits.
 */
export function runExample(name: string, env: Record<string, string>): Promise<ExampleRun> {
  const script = path.join(COMPILED, `${name}.js`);
  if (!existsSync(script)) throw new Error(`${script} is missing: run npm run build first`);
  const inherited = { ...process.env };
  delete inherited.OPP_PUBLIC_KEY;
  delete inherited.OPP_PRIVATE_KEY;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], { env: { ...inherited, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
