import { replyOk, type Reply } from '../reply';
import type { TraceServiceName, TraceStep, TraceStepKind } from './money-trace';
import type { TracePartV1 } from './trace-parts.v1';

/**
 * A service's part of a money trace (ADR 0066) with what it knows; everything else empty: no
 * subject (only the owner names one), no links, no steps, ledger, deliveries or tasks.
 */
export function tracePart(known: Partial<TracePartV1> = {}): TracePartV1 {
  return {
    subject: null,
    links: { transactionIds: [], globalIds: [], deliverySubjects: [] },
    steps: [],
    ledger: [],
    deliveries: [],
    tasks: [],
    ...known,
  };
}

/**
 * One service's part as it is read from its records: the steps in the order the service lists
 * them (the gateway's sort keeps that order for steps of one instant), then the reply.
 */
export class TracePartBuilder {
  private readonly steps: TraceStep[] = [];

  constructor(private readonly service: TraceServiceName) {}

  /** A step at a record's time, written as ISO-8601 UTC. */
  step(
    kind: TraceStepKind,
    at: Date | string,
    title: string,
    detail: Record<string, unknown>,
  ): void {
    const iso = typeof at === 'string' ? at : at.toISOString();
    this.steps.push({ at: iso, service: this.service, kind, title, detail });
  }

  /** The part: the steps added so far and what else the service knows. */
  reply(known: Omit<Partial<TracePartV1>, 'steps'> = {}): Reply<TracePartV1> {
    return replyOk(tracePart({ ...known, steps: this.steps }));
  }
}
