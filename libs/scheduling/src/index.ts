export * from './polling-loop';
export * from './pg-listener';
export * from './coalescer';
