/** An HTTP answer as received: lower-case header names; `body` is the parsed JSON, else the text. */
export interface HttpAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
  body: unknown;
}

export function retryAfterSeconds(answer: HttpAnswer): number | undefined {
  const value = answer.headers['retry-after'];
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
}

export function isJsonAnswer(answer: HttpAnswer): boolean {
  return /\bjson\b/i.test(answer.headers['content-type'] ?? '');
}

export async function readAnswer(response: Response): Promise<HttpAnswer> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const text = await response.text();
  return { status: response.status, headers, text, body: parseBody(headers, text) };
}

function parseBody(headers: Record<string, string>, text: string): unknown {
  if (text === '' || !/\bjson\b/i.test(headers['content-type'] ?? '')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
