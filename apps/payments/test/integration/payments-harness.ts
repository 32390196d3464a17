import { randomUUID } from 'node:crypto';
import * as path from 'node:path';
import type { Consumer } from 'kafkajs';
import { Client } from 'pg';
import {
  ProjectSnapshotV1Message,
  Topics,
  type MessageEnvelope,
  type PayloadOf,
  type ProcessChargeV1,
  type ProjectSettingsV1,
  type Reply,
  type RequestDefinition,
  type ResponseOf,
  type TopicDefinition,
} from '@opp/contracts';
import { DEV_CARD_DATA_PUBLIC_KEY, DEV_HOSTED_PAGE_KEYS } from '@opp/config';
import { KeyRing, SealingKey, sealCard } from '@opp/crypto';
import { parseAmount } from '@opp/money';
import type { AppName, Stack } from '@opp/local-stack';
import { KafkaConnection, MessageProducer, newEnvelope, RequestClient } from '@opp/messaging';
import { findRepoRoot, localDir } from '@opp/local-stack';
import { eventually, SANDBOX_PROJECT_SETTINGS, startTestStack, suiteSlug } from '@opp/testing';

/** The dev key ring every service of a test stack uses (SECRETS_KEYS unset outside production). */
export const devKeyRing = new KeyRing(
  `dev:${Buffer.from('opp-dev-only-secrets-key-32bytes').toString('base64')}`,
);

/** The dev hosted-page keys (HOSTED_PAGE_KEYS unset): what the 3-D Secure simulator signs PaRes with. */
export const devHostedPageKeys = new KeyRing(DEV_HOSTED_PAGE_KEYS);

const FUTURE_YEAR = new Date().getUTCFullYear() + 3;

export const cardData = (number: string, securityCode = '737') => ({
  number,
  expirationMonth: 12,
  expirationYear: FUTURE_YEAR,
  securityCode,
});

/** Card data as the gateway sends it: sealed to the dev public key for the project. */
const devSealingKey = SealingKey.parse(DEV_CARD_DATA_PUBLIC_KEY);
export const sealCardFor = (projectId: number, card: object) =>
  sealCard(devSealingKey, projectId, card);
export const sealedCardData = (projectId: number, number: string, securityCode = '737') =>
  sealCardFor(projectId, cardData(number, securityCode));

/**
 * Talks to the payments service (and whatever else the stack runs) straight over Kafka, as the
 * gateway would: project snapshots in, request/reply for commands and queries.
 */
export class PaymentsHarness {
  private readonly consumers: Consumer[] = [];
  private nextProjectId = 1;

  private constructor(
    readonly stack: Stack,
    readonly connection: KafkaConnection,
    readonly producer: MessageProducer,
    readonly client: RequestClient,
    private readonly suite: string,
  ) {}

  /** `logLevel` 'debug' makes the services log every SQL statement they send (StatementLog). */
  static async start(
    suite: string,
    services: AppName[],
    extraEnv: Record<string, string> = {},
    logLevel?: string,
  ) {
    const stack = await startTestStack({ suite, services, extraEnv, logLevel });
    const connection = new KafkaConnection({
      brokers: stack.brokers.split(','),
      clientId: `${suite}-test`,
      topicPrefix: stack.topicPrefix,
    });
    const producer = new MessageProducer(connection);
    const client = new RequestClient(connection, producer, Topics.gatewayReplies);
    await client.start();
    await eventually(() => client.ready, 'the reply consumer');
    return new PaymentsHarness(stack, connection, producer, client, suite);
  }

  /** Where a service of this suite logs (startTestStack's log directory). */
  logFile(app: AppName = 'payments'): string {
    return path.join(localDir(findRepoRoot(), 'logs', 'test', suiteSlug(this.suite)), `${app}.log`);
  }

  async stop(): Promise<void> {
    await Promise.all(this.consumers.map((c) => c.disconnect().catch(() => undefined)));
    await this.client.stop();
    await this.producer.disconnect();
    await this.stack.stop();
  }

  /** Publishes a project snapshot as the gateway does, and waits until payments has applied it. */
  async createProject(settings: Partial<ProjectSettingsV1> = {}, baseCurrency = 'EUR') {
    const id = this.nextProjectId++;
    await this.publishSnapshot(id, settings, 1, baseCurrency);
    return id;
  }

  /** A later snapshot of a project (its `version` above the last), applied by payments. */
  async updateProject(id: number, settings: Partial<ProjectSettingsV1>, version: number) {
    await this.publishSnapshot(id, settings, version, 'EUR');
  }

  private async publishSnapshot(
    id: number,
    settings: Partial<ProjectSettingsV1>,
    version: number,
    baseCurrency: string,
  ) {
    const envelope = newEnvelope(ProjectSnapshotV1Message, String(id), {
      id,
      name: `project ${id}`,
      publicKey: `pk-${id}`,
      signingKeyEncrypted: devKeyRing.encrypt(`private-key-${id}`),
      callbackUrl: null,
      baseCurrency,
      settings: { ...SANDBOX_PROJECT_SETTINGS, ...settings },
      version,
      updatedAt: new Date().toISOString(),
    });
    await this.producer.publish([{ topic: Topics.projectSnapshots, envelope }]);
    await eventually(
      async () =>
        (
          await this.sql('SELECT 1 FROM project_snapshots WHERE id = $1 AND version = $2', [
            id,
            version,
          ])
        ).length === 1,
      `project ${id} version ${version} in the payments read model`,
    );
  }

  request<D extends RequestDefinition<unknown, unknown>>(
    definition: D,
    payload: PayloadOf<D>,
    key = randomUUID(),
  ): Promise<Reply<ResponseOf<D>>> {
    return this.client.request(definition, payload, { key, timeoutMs: 60_000 });
  }

  /** A charge as the gateway sends it; `price` is decimal text, sent in minor units (ADR 0031). */
  chargeCommand(
    projectId: number,
    { price = '10.00', ...fields }: Partial<ProcessChargeV1> & { price?: string },
  ): ProcessChargeV1 {
    const currency = fields.currency ?? 'EUR';
    return {
      idempotencyKey: randomUUID(),
      projectId,
      user: { id: '42', identifier: 'user-42', email: 'u42@example.com' },
      priceMinor: String(parseAmount(price, currency)),
      currency,
      description: 'test charge',
      threeDs: false,
      remember: false,
      verifyCard: false,
      recurring: false,
      attributes: { attr_basket: 'b-1' },
      ...fields,
    };
  }

  async sql<T = Record<string, unknown>>(
    query: string,
    params: unknown[] = [],
    app: AppName = 'payments',
  ): Promise<T[]> {
    const db = new Client({ connectionString: this.stack.databaseUrls[app] });
    await db.connect();
    try {
      return (await db.query(query, params)).rows as T[];
    } finally {
      await db.end();
    }
  }

  /** Everything that arrives on a topic from its beginning, as it arrives. */
  async collect(topic: TopicDefinition): Promise<MessageEnvelope[]> {
    const received: MessageEnvelope[] = [];
    const consumer = this.connection.kafka.consumer({ groupId: `probe-${randomUUID()}` });
    this.consumers.push(consumer);
    await consumer.connect();
    await consumer.subscribe({ topic: this.connection.topicName(topic), fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => {
        received.push(JSON.parse(String(message.value)) as MessageEnvelope);
      },
    });
    return received;
  }
}

export function valueOf<T>(reply: Reply<T>): T {
  if (!reply.ok)
    throw new Error(`expected success, got ${reply.error.code} ${reply.error.message}`);
  return reply.value;
}

export function errorCodeOf(reply: Reply<unknown>): number | undefined {
  return reply.ok ? undefined : reply.error.code;
}
