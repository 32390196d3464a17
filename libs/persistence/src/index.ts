export * from './connection-settings';
export * from './data-source-options';
export * from './plans-for-values';
export * from './preparing-client';
export * from './query-spans';
export * from './run-migrations';
export * from './typeorm-pino-logger';
// The unit of work lives in its own lib so the outbox can take one without a cycle (ADR 0031).
export * from '@opp/unit-of-work';
export * from './typeorm-transaction-runner';
