import { ErrorCode } from '@opp/errors';
import { Delivery, DeliveryNotInFlightError, type DeliveryState } from './delivery';

const NOW = new Date('2026-01-01T00:00:00Z');
const SCHEDULE = [1000, 2000];
const middle = () => 0.5; // no jitter

function delivery(overrides: Partial<DeliveryState> = {}): Delivery {
  return Delivery.restore({
    id: 'd-1',
    kind: 'message-webhook',
    dedupeKey: 'message:t-1',
    projectId: 1,
    partnerIdentifier: null,
    subject: 't-1',
    request: {
      channel: 'http',
      method: 'POST',
      url: 'https://m.example/hook',
      headers: {},
      body: '{}',
    },
    task: { taskId: 't-1', globalId: 'g-1' },
    origin: { correlationId: null, traceparent: null, tracestate: null },
    status: 'pending',
    attempts: 1,
    cycleAttempts: 1,
    cycleStartedAt: NOW,
    nextAttemptAt: NOW,
    lastError: null,
    lastHttpStatus: null,
    createdAt: NOW,
    updatedAt: NOW,
    succeededAt: null,
    deadAt: null,
    reportedOutcome: null,
    ...overrides,
  });
}

const failure = { ok: false as const, error: 'HTTP 500', httpStatus: 500 };

describe('Delivery', () => {
  describe('recordAttempt (ADR 0010)', () => {
    it('a successful attempt makes it succeeded and final', () => {
      const d = delivery();
      expect(d.recordAttempt({ ok: true, httpStatus: 200 }, SCHEDULE, NOW, middle)).toEqual({
        status: 'succeeded',
        httpStatus: 200,
      });
      expect(d.state).toMatchObject({ status: 'succeeded', succeededAt: NOW, nextAttemptAt: null });
      expect(d.isFinal).toBe(true);
    });

    it('a failed attempt is retried after the delay of its place in the schedule', () => {
      const d = delivery({ cycleAttempts: 2 });
      expect(d.recordAttempt(failure, SCHEDULE, NOW, middle)).toEqual({
        status: 'pending',
        error: 'HTTP 500',
        httpStatus: 500,
        retryInMs: 2000,
      });
      expect(d.state).toMatchObject({
        status: 'pending',
        lastError: 'HTTP 500',
        lastHttpStatus: 500,
        nextAttemptAt: new Date(NOW.getTime() + 2000),
      });
      expect(d.isFinal).toBe(false);
    });

    it('is dead when the schedule of the cycle is used up', () => {
      const d = delivery({ cycleAttempts: 3 });
      expect(d.recordAttempt(failure, SCHEDULE, NOW, middle).status).toBe('dead');
      expect(d.state).toMatchObject({ status: 'dead', deadAt: NOW, nextAttemptAt: null });
    });

    it('is dead at once on a permanent failure (a refused destination)', () => {
      const d = delivery({ cycleAttempts: 1 });
      const update = d.recordAttempt({ ...failure, permanent: true }, SCHEDULE, NOW, middle);
      expect(update.status).toBe('dead');
    });

    it('refuses an attempt on a delivery that is not pending', () => {
      expect(() => delivery({ status: 'succeeded' }).recordAttempt(failure, SCHEDULE)).toThrow(
        DeliveryNotInFlightError,
      );
      expect(() => delivery({ status: 'dead' }).recordAttempt(failure, SCHEDULE)).toThrow(
        DeliveryNotInFlightError,
      );
    });
  });

  describe('isPastSchedule (ADR 0033)', () => {
    it('is past once the whole schedule has elapsed since the cycle started', () => {
      const d = delivery({ cycleAttempts: 0 });
      expect(d.isPastSchedule(SCHEDULE, new Date(NOW.getTime() + 2_999))).toBe(false);
      expect(d.isPastSchedule(SCHEDULE, new Date(NOW.getTime() + 3_000))).toBe(true);
    });

    it('counts from the last replay', () => {
      const d = delivery({ status: 'dead', cycleStartedAt: NOW });
      const later = new Date(NOW.getTime() + 60_000);
      d.replay(later);
      expect(d.isPastSchedule(SCHEDULE, new Date(later.getTime() + 2_999))).toBe(false);
    });
  });

  describe('replay', () => {
    it('puts a dead delivery back to pending, due now, at the start of a fresh schedule', () => {
      const d = delivery({ status: 'dead', cycleAttempts: 3, deadAt: NOW, nextAttemptAt: null });
      const later = new Date(NOW.getTime() + 60_000);
      expect(d.replay(later)).toEqual({ ok: true });
      expect(d.state).toMatchObject({
        status: 'pending',
        cycleAttempts: 0,
        cycleStartedAt: later,
        nextAttemptAt: later,
        deadAt: null,
        attempts: 1,
      });
    });

    it.each(['pending', 'succeeded'] as const)('refuses a %s delivery', (status) => {
      const d = delivery({ status });
      expect(d.replay()).toEqual({
        ok: false,
        code: ErrorCode.InvalidParameter,
        message: `delivery d-1 is ${status}; only a dead delivery can be replayed`,
      });
      expect(d.state.status).toBe(status);
    });
  });

  describe('takeOutcomeToReport', () => {
    it('reports SUCCESS once a task delivery succeeded, and only once', () => {
      const d = delivery({ status: 'succeeded' });
      expect(d.takeOutcomeToReport()).toBe('SUCCESS');
      expect(d.state.reportedOutcome).toBe('SUCCESS');
      expect(d.takeOutcomeToReport()).toBeNull();
    });

    it('reports FAIL for a dead task delivery', () => {
      expect(delivery({ status: 'dead' }).takeOutcomeToReport()).toBe('FAIL');
    });

    it('keeps the first answer: a replayed message that succeeds reports nothing new', () => {
      expect(
        delivery({ status: 'succeeded', reportedOutcome: 'FAIL' }).takeOutcomeToReport(),
      ).toBeNull();
    });

    it('reports nothing while pending, nor for a delivery made for no task', () => {
      expect(delivery({ status: 'pending' }).takeOutcomeToReport()).toBeNull();
      expect(delivery({ status: 'succeeded', task: null }).takeOutcomeToReport()).toBeNull();
    });
  });
});
