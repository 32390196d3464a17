export * from './data-source-options';
export * from './run-migrations';
export * from './typeorm-pino-logger';
export * from './unit-of-work';
export * from './typeorm-transaction-runner';
