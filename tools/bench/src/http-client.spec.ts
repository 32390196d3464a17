import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { httpRequest, jsonOf } from './http-client';

describe('the bench HTTP client', () => {
  let server: http.Server;
  let url: string;
  const seen: { method?: string; length?: string; body: string }[] = [];

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (body += chunk));
      request.on('end', () => {
        seen.push({ method: request.method, length: request.headers['content-length'], body });
        const status = request.url === '/missing' ? 404 : 200;
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(request.url === '/text' ? 'plain words' : JSON.stringify({ echo: body }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('posts a body with its length in bytes and reads the answer', async () => {
    const answer = await httpRequest(`${url}/form`, { method: 'POST', body: 'name=Zoë' });
    expect(answer.status).toBe(200);
    expect(jsonOf(answer)).toEqual({ echo: 'name=Zoë' });
    expect(seen.at(-1)).toMatchObject({ method: 'POST', length: '9', body: 'name=Zoë' });
  });

  it('answers the status of a failed request rather than throwing', async () => {
    expect((await httpRequest(`${url}/missing`)).status).toBe(404);
    expect(seen.at(-1)).toMatchObject({ method: 'GET', length: undefined });
  });

  it('says what came back when the body is not JSON', async () => {
    expect(() => jsonOf({ status: 200, body: 'plain words' })).toThrow(/HTTP 200: not JSON/);
    expect((await httpRequest(`${url}/text`)).body).toBe('plain words');
  });
});
