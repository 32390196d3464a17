import type { ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** Alive and not a zombie (a dead child that nobody reaped still answers kill(pid, 0)). */
export function isAlive(pid: number): boolean {
  // 0 and negative pids address process groups, never one process.
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    return process.platform !== 'linux';
  }
}

/** The command line of a process, '' when unknown; used to avoid signalling a recycled pid. */
export function commandLine(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
}

export async function waitForPidExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() >= deadline) return false;
    await sleep(100);
  }
  return true;
}

/** SIGTERM (or `signal`), then SIGKILL after `graceMs`. Resolves once the process is gone. */
export async function terminatePid(
  pid: number,
  { signal = 'SIGTERM', graceMs = 20_000 }: { signal?: NodeJS.Signals; graceMs?: number } = {},
): Promise<void> {
  if (!isAlive(pid)) return;
  signalQuietly(pid, signal);
  if (await waitForPidExit(pid, graceMs)) return;
  signalQuietly(pid, 'SIGKILL');
  await waitForPidExit(pid, 5_000);
}

export function signalQuietly(pid: number, signal: NodeJS.Signals): void {
  if (!Number.isInteger(pid) || pid <= 0) return;
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}

export function readPidFile(pidFile: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(pidFile, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** The last `lines` lines of a log file, for error messages. */
export function tailFile(file: string, lines = 40): string {
  try {
    const text = fs.readFileSync(file, 'utf8');
    return text
      .split('\n')
      .slice(-lines - 1)
      .join('\n')
      .trimEnd();
  } catch {
    return `(no log at ${file})`;
  }
}

/** Resident set size in MiB from /proc/<pid>/status (VmRSS), undefined when unknown. */
export function residentMemoryMb(pid: number): number | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Math.round(Number(match[1]) / 102.4) / 10 : undefined;
  } catch {
    return undefined;
  }
}

const stopOnExit = new Set<number>();
let exitHookInstalled = false;

/** SIGTERM `pid` if this process exits first (children that must not outlive their parent). */
export function stopWhenParentExits(pid: number): void {
  stopOnExit.add(pid);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const child of stopOnExit) signalQuietly(child, 'SIGTERM');
  });
}

export function forgetParentExit(pid: number): void {
  stopOnExit.delete(pid);
}

/** The pid of a just-spawned child, or the spawn error (e.g. ENOENT for a missing `java`). */
export function spawnedPid(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('spawn', () => resolve(child.pid as number));
  });
}
