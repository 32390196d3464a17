export * from './data-source-options';
export * from './run-migrations';
export * from './typeorm-pino-logger';
