import { CaptureServer } from '@opp/testing';
import { DestinationGuard } from '@opp/destination-guard';
import { HttpDeliverySender } from './http-delivery.sender';

describe('HttpDeliverySender', () => {
  let server: CaptureServer;
  const open = new DestinationGuard({ enforce: false, allowedHosts: [] }, () =>
    Promise.resolve([]),
  );
  const sender = new HttpDeliverySender(open, 300);

  beforeAll(async () => {
    server = await CaptureServer.start();
  });
  afterAll(() => server.stop());

  const post = (path: string) =>
    sender.send({
      channel: 'http',
      method: 'POST',
      url: server.url(path),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1&b=%C3%A9',
    });

  it('succeeds on any 2xx and sends the stored body byte for byte', async () => {
    server.respond('/ok', 204);
    expect(await post('/ok')).toEqual({ ok: true, httpStatus: 204 });
    const [request] = server.requests('/ok');
    expect(request.body).toBe('a=1&b=%C3%A9');
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
  });

  it('fails on other statuses and does not follow redirects', async () => {
    server.respond('/error', 500);
    expect(await post('/error')).toEqual({ ok: false, httpStatus: 500, error: 'HTTP 500' });
    server.respond('/moved', 302);
    expect(await post('/moved')).toEqual({ ok: false, httpStatus: 302, error: 'HTTP 302' });
  });

  it('fails when no answer comes within the time limit', async () => {
    server.respond('/slow', () => ({ status: 200, delayMs: 1500 }));
    expect(await post('/slow')).toEqual({
      ok: false,
      httpStatus: null,
      error: 'no answer within the time limit',
      unreachable: true,
    });
  });

  it('fails when nothing listens', async () => {
    const result = await sender.send({
      channel: 'http',
      method: 'GET',
      url: 'http://127.0.0.1:1/nothing',
      headers: {},
      body: null,
    });
    expect(result).toMatchObject({
      ok: false,
      httpStatus: null,
      error: /ECONNREFUSED/,
      unreachable: true,
    });
  });

  it('refuses for good what the SSRF guard refuses, without sending', async () => {
    const guarded = new HttpDeliverySender(
      new DestinationGuard({ enforce: true, allowedHosts: [] }, () => Promise.resolve([])),
      300,
    );
    const before = server.requests().length;
    expect(
      await guarded.send({
        channel: 'http',
        method: 'GET',
        url: server.url('/x'),
        headers: {},
        body: null,
      }),
    ).toEqual({
      ok: false,
      permanent: true,
      httpStatus: null,
      error: 'destination refused: address 127.0.0.1 is internal and not allow-listed',
    });
    expect(server.requests()).toHaveLength(before);
  });
});
