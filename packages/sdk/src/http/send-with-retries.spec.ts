import { LocalHttpServer } from '../../test/local-http-server';
import { OppNetworkError } from '../errors';
import { sendWithRetries, type HttpCall } from './send-with-retries';

describe('sendWithRetries', () => {
  let server: LocalHttpServer;
  let call: HttpCall;
  const options = {
    timeoutMs: 2000,
    retry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 5 },
    retryable: (answer: { status: number }) => answer.status === 503,
  };

  beforeAll(async () => {
    server = await LocalHttpServer.start();
    call = {
      method: 'POST',
      url: `${server.url}/v1/card/process`,
      headers: { 'content-type': 'application/json' },
      body: '{"price":"10.00","signature":"abc"}',
    };
  });

  afterAll(() => server.stop());

  it('repeats the identical request after a retryable answer and returns the next answer', async () => {
    server.answer(
      { status: 503, body: { error: { code: 50301, message: 'down' } } },
      {
        status: 200,
        body: { ok: true },
      },
    );
    const answer = await sendWithRetries(call, options);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true });
    expect(server.received.map((r) => [r.method, r.url, r.body])).toEqual([
      ['POST', '/v1/card/process', call.body],
      ['POST', '/v1/card/process', call.body],
    ]);
  });

  it('repeats after a dropped connection', async () => {
    server.answer({ status: 0, hangUp: true }, { status: 200, body: { ok: true } });
    expect((await sendWithRetries(call, options)).status).toBe(200);
    expect(server.received).toHaveLength(2);
  });

  it('repeats after a timeout', async () => {
    // Far apart, so a loaded machine cannot make the prompt second answer look late too.
    server.answer({ status: 200, body: { late: true }, delayMs: 5000 }, { status: 200, body: {} });
    const answer = await sendWithRetries(call, { ...options, timeoutMs: 1000 });
    expect(answer.body).toEqual({});
    expect(server.received).toHaveLength(2);
  });

  it('returns a non-retryable answer at once', async () => {
    server.answer({ status: 500, body: { error: { code: 50001, message: 'x' } } });
    expect((await sendWithRetries(call, options)).status).toBe(500);
    expect(server.received).toHaveLength(1);
  });

  it('stops after the allowed attempts and returns the last answer', async () => {
    server.answer({ status: 503, body: {} });
    expect((await sendWithRetries(call, options)).status).toBe(503);
    expect(server.received).toHaveLength(3);
  });

  it('throws OppNetworkError when the last attempt got no answer, naming no query', async () => {
    server.answer({ status: 0, hangUp: true });
    const secretQuery = { ...call, method: 'GET' as const, body: undefined };
    secretQuery.url = `${server.url}/v1/card/getToken?number=4242424242424242`;
    const error = await sendWithRetries(secretQuery, options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OppNetworkError);
    expect((error as Error).message).not.toContain('4242');
    expect(server.received).toHaveLength(3);
  });

  it('sends once when retries are off', async () => {
    server.answer({ status: 503, body: {} });
    await sendWithRetries(call, { ...options, retry: { ...options.retry, attempts: 1 } });
    expect(server.received).toHaveLength(1);
  });
});
