import { runWithCorrelation } from '../correlation/correlation-context';
import { createLogger } from './create-logger';
import { luhnValid } from '@opp/card-bins';
import { TestLogSink } from './test-log-sink';

const PAN = '4111111111111111';
const MASKED = '411111******1111';

function setup() {
  const sink = new TestLogSink();
  const logger = createLogger({ service: 'payments', level: 'debug' }, sink);
  return { sink, logger };
}

describe('createLogger', () => {
  it('writes JSON with service, ISO time and a level label', () => {
    const { sink, logger } = setup();
    logger.info('hello');
    const line = sink.last();
    expect(line).toMatchObject({ service: 'payments', level: 'info', msg: 'hello' });
    expect(line.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('honours the level', () => {
    const sink = new TestLogSink();
    const logger = createLogger({ service: 's', level: 'warn' }, sink);
    logger.info('dropped');
    logger.warn('kept');
    expect(sink.lines.map((l) => l.msg)).toEqual(['kept']);
  });

  it('masks a PAN in a nested field under an unknown key', () => {
    const { sink, logger } = setup();
    logger.info({ order: { items: [{ note: `paid with ${PAN}` }] } }, 'charged');
    expect(JSON.stringify(sink.last())).not.toContain(PAN);
    expect(sink.last().order).toEqual({ items: [{ note: `paid with ${MASKED}` }] });
  });

  it('masks a PAN in the message, including interpolated arguments', () => {
    const { sink, logger } = setup();
    logger.info(`card ${PAN} declined`);
    logger.info('card %s declined', '5555 5555 5555 4444');
    expect(sink.lines.map((l) => l.msg)).toEqual([
      `card ${MASKED} declined`,
      'card 555555******4444 declined',
    ]);
  });

  it('masks a PAN and the security code in a logged URL', () => {
    const { sink, logger } = setup();
    logger.info({ url: `/v1/card/getToken?number=${PAN}&security_code=123&project=p1` });
    expect(sink.last().url).toBe(
      '/v1/card/getToken?number=[REDACTED]&security_code=[REDACTED]&project=p1',
    );
    logger.info(`GET /v1/card/getToken?signature=abc123&security_code=999`);
    expect(sink.last().msg).toBe(
      'GET /v1/card/getToken?signature=[REDACTED]&security_code=[REDACTED]',
    );
  });

  it('redacts card data in a body and query at known paths', () => {
    const { sink, logger } = setup();
    logger.info({
      request: {
        headers: { authorization: 'Bearer t', 'x-opp-signature': 'sig', host: 'h' },
        body: { number: PAN, security_code: '123', securityCode: '456', cvv: '789' },
        query: { security_code: '321', number: PAN, project: 'p1' },
      },
      message: { payload: { card: { number: PAN, cvc: '111', holder: 'A B' } } },
    });
    expect(sink.last().request).toEqual({
      headers: { authorization: '[REDACTED]', 'x-opp-signature': '[REDACTED]', host: 'h' },
      body: {
        number: '[REDACTED]',
        security_code: '[REDACTED]',
        securityCode: '[REDACTED]',
        cvv: '[REDACTED]',
      },
      query: { security_code: '[REDACTED]', number: '[REDACTED]', project: 'p1' },
    });
    expect(sink.last().message).toEqual({
      payload: { card: { number: '[REDACTED]', cvc: '[REDACTED]', holder: 'A B' } },
    });
  });

  it('logs a req through the request serializer: no body, headers and query redacted', () => {
    const { sink, logger } = setup();
    logger.info({
      req: {
        method: 'POST',
        url: `/v1/card/getToken?number=${PAN}&security_code=123`,
        headers: { authorization: 'Bearer t', 'x-opp-signature': 'sig', host: 'h' },
        query: { security_code: '123', number: PAN },
        body: { number: PAN, security_code: '123' },
      },
    });
    const req = sink.last().req as Record<string, unknown>;
    expect(req).not.toHaveProperty('body');
    expect(req).toMatchObject({
      method: 'POST',
      url: '/v1/card/getToken?number=[REDACTED]&security_code=[REDACTED]',
      headers: { authorization: '[REDACTED]', 'x-opp-signature': '[REDACTED]', host: 'h' },
      query: { security_code: '[REDACTED]', number: '[REDACTED]' },
    });
  });

  it('logs a request at info as id, method and scrubbed URL only (headers cost every request)', () => {
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger(
      { service: 'gateway', level: 'info' },
      { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    );
    logger.info({
      req: {
        id: 'r-1',
        method: 'POST',
        url: `/v1/card/getToken?number=${PAN}`,
        headers: { 'x-opp-signature': 'sig', host: 'h' },
      },
    });
    expect(lines[0].req).toEqual({
      id: 'r-1',
      method: 'POST',
      url: '/v1/card/getToken?number=[REDACTED]',
    });
  });

  it('redacts signatures, private keys and secrets at any depth and in variants', () => {
    const { sink, logger } = setup();
    logger.info({
      signature: 'a1b2',
      project: { privateKey: 'pk', private_key: 'pk2', public_key: 'pub' },
      partner: { settings: { auth: { clientSecret: 's1', secret: 's2', password: 'pw' } } },
      deep: { a: { b: { c: { d: { e: { partner_private_key: 'deep' } } } } } },
      checks: { signatureValid: true },
    });
    const line = sink.last();
    expect(line.signature).toBe('[REDACTED]');
    expect(line.project).toEqual({
      privateKey: '[REDACTED]',
      private_key: '[REDACTED]',
      public_key: 'pub',
    });
    expect(line.partner).toEqual({
      settings: {
        auth: { clientSecret: '[REDACTED]', secret: '[REDACTED]', password: '[REDACTED]' },
      },
    });
    expect(JSON.stringify(line.deep)).not.toContain('deep"');
    expect(line.checks).toEqual({ signatureValid: true });
  });

  it('keeps card token ids and masked numbers', () => {
    const { sink, logger } = setup();
    logger.info({ card_token: 'ctok_123', token: 'ttok_9', cardNumberMasked: MASKED });
    expect(sink.last()).toMatchObject({
      card_token: 'ctok_123',
      token: 'ttok_9',
      cardNumberMasked: MASKED,
    });
  });

  it('does not mask a 16-digit order id that fails Luhn', () => {
    const { sink, logger } = setup();
    const orderId = '1234567890123456';
    expect(luhnValid(orderId)).toBe(false);
    logger.info({ orderId, ref: `order ${orderId}` }, `order ${orderId}`);
    expect(sink.last()).toMatchObject({
      orderId,
      ref: `order ${orderId}`,
      msg: `order ${orderId}`,
    });
  });

  it('scrubs error messages and stacks', () => {
    const { sink, logger } = setup();
    logger.error({ err: new Error(`bad card ${PAN}`) }, 'failed');
    logger.error(new Error(`bad card ${PAN}`));
    for (const line of sink.lines) expect(JSON.stringify(line)).not.toContain(PAN);
    expect(sink.lines[0].err).toMatchObject({ type: 'Error', message: `bad card ${MASKED}` });
    expect(sink.lines[1].msg).toBe(`bad card ${MASKED}`);
  });

  it('scrubs child bindings', () => {
    const { sink, logger } = setup();
    const child = logger.child({ cardHint: PAN, secret: 'x', link: '/p?security_code=12' });
    child.child({ note: 'form number=4111111111111111&x="q"', amount: 1234567890123 }).info('in');
    expect(sink.last()).toMatchObject({
      cardHint: MASKED,
      secret: '[REDACTED]',
      link: '/p?security_code=[REDACTED]',
      note: 'form number=[REDACTED]&x="q"',
      amount: 1234567890123,
    });
  });

  it('redacts known paths in child bindings, which skip the value scrubber', () => {
    const { sink, logger } = setup();
    logger
      .child({ payload: { security_code: '123' }, request: { headers: { authorization: 'a' } } })
      .info('bound');
    expect(sink.last()).toMatchObject({
      payload: { security_code: '[REDACTED]' },
      request: { headers: { authorization: '[REDACTED]' } },
    });
  });

  it('does not mutate the logged object', () => {
    const { logger } = setup();
    const payload = { card: { number: PAN }, note: PAN, secret: 's' };
    logger.info(payload);
    expect(payload).toEqual({ card: { number: PAN }, note: PAN, secret: 's' });
  });

  it('adds the correlation id of the unit of work', () => {
    const { sink, logger } = setup();
    runWithCorrelation('corr-1', () => logger.info('inside'));
    logger.info('outside');
    expect(sink.lines[0].correlationId).toBe('corr-1');
    expect(sink.lines[1]).not.toHaveProperty('correlationId');
  });

  it('survives circular objects', () => {
    const { sink, logger } = setup();
    const loop: Record<string, unknown> = { note: PAN };
    loop.self = loop;
    logger.info({ loop });
    expect(JSON.stringify(sink.last())).not.toContain(PAN);
  });
});
