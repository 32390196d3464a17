import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedCallback {
  /** Transaction id, status and order id of the form body. */
  id: string;
  status: string;
  orderId: string;
}

/**
 * A merchant's callback endpoint that can be down: `down()` stops listening (connections refused,
 * as a merchant's server that is off), `up()` listens again on the same port. Every callback it
 * answered (200) is kept, in arrival order.
 */
export interface MerchantEndpoint {
  url: string;
  received: ReceivedCallback[];
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startMerchantEndpoint(): Promise<MerchantEndpoint> {
  const received: ReceivedCallback[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const fields = new URLSearchParams(body);
      received.push({
        id: fields.get('id') ?? '',
        status: fields.get('status') ?? '',
        orderId: fields.get('order_id') ?? '',
      });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('OK');
    });
  });
  const listen = (port: number) =>
    new Promise<number>((resolve) =>
      server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
    );
  const port = await listen(0);
  let listening = true;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!listening) return resolve();
      listening = false;
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return {
    url: `http://127.0.0.1:${port}/callbacks`,
    received,
    down: stop,
    async up() {
      if (listening) return;
      await listen(port);
      listening = true;
    },
    close: stop,
  };
}
