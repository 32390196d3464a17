export * from './money-trace';
export * from './trace-part-builders';
export * from './trace-parts.v1';
