import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { eventually } from '../eventually';

/** One mail the capture server accepted. */
export interface CapturedMail {
  from: string | undefined;
  to: string[];
  /** The whole message as received (headers and body). */
  raw: string;
  /** A header's (unfolded) value, e.g. `subject`. */
  header(name: string): string | undefined;
  /** The body after the header block. */
  body: string;
}

/**
 * A real SMTP server for integration tests (smtp-server), plain text without authentication or
 * STARTTLS, on 127.0.0.1 and a free port. It accepts every mail and keeps it.
 */
export class SmtpCaptureServer {
  readonly mails: CapturedMail[] = [];

  private constructor(private readonly server: SMTPServer) {}

  static async start(): Promise<SmtpCaptureServer> {
    let capture: SmtpCaptureServer | undefined = undefined;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const from = session.envelope.mailFrom;
          capture?.mails.push(
            parseMail(
              Buffer.concat(chunks).toString('utf8'),
              from ? from.address : undefined,
              session.envelope.rcptTo.map((r) => r.address),
            ),
          );
          callback();
        });
      },
    });
    capture = new SmtpCaptureServer(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return capture;
  }

  get port(): number {
    return (this.server.server.address() as AddressInfo).port;
  }

  async waitFor(count = 1, timeoutMs = 30_000): Promise<CapturedMail[]> {
    await eventually(() => this.mails.length >= count, `${count} mail(s)`, timeoutMs, 25);
    return [...this.mails];
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

function parseMail(raw: string, from: string | undefined, to: string[]): CapturedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? '' : raw.slice(split + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { from, to, raw, body, header: (name) => headers.get(name.toLowerCase()) };
}
