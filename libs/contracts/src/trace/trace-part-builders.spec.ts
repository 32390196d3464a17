import { TracePartBuilder, tracePart } from './trace-part-builders';

describe('tracePart', () => {
  it('leaves empty what the service does not know', () => {
    const { subject, links, ...lists } = tracePart();
    expect(subject).toBeNull();
    expect(links).toEqual({ transactionIds: [], globalIds: [], deliverySubjects: [] });
    expect(lists).toEqual({ steps: [], ledger: [], deliveries: [], tasks: [] });
  });

  it('keeps what the service knows', () => {
    const links = { transactionIds: [7], globalIds: [], deliverySubjects: ['7'] };
    expect(tracePart({ links })).toMatchObject({ subject: null, links, steps: [] });
  });
});

describe('TracePartBuilder', () => {
  it("answers the steps in the order they were added, as the service's, times in ISO-8601", () => {
    const part = new TracePartBuilder('payouts');
    part.step('state', new Date('2026-01-02T03:04:05.678Z'), 'payout 1 → completed', { id: 1 });
    part.step('task', '2026-01-01T00:00:00.000Z', 'task started', {});
    expect(part.reply({ tasks: [] })).toEqual({
      ok: true,
      value: tracePart({
        steps: [
          {
            at: '2026-01-02T03:04:05.678Z',
            service: 'payouts',
            kind: 'state',
            title: 'payout 1 → completed',
            detail: { id: 1 },
          },
          {
            at: '2026-01-01T00:00:00.000Z',
            service: 'payouts',
            kind: 'task',
            title: 'task started',
            detail: {},
          },
        ],
      }),
    });
  });
});
