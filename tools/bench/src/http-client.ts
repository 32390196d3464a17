import * as http from 'node:http';

/**
 * The bench's HTTP client: `node:http` over kept-alive connections. The load generator shares the
 * machine's cores with the system it measures, so it must cost little: `fetch` (undici, with its
 * web streams) cost the generator about half the gateway's own CPU per charge, CPU the system
 * under test then did not get (docs/benchmarks.md, history, look 8).
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

export interface HttpAnswer {
  status: number;
  body: string;
}

export function httpRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        agent,
        method: options.method ?? 'GET',
        headers: {
          ...options.headers,
          ...(options.body === undefined
            ? {}
            : { 'content-length': String(Buffer.byteLength(options.body)) }),
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

/** The answer's body as JSON; a body that is not JSON throws with the status and the text. */
export function jsonOf(answer: HttpAnswer): unknown {
  try {
    return JSON.parse(answer.body) as unknown;
  } catch {
    throw new Error(`HTTP ${answer.status}: not JSON: ${answer.body.slice(0, 200)}`);
  }
}
