import { OutboxDirectSend1764000000600 } from './outbox-direct-send.migration';
import { OutboxSchema1763700000000 } from './outbox-schema.migration';
import { OutboxTraceContext1763700000010 } from './outbox-trace-context.migration';

/** The outbox's and inbox's migrations, in order: every service's database runs them first. */
export const outboxMigrations = [
  OutboxSchema1763700000000,
  OutboxTraceContext1763700000010,
  OutboxDirectSend1764000000600,
];
