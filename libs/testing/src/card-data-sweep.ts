import { Kafka, logLevel } from 'kafkajs';
import { Client } from 'pg';
import { findCardDataInText, type CardDataHit } from './card-data-scan';

export interface SweepFinding extends CardDataHit {
  /** `topic <name>[<partition>]@<offset>` or `database <db> <table>.<column>`. */
  where: string;
}

const TEXT_TYPES = ['text', 'character varying', 'character', 'json', 'jsonb'];
const READ_TIMEOUT_MS = 120_000;

/**
 * Reads every message of every topic on the broker (or only those starting with `topicPrefix`, one
 * stack's) from the earliest offset (dead-letter topics included), keys, values and headers, and
 * reports card data found in them.
 */
export async function findCardDataInTopics(
  brokers: string[],
  topicPrefix = '',
): Promise<SweepFinding[]> {
  const kafka = new Kafka({
    clientId: 'card-data-sweep',
    brokers,
    logLevel: logLevel.NOTHING,
  });
  const admin = kafka.admin();
  await admin.connect();
  const remaining = new Map<string, bigint>();
  let topics: string[];
  try {
    topics = (await admin.listTopics()).filter(
      (topic) => !topic.startsWith('__') && topic.startsWith(topicPrefix),
    );
    for (const topic of topics) {
      for (const { partition, high, low } of await admin.fetchTopicOffsets(topic)) {
        if (BigInt(high) > BigInt(low)) remaining.set(`${topic}:${partition}`, BigInt(high));
      }
    }
  } finally {
    await admin.disconnect();
  }
  if (remaining.size === 0) return [];
  const findings: SweepFinding[] = [];
  const consumer = kafka.consumer({ groupId: `card-data-sweep-${Date.now()}` });
  await consumer.connect();
  try {
    await consumer.subscribe({
      topics: [...new Set([...remaining.keys()].map(topicOf))],
      fromBeginning: true,
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(new Error(`the sweep could not read ${remaining.size} partitions to their end`)),
        READ_TIMEOUT_MS,
      );
      void consumer
        .run({
          eachBatch: async ({ batch }) => {
            for (const message of batch.messages) {
              const where = `topic ${batch.topic}[${batch.partition}]@${message.offset}`;
              const texts = [
                message.key?.toString('utf8') ?? '',
                message.value?.toString('utf8') ?? '',
                ...Object.values(message.headers ?? {}).map((h) => String(h?.toString() ?? '')),
              ];
              for (const hit of findCardDataInText(texts.join('\n')))
                findings.push({ ...hit, where });
            }
            const id = `${batch.topic}:${batch.partition}`;
            const end = remaining.get(id);
            if (end !== undefined && BigInt(batch.lastOffset()) + 1n >= end) remaining.delete(id);
            if (remaining.size === 0) {
              clearTimeout(timer);
              resolve();
            }
          },
        })
        .catch(reject);
    });
  } finally {
    await consumer.disconnect();
  }
  return findings;
}

/**
 * Reads every text, varchar, json and jsonb column of every table in the given databases and
 * reports card data found in any value.
 */
export async function findCardDataInDatabases(
  adminUrl: string,
  databases: string[],
): Promise<SweepFinding[]> {
  const findings: SweepFinding[] = [];
  for (const database of databases) {
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    const db = new Client({ connectionString: url.toString() });
    await db.connect();
    try {
      const columns = (
        await db.query<{ table_schema: string; table_name: string; column_name: string }>(
          `SELECT c.table_schema, c.table_name, c.column_name
             FROM information_schema.columns c
             JOIN information_schema.tables t
               ON t.table_schema = c.table_schema AND t.table_name = c.table_name
            WHERE t.table_type = 'BASE TABLE' AND c.data_type = ANY($1)
              AND c.table_schema NOT IN ('pg_catalog', 'information_schema')`,
          [TEXT_TYPES],
        )
      ).rows;
      for (const { table_schema, table_name, column_name } of columns) {
        const column = `"${column_name.replace(/"/g, '""')}"`;
        const table = `"${table_schema.replace(/"/g, '""')}"."${table_name.replace(/"/g, '""')}"`;
        const rows = (
          await db.query<{ value: string }>(
            `SELECT ${column}::text AS value FROM ${table} WHERE ${column} IS NOT NULL`,
          )
        ).rows;
        for (const { value } of rows) {
          for (const hit of findCardDataInText(value)) {
            findings.push({ ...hit, where: `database ${database} ${table_name}.${column_name}` });
          }
        }
      }
    } finally {
      await db.end();
    }
  }
  return findings;
}

/** Databases named like `prefix%` with their oids: a database created again gets a new oid. */
export async function listDatabases(
  adminUrl: string,
  prefix: string,
): Promise<Map<string, number>> {
  const db = new Client({ connectionString: adminUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ datname: string; oid: number }>(
      `SELECT datname, oid::int AS oid FROM pg_database WHERE datname LIKE $1`,
      [`${prefix.replace(/_/g, '\\_')}%`],
    );
    return new Map(rows.map((row) => [row.datname, row.oid]));
  } finally {
    await db.end();
  }
}

function topicOf(id: string): string {
  return id.slice(0, id.lastIndexOf(':'));
}
