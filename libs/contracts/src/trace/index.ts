export * from './money-trace';
export * from './trace-parts.v1';
