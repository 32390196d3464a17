import * as fs from 'node:fs';
import * as path from 'node:path';
import type { AppName } from '@opp/local-stack';

/** .local/run/stack.json: what `start` or `up` launched, for `status` and `down`. */
export interface StackState {
  mode: 'foreground' | 'detached';
  /** The `start` process (foreground) or the `up` process that has since exited (detached). */
  supervisorPid: number;
  brokers: string;
  startedAt: string;
  services: { name: AppName; url: string; port: number; pid: number }[];
}

export function stateFile(runDir: string): string {
  return path.join(runDir, 'stack.json');
}

export function readState(runDir: string): StackState | undefined {
  try {
    return JSON.parse(fs.readFileSync(stateFile(runDir), 'utf8')) as StackState;
  } catch {
    return undefined;
  }
}

export function writeState(runDir: string, state: StackState): void {
  fs.mkdirSync(runDir, { recursive: true });
  fs.writeFileSync(stateFile(runDir), `${JSON.stringify(state, null, 2)}\n`);
}

export function removeState(runDir: string): void {
  fs.rmSync(stateFile(runDir), { force: true });
}
