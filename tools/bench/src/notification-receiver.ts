import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A partner's notification endpoint (processing-api.md, Events): POST `globalId=<id>`, answered 200
 * at once. `finished(globalId)` resolves when that request's notification has arrived, whether it
 * came before or after the call.
 */
export interface NotificationReceiver {
  url: string;
  finished(globalId: string, timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

export async function startNotificationReceiver(): Promise<NotificationReceiver> {
  const arrived = new Set<string>();
  const waiters = new Map<string, () => void>();
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'text/plain' }).end('OK');
      const globalId = new URLSearchParams(body).get('globalId');
      if (!globalId) return;
      const waiter = waiters.get(globalId);
      if (waiter) waiter();
      else arrived.add(globalId);
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/notifications`,
    finished: (globalId, timeoutMs) => {
      if (arrived.delete(globalId)) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(globalId);
          reject(new Error(`no notification for ${globalId} in ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.set(globalId, () => {
          clearTimeout(timer);
          waiters.delete(globalId);
          resolve();
        });
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
