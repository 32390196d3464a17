import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface ScriptedAnswer {
  status: number;
  body?: string | object;
  headers?: Record<string, string>;
  /** Destroys the socket instead of answering (a network error for the client). */
  hangUp?: boolean;
  /** Answers only after this long (to let a client time out). */
  delayMs?: number;
}

/**
 * A real HTTP server on a loopback port for the SDK's unit tests: records every request and answers
 * from a script, one entry per request (the last entry repeats).
 */
export class LocalHttpServer {
  readonly received: ReceivedRequest[] = [];
  private script: ScriptedAnswer[] = [{ status: 200, body: {} }];
  /** Answers still waiting out their delay: cut short by `stop`, so no timer outlives the server. */
  private readonly delayed = new Map<NodeJS.Timeout, () => void>();
  private readonly server: Server = createServer((request, response) => {
    void this.handle(request, response);
  });

  static async start(): Promise<LocalHttpServer> {
    const server = new LocalHttpServer();
    await new Promise<void>((resolve) => server.server.listen(0, '127.0.0.1', resolve));
    return server;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  answer(...script: ScriptedAnswer[]): void {
    this.script = script;
    this.received.length = 0;
  }

  stop(): Promise<void> {
    for (const [timer, answerNow] of this.delayed) {
      clearTimeout(timer);
      answerNow();
    }
    this.delayed.clear();
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    this.received.push({
      method: request.method ?? '',
      url: request.url ?? '',
      headers: request.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    });
    const index = Math.min(this.received.length - 1, this.script.length - 1);
    const { status, body = '', headers = {}, hangUp, delayMs } = this.script[index];
    if (delayMs) await this.delay(delayMs);
    if (hangUp) {
      response.socket?.destroy();
      return;
    }
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    const contentType = typeof body === 'string' ? 'text/plain' : 'application/json';
    if (response.destroyed) return;
    response.writeHead(status, { 'content-type': contentType, ...headers });
    response.end(text);
  }

  private delay(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.delayed.delete(timer);
        resolve();
      }, ms);
      this.delayed.set(timer, resolve);
    });
  }
}
