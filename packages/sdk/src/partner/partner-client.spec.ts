import { createHmac } from 'node:crypto';
import { LocalHttpServer } from '../../test/local-http-server';
import { OppHttpError, OppProcessingError } from '../errors';
import { PartnerClient, type PartnerClientOptions } from './partner-client';

const SECRET = 'partner-secret';
const hmac = (data: string) => createHmac('sha256', SECRET).update(data).digest('hex');
const APOLOGY = 'Sorry, your request cannot be accepted at the moment.';
const RESPONSE = {
  header: { response: { globalId: 'g-1' } },
  result: { status: 'PROCESSING' },
  payload: { tasks: [] },
};

describe('PartnerClient', () => {
  let server: LocalHttpServer;
  const client = (options: Partial<PartnerClientOptions> = {}) =>
    new PartnerClient({
      baseUrl: server.url,
      identifier: 'partner-1',
      secret: SECRET,
      retry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 5 },
      ...options,
    });

  beforeAll(async () => {
    server = await LocalHttpServer.start();
  });

  afterAll(() => server.stop());

  it('builds a Request object for this partner with a fresh request id', () => {
    const partner = client();
    const first = partner.newRequest([{ type: 'wait', payload: { seconds: 1 } }], {
      service: { sync: true, waitTime: 'PT1S' },
      parameters: { amount: '10.00' },
    });
    expect(first).toEqual({
      header: {
        request: { id: expect.any(String), date: expect.any(String) },
        service: { sync: true, waitTime: 'PT1S' },
      },
      payload: {
        partner: { identifier: 'partner-1', parameters: { amount: '10.00' } },
        tasks: [{ type: 'wait', payload: { seconds: 1 } }],
      },
    });
    expect(partner.newRequest([]).header.request.id).not.toBe(first.header.request.id);
  });

  it('submits the JSON body with X-OPP-Signature over its exact bytes', async () => {
    server.answer({ status: 200, body: RESPONSE });
    const partner = client();
    const request = partner.newRequest([{ type: 'wait', payload: { seconds: 0.5 } }]);
    expect(await partner.submit(request)).toEqual(RESPONSE);
    const [received] = server.received;
    expect([received.method, received.url, received.headers['content-type']]).toEqual([
      'POST',
      '/processing',
      'application/json',
    ]);
    expect(JSON.parse(received.body)).toEqual(request);
    expect(received.headers['x-opp-signature']).toBe(hmac(received.body));
  });

  it('asks for the status with X-OPP-Partner and the signature of the GlobalId', async () => {
    server.answer({ status: 200, body: RESPONSE });
    await client().status('0b5a-11/x');
    const [received] = server.received;
    expect(received.url).toBe('/processing/status/0b5a-11%2Fx');
    expect(received.headers['x-opp-partner']).toBe('partner-1');
    expect(received.headers['x-opp-signature']).toBe(hmac('0b5a-11/x'));
  });

  it('repeats the identical submission after the 404 apology and answers the outcome', async () => {
    server.answer({ status: 404, body: APOLOGY }, { status: 200, body: RESPONSE });
    const partner = client();
    expect(await partner.submit(partner.newRequest([]))).toEqual(RESPONSE);
    expect(server.received).toHaveLength(2);
    expect(server.received[1].body).toBe(server.received[0].body);
    expect(server.received[1].headers['x-opp-signature']).toBe(
      server.received[0].headers['x-opp-signature'],
    );
  });

  it('reports a lasting apology as an unavailable OppProcessingError', async () => {
    server.answer({ status: 404, body: APOLOGY });
    const error = await client()
      .submit(client().newRequest([]))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OppProcessingError);
    expect(error).toMatchObject({ status: 404, unavailable: true, apiMessage: APOLOGY });
    expect(server.received).toHaveLength(3);
  });

  it('throws the API error code of a refusal without repeating it', async () => {
    server.answer({
      status: 400,
      body: { error: { code: 'DUPLICATE_REQUEST_ID', message: 'used' } },
    });
    await expect(client().submit(client().newRequest([]))).rejects.toMatchObject({
      status: 400,
      code: 'DUPLICATE_REQUEST_ID',
      unavailable: false,
    });
    server.answer({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'Unknown' } } });
    await expect(client().status('g-2')).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(server.received).toHaveLength(1);
  });

  it('throws 401 as OppProcessingError whatever its body', async () => {
    server.answer({ status: 401, body: '' });
    await expect(client().status('g-3')).rejects.toMatchObject({ status: 401 });
  });

  it('throws OppHttpError for an answer outside the API', async () => {
    server.answer({ status: 500, body: 'boom' });
    await expect(client().status('g-4')).rejects.toBeInstanceOf(OppHttpError);
  });

  it('sends a raw string body as it is', async () => {
    server.answer({ status: 400, body: { error: { code: 'INVALID_REQUEST', message: 'x' } } });
    const answer = await client().raw.submit('{"not":"a request"}');
    expect(answer.status).toBe(400);
    expect(server.received[0].body).toBe('{"not":"a request"}');
    expect(server.received[0].headers['x-opp-signature']).toBe(hmac('{"not":"a request"}'));
  });

  it.each([
    [{ baseUrl: 'relative/path' }, /baseUrl/],
    [{ identifier: '' }, /identifier/],
    [{ secret: '' }, /secret/],
    [{ timeoutMs: -1 }, /timeoutMs/],
    [{ retry: { attempts: 0 } }, /attempts/],
  ])('refuses %p at construction', (options, message) => {
    expect(() => client(options)).toThrow(message);
  });
});
