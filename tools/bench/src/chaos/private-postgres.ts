import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * A PostgreSQL server of the chaos run's own (initdb under `.local`, its own port), so that the
 * suite can restart it: the machine's server is shared with every other test run and is never
 * stopped (ADR 0022). Run as the `postgres` user when this process is root (initdb refuses root).
 */
export interface PrivatePostgres {
  port: number;
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  adminUrl: string;
  /** `pg_ctl stop -m fast` (every session terminated), `downMs` with nothing listening, then start. */
  restart(downMs: number): Promise<void>;
  stop(): Promise<void>;
}

export function postgresBinDir(): string | undefined {
  const fromConfig = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  const candidates = [
    ...(fromConfig.status === 0 ? [fromConfig.stdout.trim()] : []),
    ...listVersions('/usr/lib/postgresql').map((v) => `/usr/lib/postgresql/${v}/bin`),
  ];
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'initdb')));
}

function listVersions(dir: string): string[] {
  try {
    return fs
      .readdirSync(dir)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
  } catch {
    return [];
  }
}

export async function startPrivatePostgres(
  dataDir: string,
  port: number,
  log: (line: string) => void,
): Promise<PrivatePostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('initdb not found (install the PostgreSQL server package)');
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const run = (tool: string, args: string[]) => {
    const command = path.join(bin, tool);
    const [file, argv] = root
      ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
      : [command, args];
    // Asynchronous: the load generator in this process goes on while the server stops and starts.
    return promisify(execFile)(file, argv, { encoding: 'utf8' });
  };
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (root) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    fs.chownSync(dataDir, uid, gid);
  }
  await run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  fs.appendFileSync(
    path.join(dataDir, 'postgresql.conf'),
    [
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dataDir}'`,
      // Two instances of six services, each a pool of 10 and its LISTEN connections.
      'max_connections = 300',
      'shared_buffers = 64MB',
      '',
    ].join('\n'),
  );
  const logFile = path.join(dataDir, 'server.log');
  const start = () => run('pg_ctl', ['-D', dataDir, '-l', logFile, '-w', '-t', '120', 'start']);
  const stop = () => run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  await start();
  log(`private PostgreSQL on 127.0.0.1:${port} (${dataDir})`);
  let running = true;
  return {
    port,
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async restart(downMs) {
      await stop();
      running = false;
      await new Promise((resolve) => setTimeout(resolve, downMs));
      await start();
      running = true;
    },
    async stop() {
      if (running) await stop();
      running = false;
    },
  };
}
