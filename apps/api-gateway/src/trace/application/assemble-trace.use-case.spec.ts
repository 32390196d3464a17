import { tracePart, type TracePartV1, type TraceQueryV1, type TraceStep } from '@opp/contracts';
import { AssembleTraceUseCase, inTimeOrder } from './assemble-trace.use-case';
import { StoredRequests, TraceParts, type RemoteTraceService } from './trace-sources';

const step = (
  at: string,
  title: string,
  service: TraceStep['service'] = 'payments',
): TraceStep => ({
  at,
  service,
  kind: 'state',
  title,
  detail: {},
});

class FakeParts extends TraceParts {
  asked: Array<{ service: string; query: TraceQueryV1 }> = [];
  constructor(private readonly answers: Partial<Record<RemoteTraceService, TracePartV1 | Error>>) {
    super();
  }
  part(service: RemoteTraceService, query: TraceQueryV1): Promise<TracePartV1> {
    this.asked.push({ service, query });
    const answer = this.answers[service] ?? tracePart();
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  }
  deliveries(): Promise<TracePartV1> {
    return Promise.reject(new Error('timed out after 5000 ms'));
  }
}

class FakeRequests extends StoredRequests {
  steps(): Promise<TraceStep[]> {
    return Promise.resolve([
      step('2026-01-01T00:00:00.000Z', 'POST /v1/card/process', 'api-gateway'),
    ]);
  }
  messages(): Promise<TraceStep[]> {
    return Promise.resolve([]);
  }
}

const payment = tracePart({
  subject: {
    kind: 'transaction',
    id: '7',
    projectId: 3,
    orderId: 'o-1',
    type: 'payment',
    status: 'completed',
    amount: '10.00',
    currency: 'EUR',
  },
  links: { transactionIds: [7, 8], globalIds: [], deliverySubjects: ['7', '8'] },
  steps: [step('2026-01-01T00:00:01.000Z', 'payment 7 → completed')],
});

describe('AssembleTraceUseCase', () => {
  it('returns the parts that answered and names the missing ones, never failing the trace', async () => {
    const parts = new FakeParts({
      payments: payment,
      payouts: new Error('timed out after 5000 ms'),
    });
    const trace = await new AssembleTraceUseCase(parts, new FakeRequests()).execute({
      kind: 'transaction',
      id: 7,
    });
    expect(trace?.subject.id).toBe('7');
    expect(trace?.steps.map((s) => s.title)).toEqual([
      'POST /v1/card/process',
      'payment 7 → completed',
    ]);
    expect(trace?.missing).toEqual([
      { service: 'payouts', reason: 'timed out after 5000 ms' },
      { service: 'notifier', reason: 'timed out after 5000 ms' },
    ]);
    // The others are asked for every linked transaction, in the subject's project.
    expect(parts.asked.find((a) => a.service === 'payouts')?.query).toMatchObject({
      projectId: 3,
      transactionIds: [7, 8],
    });
  });

  it('answers null when the owner knows no such subject', async () => {
    const parts = new FakeParts({ payments: tracePart() });
    expect(
      await new AssembleTraceUseCase(parts, new FakeRequests()).execute({
        kind: 'transaction',
        id: 9,
      }),
    ).toBeNull();
  });

  it('still traces when the owner does not answer, with the owner named missing', async () => {
    const parts = new FakeParts({ payments: new Error('no reply') });
    const trace = await new AssembleTraceUseCase(parts, new FakeRequests()).execute({
      kind: 'transaction',
      id: 7,
    });
    expect(trace?.subject).toMatchObject({ kind: 'transaction', id: '7' });
    expect(trace?.missing.map((m) => m.service)).toContain('payments');
  });
});

describe('inTimeOrder', () => {
  it('orders by time and keeps the order of steps of one instant', () => {
    const steps = [
      step('2026-01-01T00:00:02.000Z', 'c'),
      step('2026-01-01T00:00:01.000Z', 'a'),
      step('2026-01-01T00:00:01.000Z', 'b'),
    ];
    expect(inTimeOrder(steps).map((s) => s.title)).toEqual(['a', 'b', 'c']);
  });
});
