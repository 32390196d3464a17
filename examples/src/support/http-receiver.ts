import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { settings } from './settings';
import { withinWait } from './wait';

/** A request as a receiver must check it: the signature covers the raw bytes, not a parsed form. */
export interface ReceivedRequest {
  method: string;
  /** The path and query string, as sent. */
  url: string;
  headers: IncomingMessage['headers'];
  rawBody: string;
}

export interface Receiver {
  /** The absolute URL of a path on this receiver, to give the platform. */
  url(path: string): string;
  /** The first request, past or future, that `accept` takes; an error after OPP_WAIT_SECONDS. */
  next(what: string, accept: (request: ReceivedRequest) => boolean): Promise<ReceivedRequest>;
  close(): Promise<void>;
}

/**
 * A plain node:http server on a free port of this machine. Each request, its body read in full, is
 * answered with the status `answer` gives it (the platform delivers again after anything but 2xx)
 * and kept for `next`. The platform must reach this address: outside production it may call
 * internal addresses such as 127.0.0.1; a real receiver is a public https URL.
 */
export async function listen(answer: (request: ReceivedRequest) => number): Promise<Receiver> {
  const received: ReceivedRequest[] = [];
  const waiters = new Set<() => void>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const got: ReceivedRequest = {
        method: request.method ?? 'GET',
        url: request.url ?? '/',
        headers: request.headers,
        rawBody: Buffer.concat(chunks).toString('utf8'),
      };
      const status = answer(got);
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'OK' : '');
      if (status < 300) received.push(got);
      waiters.forEach((wake) => wake());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, settings.receiverHost, resolve));
  const { port } = server.address() as AddressInfo;

  const next = (what: string, accept: (request: ReceivedRequest) => boolean) =>
    withinWait(
      what,
      new Promise<ReceivedRequest>((resolve) => {
        const check = () => {
          const found = received.find(accept);
          if (found) {
            waiters.delete(check);
            resolve(found);
          }
        };
        waiters.add(check);
        check();
      }),
    );
  return {
    url: (path) => `http://${settings.receiverHost}:${port}${path}`,
    next,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
