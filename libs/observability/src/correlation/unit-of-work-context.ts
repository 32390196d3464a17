import { AsyncLocalStorage } from 'node:async_hooks';
import type { TraceHeaders } from '../tracing/trace-headers';

/** What a unit of work (HTTP request, consumed message, delivery attempt) carries below it. */
export interface UnitOfWorkContext {
  correlationId?: string;
  trace?: TraceHeaders;
  /** The HTTP request being answered: log lines written for it name it (its `req` serializer). */
  request?: object;
}

// One store for both: every AsyncLocalStorage instance adds its own propagation step to every
// promise and callback the process creates, so the correlation id and the trace context share it.
const storage = new AsyncLocalStorage<UnitOfWorkContext>();

/** Runs `fn` with `changes` over the current context (what is not given is inherited). */
export function runInContext<T>(changes: UnitOfWorkContext, fn: () => T): T {
  return storage.run({ ...storage.getStore(), ...changes }, fn);
}

/** The context of the unit of work in progress, or undefined outside one. */
export function currentContext(): UnitOfWorkContext | undefined {
  return storage.getStore();
}
