export * from './polling-loop';
export * from './pg-listener';
