import { AsyncLocalStorage } from 'node:async_hooks';

// One id per unit of work (HTTP request, consumed Kafka message), readable anywhere below it
// without threading it through every signature, so producers can copy it into Kafka headers.
const storage = new AsyncLocalStorage<string>();

export function runWithCorrelation<T>(correlationId: string, fn: () => T): T {
  return storage.run(correlationId, fn);
}

/** The id of the unit of work in progress, or undefined outside one. */
export function currentCorrelationId(): string | undefined {
  return storage.getStore();
}

export const CorrelationContext = {
  run: runWithCorrelation,
  currentId: currentCorrelationId,
} as const;
