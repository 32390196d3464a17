import { currentContext, runInContext } from './unit-of-work-context';

// One id per unit of work (HTTP request, consumed Kafka message), readable anywhere below it
// without threading it through every signature, so producers can copy it into Kafka headers.

export function runWithCorrelation<T>(correlationId: string, fn: () => T): T {
  return runInContext({ correlationId }, fn);
}

/** The id of the unit of work in progress, or undefined outside one. */
export function currentCorrelationId(): string | undefined {
  return currentContext()?.correlationId;
}

export const CorrelationContext = {
  run: runWithCorrelation,
  currentId: currentCorrelationId,
} as const;
