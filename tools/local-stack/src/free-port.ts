import { randomInt } from 'node:crypto';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';

// Below the OS's ephemeral range (Linux 32768-60999, macOS 49152-65535): a port the OS picked for
// `listen(0)` comes from that range and can be handed to any outgoing connection (a database pool,
// a Kafka client) before the service that was meant to listen on it starts, which then dies with
// EADDRINUSE. Ports from here are only ever taken by a listener.
const LOWEST = 20_000;
const HIGHEST = 32_000;
// A port handed out is claimed across processes (two jest workers start stacks at once) for this
// long; a claim older than that belongs to a finished run.
const CLAIM_MS = 30 * 60_000;
const ATTEMPTS = 500;

/**
 * A TCP port free on every interface now and handed to no other caller of this function on this
 * machine (any process) for the next half hour.
 */
export async function findFreePort(): Promise<number> {
  const claims = path.join(os.tmpdir(), 'opp-port-claims');
  fs.mkdirSync(claims, { recursive: true });
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const port = randomInt(LOWEST, HIGHEST);
    if (claim(path.join(claims, String(port))) && (await canListen(port))) return port;
  }
  throw new Error(`No free port in ${LOWEST}-${HIGHEST} after ${ATTEMPTS} tries`);
}

function claim(file: string): boolean {
  try {
    fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
    return true;
  } catch {
    try {
      if (Date.now() - fs.statSync(file).mtimeMs < CLAIM_MS) return false;
      fs.writeFileSync(file, String(process.pid));
      return true;
    } catch {
      return false;
    }
  }
}

/** Services listen on all interfaces, so the port must be free there, not only on loopback. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '0.0.0.0', () => server.close(() => resolve(true)));
  });
}

/** True when something accepts TCP connections on host:port. */
export function isPortOpen(port: number, host = '127.0.0.1', timeoutMs = 1_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
