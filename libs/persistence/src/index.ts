export * from './data-source-options';
export * from './run-migrations';
