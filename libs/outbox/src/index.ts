export * from './outbox-message.orm-entity';
export * from './inbox-message.orm-entity';
export * from './outbox-schema.migration';
export * from './outbox-trace-context.migration';
export * from './outbox-writer';
export * from './outbox-relay';
export * from './outbox-relay.lifecycle';
export * from './typeorm-inbox';
