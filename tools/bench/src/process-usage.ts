import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';

/** A process the bench accounts for: a service, the broker, or PostgreSQL's processes. */
export interface WatchedProcess {
  name: string;
  /** Pids of the process now (PostgreSQL's backends come and go). */
  pids(): number[];
}

export interface ProcessUsage {
  name: string;
  /** CPU time in milliseconds (user + system) between the two samples. */
  cpuMs: number;
  /** Resident memory at the second sample, MiB (summed over the pids). */
  rssMiB: number;
}

type Sample = Map<string, Map<number, number>>;

/** The bench's own process, reported beside the system and never summed into it. */
const LOAD_GENERATOR = 'load generator (the bench, not in the sums)';

const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** utime + stime of a pid in clock ticks, from /proc (fields 14 and 15, after the `(comm)`). */
function cpuTicks(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

function rssKiB(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** Every process whose command name is `comm` (PostgreSQL: the postmaster and its backends). */
export function pidsNamed(comm: string): number[] {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === comm;
      } catch {
        return false;
      }
    });
}

/**
 * CPU and memory per process from /proc, as the targets are stated: CPU summed over the
 * processes a charge crosses, and resident memory per service. Linux only.
 */
export class UsageMeter {
  constructor(private readonly processes: readonly WatchedProcess[]) {}

  sample(): Sample {
    return new Map(
      this.processes.map((p) => [
        p.name,
        new Map(
          p.pids().flatMap((pid) => {
            const ticks = cpuTicks(pid);
            return ticks === undefined ? [] : [[pid, ticks] as const];
          }),
        ),
      ]),
    );
  }

  /** Usage between two samples; a pid born in between counts from zero. */
  between(before: Sample, after: Sample): ProcessUsage[] {
    return this.processes.map((p) => {
      const earlier = before.get(p.name) ?? new Map<number, number>();
      const later = after.get(p.name) ?? new Map<number, number>();
      let ticks = 0;
      let rss = 0;
      for (const [pid, now] of later) {
        ticks += now - (earlier.get(pid) ?? 0);
        rss += rssKiB(pid);
      }
      return { name: p.name, cpuMs: (ticks * 1000) / ticksPerSecond, rssMiB: rss / 1024 };
    });
  }

  /**
   * Measures `during` and returns its result with the usage it cost, and apart from it the load
   * generator's (this process: the clients, the receivers), which the system's sums leave out.
   */
  async measure<T>(
    during: () => Promise<T>,
  ): Promise<{ result: T; usage: ProcessUsage[]; loadGenerator: ProcessUsage }> {
    const before = this.sample();
    const ownBefore = process.cpuUsage();
    const result = await during();
    const own = process.cpuUsage(ownBefore);
    return {
      result,
      usage: this.between(before, this.sample()),
      loadGenerator: {
        name: LOAD_GENERATOR,
        cpuMs: (own.user + own.system) / 1000,
        rssMiB: process.memoryUsage().rss / 1024 / 1024,
      },
    };
  }
}

/** A measured window with how long it lasted, so that CPU can be read as a share of the cores. */
export interface BusyWindow<T> {
  result: T;
  usage: ProcessUsage[];
  loadGenerator: ProcessUsage;
  seconds: number;
}

export const totalCpuMs = (usage: readonly ProcessUsage[]): number =>
  usage.reduce((sum, u) => sum + u.cpuMs, 0);
