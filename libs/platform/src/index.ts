export * from './platform.module';
export * from './platform-options';
export * from './bootstrap-service';
export * from './http-adapter';
export * from './service-main';
export * from './polling-worker';
export * from './key-rotation';
