import { clientErrorResponse, decodeEncodedSlashes } from './http-edge';

describe('decodeEncodedSlashes (ADR 0016)', () => {
  it.each([
    ['/v1/user%2Fresolve', '/v1/user/resolve'],
    ['/v1%2Fuser%2fresolve?x=1', '/v1/user/resolve?x=1'],
    ['/v1/card/getToken?name=a%2Fb', '/v1/card/getToken?name=a%2Fb'],
    ['/v1/user/resolve', '/v1/user/resolve'],
    ['/admin%2Fv1/projects', '/admin%2Fv1/projects'],
    ['/processing%2Fstatus/1', '/processing%2Fstatus/1'],
  ])('%s routes as %s', (url, routed) => {
    expect(decodeEncodedSlashes(url)).toBe(routed);
  });
});

describe('clientErrorResponse', () => {
  const parts = (raw: string) => {
    const [head, body] = raw.split('\r\n\r\n');
    return { statusLine: head.split('\r\n')[0], body: JSON.parse(body) as unknown };
  };

  it('answers oversized headers with 431 43101 in the envelope', () => {
    expect(parts(clientErrorResponse({ code: 'HPE_HEADER_OVERFLOW' }) ?? '')).toEqual({
      statusLine: 'HTTP/1.1 431 Request Header Fields Too Large',
      body: { error: { code: 43101, message: 'Request headers too large' } },
    });
  });

  it('answers any other unreadable request with 400 40017', () => {
    const { statusLine, body } = parts(clientErrorResponse({ code: 'HPE_INVALID_METHOD' }) ?? '');
    expect(statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(body).toMatchObject({ error: { code: 40017 } });
  });

  it('writes nothing to a connection the client dropped', () => {
    expect(clientErrorResponse({ code: 'ECONNRESET' })).toBeUndefined();
  });
});
