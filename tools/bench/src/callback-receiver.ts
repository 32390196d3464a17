import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A merchant endpoint that answers every callback 200 at once, so the notifier's cost in the bench
 * is that of deliveries that succeed (a refusing endpoint costs retries, ADR 0010).
 */
export async function startCallbackReceiver(): Promise<{
  url: string;
  received: () => number;
  close: () => Promise<void>;
}> {
  let received = 0;
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received++;
      response.writeHead(200, { 'content-type': 'text/plain' }).end('OK');
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/callbacks`,
    received: () => received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
