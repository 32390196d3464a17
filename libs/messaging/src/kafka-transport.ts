import { Logger } from '@nestjs/common';
import { Server, type CustomTransportStrategy } from '@nestjs/microservices';
import type { Consumer, KafkaMessage } from 'kafkajs';
import { defaultIfEmpty, lastValueFrom, type Observable } from 'rxjs';
import { definitionOf, hasDeadLetterTopic, type TopicDefinition } from '@opp/contracts';
import { MetricsRegistry, runWithCorrelation } from '@opp/observability';
import type { InboxPort } from './inbox-port';
import type { KafkaConnection } from './kafka-connection';
import type { MessageProducer } from './message-producer';
import { MessageContext } from './message-context';
import { DeadLetters } from './dead-letters';
import { isDependencyUnreachable } from './unreachable';
import { ReplySender } from './reply-sender';
import { retrying, type RetryPolicy } from './retry';
import { ConsumerRestarter } from './consumer-restarter';
import { OFFSET_COMMIT_INTERVAL_MS, OffsetCommitter } from './offset-committer';
import { inConsumerSpan } from './consumer-span';
import { BatchConsumer, type Gathered } from './batch-consumer';
import { planMessage, type MessagePlan, type Step } from './message-plan';
import type { HandlerOptions } from './handler-decorators';
import { TransportMetrics } from './transport-metrics';

export interface KafkaTransportOptions {
  connection: KafkaConnection;
  producer: MessageProducer;
  /** Consumer group (and inbox consumer name) of the service, e.g. `payments`. */
  group: string;
  inbox?: InboxPort;
  retry?: Partial<RetryPolicy>;
  /** Partitions handled at once; order within a partition is kept. */
  concurrency?: number;
  /** The service's registry; without one the measurements go to a private, unexported one. */
  metrics?: MetricsRegistry;
  /** How often handled offsets are committed (OffsetCommitter); default OFFSET_COMMIT_INTERVAL_MS. */
  offsetCommitIntervalMs?: number;
  /** Messages applied in one inbox transaction at most (ADR 0065); default 50. */
  batchSize?: number;
}

/**
 * Nest microservice transport over kafkajs. Handlers are bound to message types (@OnMessage,
 * @OnRequest); the transport subscribes to the topics those types travel on, validates every message
 * against its contract, applies it at most once through the inbox, retries a failing event with
 * backoff and parks it on the topic's dead-letter topic after the last try, and answers requests.
 * The consumer restarts itself after a crash, so a broker outage needs no service restart.
 * Offsets are committed on an interval (OffsetCommitter): the inbox makes a redelivery harmless.
 * A fetched batch applies in one inbox transaction per run of messages, and a run of an `OnMessages`
 * handler's messages in one call of it (BatchConsumer, ADR 0065).
 */
export class KafkaTransport extends Server implements CustomTransportStrategy {
  protected override readonly logger = new Logger(KafkaTransport.name);
  private consumer?: Consumer;
  private committer?: OffsetCommitter;
  private fetching = false;
  private readonly restarter = new ConsumerRestarter(
    () => this.startConsumer(),
    () => this.consumer,
    (error) => this.logger.warn({ msg: 'consumer restart failed', error: error.message }),
  );
  private readonly deadLetters: DeadLetters;
  private readonly replies: ReplySender;
  private readonly retryPolicy: RetryPolicy;
  /** Physical topic name -> its contract, to know how a failure on it is handled. */
  private readonly topicsByName = new Map<string, TopicDefinition>();
  private readonly metrics: TransportMetrics;

  constructor(private readonly options: KafkaTransportOptions) {
    super();
    this.deadLetters = new DeadLetters(options.producer, options.group);
    this.replies = new ReplySender(options.producer);
    this.retryPolicy = { attempts: 5, initialDelayMs: 100, maxDelayMs: 5000, ...options.retry };
    this.metrics = new TransportMetrics(
      options.metrics ?? new MetricsRegistry(options.group, { defaultMetrics: false }),
    );
  }

  /** True once the consumer has fetched from the broker; readiness probes use it. */
  get ready(): boolean {
    return this.fetching || this.topics().length === 0;
  }

  async listen(callback: (error?: unknown) => void): Promise<void> {
    this.restarter.enable();
    try {
      await this.startConsumer();
    } catch (error) {
      // Start anyway and report not ready: a broker that is down at boot must not crash-loop us.
      this.logger.warn({
        msg: 'consumer could not start, retrying',
        error: (error as Error).message,
      });
      this.restarter.schedule();
    }
    callback();
  }

  async close(): Promise<void> {
    this.restarter.disable();
    await this.committer?.stop();
    await this.consumer?.disconnect();
  }

  on(): void {
    throw new Error('KafkaTransport does not expose broker events');
  }

  unwrap<T>(): T {
    return this.consumer as T;
  }

  private topics(): TopicDefinition[] {
    const topics = new Map<string, TopicDefinition>();
    for (const type of this.messageHandlers.keys()) {
      const definition = definitionOf(type);
      if (!definition) throw new Error(`No contract for handled message type ${type}`);
      topics.set(definition.topic.name, definition.topic);
    }
    return [...topics.values()];
  }

  private async startConsumer(): Promise<void> {
    const topics = this.topics();
    if (topics.length === 0) return;
    await this.committer?.stop(); // a restart: the previous consumer's last offsets, if it can
    const { connection } = this.options;
    const consumer = connection.kafka.consumer({
      groupId: connection.groupId(this.options.group),
      // A crashed member holds its partitions until its session times out: keep that short.
      sessionTimeout: 10000,
      // An idle fetch waits this long (a message ends the wait at once, so it costs no latency);
      // heartbeats go between fetches, three per session. Idle costs, ADR 0065.
      heartbeatInterval: 3000,
      maxWaitTimeInMs: 3000,
      // Keep retrying while the broker is away: a consumer that gives up would need a restart.
      retry: { retries: Number.MAX_SAFE_INTEGER, initialRetryTime: 300, maxRetryTime: 5000 },
    });
    this.consumer = consumer;
    const committer = new OffsetCommitter(
      consumer,
      this.options.offsetCommitIntervalMs ?? OFFSET_COMMIT_INTERVAL_MS,
      (error) => this.logger.warn({ msg: 'offset commit refused', error: error.message }),
    );
    this.committer = committer;
    consumer.on(consumer.events.FETCH, () => (this.fetching = true));
    consumer.on(consumer.events.GROUP_JOIN, () => committer.forget());
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      this.fetching = false;
      this.logger.warn({ msg: 'consumer crashed', error: payload.error.message });
      if (!payload.restart) this.restarter.schedule();
    });
    consumer.on(consumer.events.END_BATCH_PROCESS, ({ payload }) =>
      this.metrics.recordLag(
        this.topicLabel(payload.topic),
        payload.partition,
        Number(payload.offsetLag),
      ),
    );
    await consumer.connect();
    for (const topic of topics) {
      this.topicsByName.set(connection.topicName(topic), topic);
      await consumer.subscribe({ topic: connection.topicName(topic), fromBeginning: true });
    }
    const batches = this.batchConsumer(committer);
    await consumer.run({
      partitionsConsumedConcurrently: this.options.concurrency ?? 3,
      // Committed on an interval by the OffsetCommitter, not after every batch.
      autoCommit: false,
      // Each message's offset is resolved once it is handled: a batch cut short comes again from there.
      eachBatchAutoResolve: false,
      eachBatch: (payload) => batches.consume(payload),
    });
    committer.start();
  }

  private batchConsumer(committer: OffsetCommitter): BatchConsumer {
    const steps = {
      plan: (message: KafkaMessage) =>
        planMessage(message, this.messageHandlers, this.options.inbox !== undefined),
      run: (step: Step, tx: unknown, topic: string, partition: number) =>
        this.timed(topic, () => this.invoke(step, tx, topic, partition)),
      together: (topic: string, partition: number, run: readonly Gathered[]) =>
        this.together(topic, partition, run),
      alone: (
        topic: string,
        partition: number,
        message: KafkaMessage,
        plan: MessagePlan,
        lag: number,
      ) =>
        inConsumerSpan({ topic, partition, message, lag }, () =>
          this.handle(topic, partition, message, plan),
        ),
      handled: (topic: string, partition: number, offset: string) =>
        committer.handled(topic, partition, offset),
    };
    const { group, inbox, batchSize } = this.options;
    return new BatchConsumer(group, this.replies, steps, batchSize ?? 50, inbox);
  }

  /** One message in its own transaction (the inbox's), as it was before batches (ADR 0065). */
  private async handle(
    topic: string,
    partition: number,
    message: KafkaMessage,
    plan: MessagePlan,
  ): Promise<void> {
    if (plan.kind === 'skip') return;
    if (plan.kind === 'broken') {
      if (plan.request) await this.replies.sendError(plan.request, 40017, plan.reason);
      else await this.park(topic, message, plan.reason);
      return;
    }
    const { step } = plan;
    if (step.decoded.replyTopic) {
      await this.answer(step, topic, partition);
      return;
    }
    try {
      await retrying(this.retryPolicy, () => this.apply(step, topic, partition));
    } catch (error) {
      // The database down is no fault of the message: back to kafkajs, which retries the same
      // offset until it is up again, instead of a dead letter nobody replays (ADR 0022).
      if (isDependencyUnreachable(error)) throw error;
      await this.park(topic, message, (error as Error).message, error);
    }
  }

  /**
   * Parks a message on its dead-letter topic. A topic without one (snapshots) drops a message that
   * can never apply (it breaks the contract) and keeps one whose handler failed: the error goes back
   * to kafkajs, which retries the same offset with backoff until it applies.
   */
  private async park(topic: string, message: KafkaMessage, reason: string, error?: unknown) {
    const definition = this.topicsByName.get(topic);
    if (definition && hasDeadLetterTopic(definition)) {
      await this.deadLetters.park(topic, message, reason);
      this.metrics.topic(definition.name).deadLetters.inc();
      return;
    }
    if (error === undefined) {
      this.logger.error({ msg: 'dropping a message that breaks its contract', topic, reason });
      return;
    }
    this.logger.error({ msg: 'message not applied; retrying the same offset', topic, reason });
    throw error instanceof Error ? error : new Error(reason);
  }

  /** Requests are answered once, without retries: the requester is waiting and has its own timeout. */
  private async answer(step: Step, topic: string, partition: number): Promise<void> {
    const { decoded } = step;
    try {
      const result = await this.apply(step, topic, partition);
      await this.replies.send(decoded, result);
    } catch (error) {
      this.logger.error({
        msg: 'request failed',
        type: decoded.envelope.type,
        error: String(error),
      });
      await this.replies.sendError(decoded, 50301, 'Service temporarily unavailable, retry later');
    }
  }

  private async apply(step: Step, topic: string, partition: number): Promise<unknown> {
    const run = (tx: unknown) => this.invoke(step, tx, topic, partition);
    const { inbox } = this.options;
    const handlerOptions = (step.handler.extras ?? {}) as HandlerOptions;
    return this.timed(topic, async () => {
      if (!inbox || handlerOptions.inbox === false) return run(undefined);
      const { result } = await inbox.once(this.options.group, step.decoded.envelope.id, run);
      return result;
    });
  }

  /**
   * The handler's run with the transaction it writes through (none without the inbox). An
   * `OnMessages` handler gets its message as a run of one.
   */
  private invoke(step: Step, tx: unknown, topic: string, partition: number): Promise<unknown> {
    const { envelope } = step.decoded;
    const context = new MessageContext([envelope, tx, topic, partition, step.trace]);
    const gathered = ((step.handler.extras ?? {}) as HandlerOptions).gathered === true;
    return runWithCorrelation(envelope.correlationId ?? envelope.id, () =>
      gathered
        ? this.call(step, [step.payload], [context])
        : this.call(step, step.payload, context),
    );
  }

  /**
   * A gathered run in one call of its handler, in the consumer span of its first message (the
   * others' traces go on from their own contexts: MessageContext.trace).
   */
  private async together(topic: string, partition: number, run: readonly Gathered[]) {
    const [first] = run;
    const steps = run.map(({ plan }) => plan.step);
    const contexts = steps.map(
      ({ decoded, trace }) =>
        new MessageContext([decoded.envelope, undefined, topic, partition, trace]),
    );
    const payloads = steps.map(({ payload }) => payload);
    await inConsumerSpan({ topic, partition, message: first.message, lag: first.lag }, () =>
      this.timed(topic, () => this.call(first.plan.step, payloads, contexts)),
    );
  }

  private async call(step: Step, payload: unknown, context: unknown): Promise<unknown> {
    const result: unknown = await step.handler(payload, context);
    const output: Observable<unknown> = this.transformToObservable(result);
    return lastValueFrom(output.pipe(defaultIfEmpty(undefined)));
  }

  /** One handler run, timed and counted under its topic. */
  private async timed<T>(topic: string, work: () => Promise<T>): Promise<T> {
    const instruments = this.metrics.topic(this.topicLabel(topic));
    const started = performance.now();
    try {
      const result = await work();
      instruments.duration.ok.observe((performance.now() - started) / 1000);
      return result;
    } catch (error) {
      instruments.duration.error.observe((performance.now() - started) / 1000);
      instruments.errors.inc();
      throw error;
    }
  }

  /** Metrics name topics as the contracts do: the environment's prefix would split the series. */
  private topicLabel(topic: string): string {
    return this.topicsByName.get(topic)?.name ?? topic;
  }
}
