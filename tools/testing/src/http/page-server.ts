import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ReceivedRequests } from './received-requests';

/** A request that reached a PageServer, form body decoded. */
export interface ReceivedPage {
  method: string;
  path: string;
  contentType: string;
  /** application/x-www-form-urlencoded fields of a POST ({} otherwise). */
  form: Record<string, string>;
  body: string;
}

/**
 * A stand-in for a merchant's web pages in browser tests: serves HTML at chosen paths (e.g. a page
 * that auto-posts acs.parameters to acs.url) and records every request, so a test can see what a
 * browser posted to it (e.g. PaRes and MD at the TermUrl). Unknown paths answer a small HTML page.
 * Listens on 127.0.0.1 on a free port.
 */
export class PageServer {
  private readonly received = new ReceivedRequests<ReceivedPage>();
  private readonly pages = new Map<string, string>();

  private constructor(private readonly server: Server) {}

  static async start(): Promise<PageServer> {
    const server = createServer();
    const pages = new PageServer(server);
    server.on('request', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const path = new URL(req.url ?? '/', 'http://pages.local').pathname;
        const body = Buffer.concat(chunks).toString('utf8');
        const contentType = req.headers['content-type'] ?? '';
        const form = contentType.startsWith('application/x-www-form-urlencoded')
          ? Object.fromEntries(new URLSearchParams(body))
          : {};
        pages.received.add({ method: req.method ?? 'GET', path, contentType, form, body });
        const html =
          pages.pages.get(path) ??
          '<!doctype html><html><head><title>Received</title></head><body>Received</body></html>';
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(html);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return pages;
  }

  url(path = '/'): string {
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}${path.startsWith('/') ? path : `/${path}`}`;
  }

  /** Serves `html` at `path`. */
  serve(path: string, html: string): void {
    this.pages.set(path, html);
  }

  requests(path?: string): ReceivedPage[] {
    return this.received.requests(path);
  }

  waitFor(path: string, count = 1, timeoutMs = 30_000): Promise<ReceivedPage[]> {
    return this.received.waitFor(path, count, timeoutMs);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A page that POSTs `fields` to `action` as soon as it loads, as a merchant's 3-D Secure redirect does. */
export function autoPostPage(action: string, fields: Record<string, string>): string {
  const inputs = Object.entries(fields)
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeAttribute(name)}" value="${escapeAttribute(value)}">`,
    )
    .join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><title>Redirecting</title></head><body>
<form id="redirect" method="post" action="${escapeAttribute(action)}">
${inputs}
</form>
<script>document.getElementById('redirect').submit();</script>
</body></html>`;
}
