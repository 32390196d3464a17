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
 * as a merchant's server that is off), `up()` listens again on the same port. It answers every
 * callback 200, after `answerDelayMs` (a slow merchant: the notifier's attempt stays in flight that
 * long).
 */
export interface MerchantEndpoint {
  url: string;
  /**
   * The callbacks it answered, in answer order. One whose connection was cut before its answer
   * (the endpoint went down meanwhile) is not: the notifier saw no answer and sends it again, the
   * duplicate ADR 0010 allows after a failure.
   */
  received: ReceivedCallback[];
  /** Callbacks that reached it and wait for their answer. */
  readonly unanswered: number;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startMerchantEndpoint(
  options: { answerDelayMs?: number } = {},
): Promise<MerchantEndpoint> {
  const received: ReceivedCallback[] = [];
  const answerDelayMs = options.answerDelayMs ?? 0;
  let unanswered = 0;
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const fields = new URLSearchParams(body);
      unanswered++;
      let settled = false;
      const settle = () => {
        if (settled) return false;
        settled = true;
        unanswered--;
        return true;
      };
      const answer = setTimeout(() => {
        if (!settle()) return;
        // Cut a moment ago (down), its close not told yet: never answered, so not received.
        if (!response.socket || response.socket.destroyed) return;
        received.push({
          id: fields.get('id') ?? '',
          status: fields.get('status') ?? '',
          orderId: fields.get('order_id') ?? '',
        });
        response.writeHead(200, { 'content-type': 'text/plain' }).end('OK');
      }, answerDelayMs);
      // Cut before its answer (down, or the notifier gave up): never answered, so not received.
      response.once('close', () => {
        if (settle()) clearTimeout(answer);
      });
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
    get unanswered() {
      return unanswered;
    },
    down: stop,
    async up() {
      if (listening) return;
      await listen(port);
      listening = true;
    },
    close: stop,
  };
}
