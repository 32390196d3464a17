import { currentCorrelationId, runWithCorrelation, runWithTraceHeaders } from '@opp/observability';
import { CaptureServer } from '@opp/testing';
import { DestinationGuard } from '@opp/destination-guard';
import { HttpDeliverySender } from '../infrastructure/http-delivery.sender';
import { currentDeliveryOrigin, inDeliveryOrigin } from './delivery-origin';

const TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

describe('delivery origin', () => {
  let server: CaptureServer;
  const sender = new HttpDeliverySender(
    new DestinationGuard({ enforce: false, allowedHosts: [] }, () => Promise.resolve([])),
    1000,
  );

  beforeAll(async () => {
    server = await CaptureServer.start();
  });
  afterAll(() => server.stop());

  it('is taken from the unit of work creating the delivery', () => {
    const origin = runWithCorrelation('req-1', () =>
      runWithTraceHeaders({ traceparent: TRACEPARENT, tracestate: 'opp=1' }, currentDeliveryOrigin),
    );
    expect(origin).toEqual({
      correlationId: 'req-1',
      traceparent: TRACEPARENT,
      tracestate: 'opp=1',
    });
    expect(currentDeliveryOrigin()).toEqual({
      correlationId: null,
      traceparent: null,
      tracestate: null,
    });
  });

  it('is resumed by an attempt: the callback carries its traceparent, logs its correlation id', async () => {
    const origin = { correlationId: 'req-2', traceparent: TRACEPARENT, tracestate: null };
    const seen = await inDeliveryOrigin(origin, async () => {
      const result = await sender.send({
        channel: 'http',
        method: 'POST',
        url: server.url('/callback'),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'a=1',
      });
      return { result, correlationId: currentCorrelationId() };
    });
    expect(seen).toEqual({ result: { ok: true, httpStatus: 200 }, correlationId: 'req-2' });
    // Tracing is off in unit tests: the stored context goes out unchanged.
    expect(server.requests('/callback')[0].headers.traceparent).toBe(TRACEPARENT);
  });

  it('sends a new trace context when the delivery has none (rows from before)', async () => {
    const none = { correlationId: null, traceparent: null, tracestate: null };
    await inDeliveryOrigin(none, () =>
      sender.send({
        channel: 'http',
        method: 'GET',
        url: server.url('/old'),
        headers: {},
        body: null,
      }),
    );
    expect(server.requests('/old')[0].headers.traceparent).toMatch(
      /^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/,
    );
  });
});
