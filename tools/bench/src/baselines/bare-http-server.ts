import { fork } from 'node:child_process';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as qs from 'qs';
import { verifyParams } from '@opp/signature';

/**
 * Baseline: a bare Node HTTP server doing only what every gateway request must do first: parse
 * the form body, check the ADR 0003 signature, answer JSON. The gateway's figure is read against
 * it.
 */
export async function startBareSignedServer(
  privateKey: string,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const params = qs.parse(Buffer.concat(chunks).toString('utf8'));
      const valid = verifyParams(params, params.signature, [privateKey]);
      response.writeHead(valid ? 200 : 403, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify(valid ? { success: true, id: 1, status: 'completed' } : { error: 40301 }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const SERVE = 'serve-bare-signed';

/**
 * The same server in a process of its own, so that its CPU is read apart from its clients' (the
 * bench compares what one request costs it at two rates).
 */
export async function forkBareSignedServer(
  privateKey: string,
): Promise<{ url: string; pid: number; close(): Promise<void> }> {
  const child = fork(__filename, [SERVE, privateKey], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (message) =>
      typeof message === 'string'
        ? resolve(message)
        : reject(new Error('no URL from the bare server')),
    );
    child.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
  });
  return {
    url,
    pid: child.pid!,
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}

if (require.main === module && process.argv[2] === SERVE) {
  void startBareSignedServer(process.argv[3]).then(({ url }) => process.send?.(url));
}
