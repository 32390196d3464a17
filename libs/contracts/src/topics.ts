/**
 * Every Kafka topic of the platform, by name and version. Services never spell a topic name
 * themselves; the local stack, the topic Job and the consumers all read this list.
 * A topic's physical name is `<KAFKA_TOPIC_PREFIX><name>` (tests give each stack its own prefix).
 */
export type TopicKind = 'event' | 'snapshot' | 'request' | 'reply' | 'command' | 'dead-letter';

export interface TopicDefinition {
  readonly name: string;
  readonly kind: TopicKind;
  /** Compacted topics keep the latest value per key (snapshots). */
  readonly compacted?: boolean;
  /** Overrides the stack's default partition count. */
  readonly partitions?: number;
  /**
   * What the Kafka message key holds. Ordering is per key, so this says which messages keep their
   * order relative to each other (published in docs/asyncapi.yaml).
   */
  readonly key: string;
}

const topic = (
  name: string,
  kind: TopicKind,
  key: string,
  extra: Partial<Omit<TopicDefinition, 'name' | 'kind' | 'key'>> = {},
) => ({ name, kind, key, ...extra }) as const satisfies TopicDefinition;

export const Topics = {
  /** Latest state of each merchant project (key: project id). Owner: api-gateway. */
  projectSnapshots: topic('gateway.project-snapshots.v1', 'snapshot', 'project id', {
    compacted: true,
  }),
  /** Latest state of each partner (key: partner identifier). Owner: api-gateway. */
  partnerSnapshots: topic('gateway.partner-snapshots.v1', 'snapshot', 'partner identifier', {
    compacted: true,
  }),
  /**
   * The project snapshots with the project's signing key, encrypted under SECRETS_KEYS, for the
   * services that sign for a project, the notifier alone (key: project id; ADR 0063). Owner: api-gateway.
   */
  projectSigningSnapshots: topic('gateway.project-signing-snapshots.v1', 'snapshot', 'project id', {
    compacted: true,
  }),
  /**
   * The partner snapshots with the partner's secret, encrypted under SECRETS_KEYS, for the notifier
   * alone (key: partner identifier; ADR 0063). Owner: api-gateway.
   */
  partnerSigningSnapshots: topic(
    'gateway.partner-signing-snapshots.v1',
    'snapshot',
    'partner identifier',
    { compacted: true },
  ),
  /**
   * The clock of each sandbox project that has one (ADR 0069): how far its time runs ahead of the
   * wall clock (key: project id). Owner: api-gateway; read by every time-driven service.
   */
  projectClocks: topic('gateway.project-clocks.v1', 'snapshot', 'project id', { compacted: true }),
  /** Replies to the gateway's requests (key: correlation id). */
  gatewayReplies: topic('gateway.replies.v1', 'reply', 'the key of the request answered'),
  /** Requests the gateway sends to users-recurring (key: project id + user identifier). */
  usersRequests: topic('users-recurring.requests.v1', 'request', 'project id and user identifier'),
  /** Requests the gateway sends to the processing orchestrator (key: GlobalId). */
  processingRequests: topic('processing-orchestrator.requests.v1', 'request', 'GlobalId'),
  /** Requests the gateway sends to payments (key: project id, or card/transaction id). */
  paymentsRequests: topic(
    'payments.requests.v1',
    'request',
    'project id, or the card or transaction id',
  ),
  /** Every transaction status change (key: transaction id). Owner: payments. */
  transactionEvents: topic('payments.transaction-events.v1', 'event', 'transaction id'),
  /**
   * A user's recurring subscription and its automatic charges, for users-recurring (key: project id
   * and user id). Owner: payments. Apart from the status changes, so that users-recurring fetches
   * only what it applies (ADR 0019).
   */
  recurringEvents: topic('payments.recurring-events.v1', 'event', 'project id and user id'),
  /**
   * Task commands from the orchestrator to each function's owner (key: GlobalId, so that one
   * request's commands arrive in order and together, ADR 0019).
   */
  paymentsTaskCommands: topic('payments.task-commands.v1', 'command', 'GlobalId'),
  usersTaskCommands: topic('users-recurring.task-commands.v1', 'command', 'GlobalId'),
  notifierTaskCommands: topic('notifier.task-commands.v1', 'command', 'GlobalId'),
  payoutsTaskCommands: topic('payouts.task-commands.v1', 'command', 'GlobalId'),
  /** Task results back to the orchestrator (key: GlobalId, so one request's results stay in order). */
  taskResults: topic('processing-orchestrator.task-results.v1', 'event', 'GlobalId'),
  /** User lifecycle events (key: user id). Owner: users-recurring. */
  userEvents: topic('users-recurring.user-events.v1', 'event', 'user id'),
  /** A processing request finished (key: GlobalId). Owner: processing-orchestrator; read by notifier. */
  processingRequestEvents: topic('processing-orchestrator.request-events.v1', 'event', 'GlobalId'),
  /** Requests the gateway sends to the notifier: the deliveries admin API (key: delivery id). */
  notifierRequests: topic('notifier.requests.v1', 'request', 'delivery id'),
  /** Requests the gateway sends to payouts: payout types, parameters, payout orders (ADR 0011). */
  payoutsRequests: topic(
    'payouts.requests.v1',
    'request',
    'project id (a payout order: project id and signature)',
  ),
  /**
   * Commands of a payout's flow to payments: reserve its funds (key: flow id). Owner of the flow:
   * payouts (ADR 0060).
   */
  paymentsPayoutCommands: topic('payments.payout-commands.v1', 'command', 'payout flow id'),
  /** A payout's funds were reserved in the ledger, or refused. Owner: payments. */
  payoutFundsEvents: topic('payments.payout-funds-events.v1', 'event', 'payout id'),
  /** The payout rail's outcome of each payout. Owner: payouts. */
  payoutEvents: topic('payouts.payout-events.v1', 'event', 'payout id'),
} as const;

export type TopicName = (typeof Topics)[keyof typeof Topics]['name'];

/** Where a consumer parks a message that keeps failing: one dead-letter topic per source topic. */
export const deadLetterTopicOf = (source: TopicDefinition): TopicDefinition => ({
  name: `${source.name}.dlq`,
  kind: 'dead-letter',
  key: `as on ${source.name} (the parked message keeps its key)`,
});

/**
 * Events and commands get a dead-letter topic. Snapshots are retried until they apply (a read model
 * must not skip a state), requests are answered with an error, replies are dropped when unclaimed.
 */
export const hasDeadLetterTopic = (t: TopicDefinition): boolean =>
  t.kind === 'event' || t.kind === 'command';

export const allTopics: readonly TopicDefinition[] = [
  ...Object.values(Topics),
  ...Object.values(Topics).filter(hasDeadLetterTopic).map(deadLetterTopicOf),
];
