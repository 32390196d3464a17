import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ReceivedRequests } from './received-requests';

/** One request the capture server received, with its exact body. */
export interface CapturedRequest {
  method: string;
  /** Path without the query. */
  path: string;
  /** The raw query string, without `?` ('' when none). */
  rawQuery: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** The body as received (UTF-8). */
  body: string;
  receivedAt: Date;
}

export interface CaptureAnswer {
  status: number;
  body?: string;
  /** Answer this late (ms), e.g. past a client's time limit. */
  delayMs?: number;
  /** Answer once this settles: the test decides when a held request ends. */
  heldUntil?: Promise<unknown>;
}

/** Decides the answer to a request; `n` counts the requests to that path so far (1-based). */
export type Responder = (request: CapturedRequest, n: number) => CaptureAnswer | number;

/**
 * A real HTTP server for integration tests that stands in for a merchant's callback endpoint, a
 * partner's notification URL or a webhook: it records every request and answers 200 unless a
 * responder for the path says otherwise. Listens on 127.0.0.1 on a free port.
 */
export class CaptureServer {
  private readonly received = new ReceivedRequests<CapturedRequest>();
  private readonly responders = new Map<string, Responder>();
  private readonly counts = new Map<string, number>();
  /** Answers waiting out their delay: `stop` clears them, so no timer outlives the server. */
  private readonly delayed = new Set<NodeJS.Timeout>();

  private constructor(
    private readonly server: Server,
    private readonly host: string,
  ) {}

  /** `host`: another loopback address (e.g. 127.0.0.7) gives a server of its own address. */
  static async start(host = '127.0.0.1'): Promise<CaptureServer> {
    const server = createServer();
    const capture = new CaptureServer(server, host);
    server.on('request', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://capture.local');
        const request: CapturedRequest = {
          method: req.method ?? 'GET',
          path: url.pathname,
          rawQuery: url.search.replace(/^\?/, ''),
          query: Object.fromEntries(url.searchParams),
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          receivedAt: new Date(),
        };
        const answer = capture.record(request);
        const send = () => {
          if (res.destroyed) return;
          res.writeHead(answer.status, { 'content-type': 'text/plain' });
          res.end(answer.body ?? '');
        };
        if (answer.heldUntil) void answer.heldUntil.then(send, send);
        else if (answer.delayMs) {
          const timer = setTimeout(() => {
            capture.delayed.delete(timer);
            send();
          }, answer.delayMs);
          capture.delayed.add(timer);
        } else send();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, host, resolve));
    return capture;
  }

  get baseUrl(): string {
    const { port } = this.server.address() as AddressInfo;
    return `http://${this.host}:${port}`;
  }

  url(path = '/'): string {
    return this.baseUrl + (path.startsWith('/') ? path : `/${path}`);
  }

  /** Sets how requests to `path` are answered (a status, or a function of the request). */
  respond(path: string, responder: Responder | number): void {
    this.responders.set(path, typeof responder === 'number' ? () => responder : responder);
  }

  /** Everything received, or only what reached `path`, in order of arrival. */
  requests(path?: string): CapturedRequest[] {
    return this.received.requests(path);
  }

  waitFor(path: string, count = 1, timeoutMs = 30_000): Promise<CapturedRequest[]> {
    return this.received.waitFor(path, count, timeoutMs);
  }

  async stop(): Promise<void> {
    for (const timer of this.delayed) clearTimeout(timer);
    this.delayed.clear();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private record(request: CapturedRequest): CaptureAnswer {
    this.received.add(request);
    const n = (this.counts.get(request.path) ?? 0) + 1;
    this.counts.set(request.path, n);
    const responder = this.responders.get(request.path);
    const answer = responder ? responder(request, n) : 200;
    return typeof answer === 'number' ? { status: answer } : answer;
  }
}

/** Decodes an application/x-www-form-urlencoded body into its fields. */
export const formFields = (body: string): Record<string, string> =>
  Object.fromEntries(new URLSearchParams(body));
