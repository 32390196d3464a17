import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import {
  forgetParentExit,
  isAlive,
  readPidFile,
  signalQuietly,
  spawnedPid,
  stopWhenParentExits,
  tailFile,
  terminatePid,
} from './process-utils';
import { findRepoRoot } from './repo-paths';
import { serviceSpec, type AppName } from './services';

export interface StartServiceOptions {
  name: AppName;
  /** Added to this process's environment (the port variable is set from `port`). */
  env?: Record<string, string | undefined>;
  port: number;
  logFile: string;
  /** Survive this process (npm run up). */
  detached?: boolean;
  /** Holds the pid while the process runs (written at spawn, so an interrupted start can be cleaned up). */
  pidFile?: string;
  readyTimeoutMs?: number;
  repoRoot?: string;
  /** The Node binary that runs it; default this process's (ADR 0071: the Node 22 start-up smoke). */
  nodeBinary?: string;
}

export interface ServiceHandle {
  readonly name: AppName;
  readonly pid: number;
  readonly port: number;
  /** http://127.0.0.1:<port> */
  readonly url: string;
  /** Milliseconds from spawn to /health/ready answering 200, for the latest start. */
  readonly readyMs: number;
  /** Resolves with the exit code (null when killed by a signal) of the current process. */
  readonly exited: Promise<number | null>;
  /** Sends `signal` and waits for the exit (SIGKILL after 20 s). */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** SIGKILL, as a crash would. */
  kill(): Promise<void>;
  /** Stops (if running) and starts again on the same port, with the environment changed as given. */
  restart(envChanges?: Record<string, string | undefined>): Promise<void>;
}

/**
 * `<repo>/dist/apps/<app>/src/<entry>.js`, run as `node <file>`: the build compiles the `@opp/*`
 * aliases to relative paths (tsc-alias), so compiled code needs no resolver at run time.
 */
export function appEntryFile(repoRoot: string, name: AppName, entry: 'main' | 'migrate'): string {
  return path.join(repoRoot, 'dist', 'apps', name, 'src', `${entry}.js`);
}

export function serviceEnv(options: StartServiceOptions): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...options.env,
    [serviceSpec(options.name).portEnv]: String(options.port),
  };
}

/** Starts a compiled app and resolves once GET /health/ready answers 200. */
export async function startService(options: StartServiceOptions): Promise<ServiceHandle> {
  const handle = new ServiceProcess(options);
  await handle.start();
  return handle;
}

class ServiceProcess implements ServiceHandle {
  readonly name: AppName;
  readonly port: number;
  readonly url: string;
  pid = 0;
  readyMs = 0;
  exited: Promise<number | null> = Promise.resolve(null);
  private readonly repoRoot: string;

  constructor(private options: StartServiceOptions) {
    this.name = options.name;
    this.port = options.port;
    this.url = `http://127.0.0.1:${options.port}`;
    this.repoRoot = options.repoRoot ?? findRepoRoot();
  }

  async start(): Promise<void> {
    const { logFile } = this.options;
    const main = appEntryFile(this.repoRoot, this.name, 'main');
    if (!fs.existsSync(main)) {
      throw new Error(`${main} does not exist: run \`npm run build\` first`);
    }
    fs.mkdirSync(path.dirname(logFile), { recursive: true });
    // A fresh log per start, so that a failure shows this start's lines; a restart keeps the history.
    const out = fs.openSync(logFile, this.pid ? 'a' : 'w');
    const started = Date.now();
    const child = spawn(this.options.nodeBinary ?? process.execPath, [main], {
      cwd: this.repoRoot,
      env: serviceEnv(this.options),
      detached: true, // own process group: stopped in order by whoever started it
      stdio: ['ignore', out, out],
    });
    fs.closeSync(out);
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    this.pid = await spawnedPid(child);
    if (this.options.pidFile) {
      fs.mkdirSync(path.dirname(this.options.pidFile), { recursive: true });
      fs.writeFileSync(this.options.pidFile, `${this.pid}\n`);
    }
    if (this.options.detached) child.unref();
    else stopWhenParentExits(this.pid);

    let exitCode: number | null | undefined;
    void this.exited.then((code) => (exitCode = code));
    try {
      await waitForReady(`${this.url}/health/ready`, this.options.readyTimeoutMs ?? 60_000, () =>
        exitCode !== undefined ? `${this.name} exited (code ${exitCode}) during start` : undefined,
      );
    } catch (error) {
      await this.stop();
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`${reason}\n--- tail of ${logFile} ---\n${tailFile(logFile)}`);
    }
    this.readyMs = Date.now() - started;
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    await terminatePid(this.pid, { signal, graceMs: 20_000 });
    await this.exited;
    this.forget();
  }

  async kill(): Promise<void> {
    if (isAlive(this.pid)) signalQuietly(this.pid, 'SIGKILL');
    await this.exited;
    this.forget();
  }

  private forget(): void {
    forgetParentExit(this.pid);
    const { pidFile } = this.options;
    if (pidFile && readPidFile(pidFile) === this.pid) fs.rmSync(pidFile, { force: true });
  }

  async restart(envChanges: Record<string, string | undefined> = {}): Promise<void> {
    if (isAlive(this.pid)) await this.stop();
    this.options = { ...this.options, env: { ...this.options.env, ...envChanges } };
    await this.start();
  }
}

/** Polls `url` until it answers 200; `isDead` makes it fail fast when the process is gone. */
export async function waitForReady(
  url: string,
  timeoutMs: number,
  isDead: () => string | undefined = () => undefined,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  for (;;) {
    const dead = isDead();
    if (dead) throw new Error(dead);
    const status = await httpStatus(url).catch((error: Error) => error.message);
    if (status === 200) return;
    last = typeof status === 'number' ? `HTTP ${status}` : status;
    if (Date.now() > deadline)
      throw new Error(`${url} not ready within ${timeoutMs / 1000}s (${last})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export function httpStatus(url: string, timeoutMs = 2_000): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { timeout: timeoutMs }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.once('timeout', () => request.destroy(new Error('timeout')));
    request.once('error', reject);
  });
}
