import { Client } from 'pg';
import { findCardDataInText, type CardDataHit } from './card-data-scan';
import { readTopicsToEnd } from './topic-reader';

export interface SweepFinding extends CardDataHit {
  /** `topic <name>[<partition>]@<offset>` or `database <db> <table>.<column>`. */
  where: string;
}

const TEXT_TYPES = ['text', 'character varying', 'character', 'json', 'jsonb', 'bytea'];

/**
 * Card data in a text once the identifiers ADR 0064 lets a partner or merchant look things up by (an
 * order id, a request id, a notification URI, kept as sent) are set aside: each occurrence of one
 * is blanked before the scan. Without `allowed`, every card number counts.
 */
export function findCardDataOutside(text: string, allowed: readonly string[] = []): CardDataHit[] {
  let rest = text;
  for (const identifier of allowed) {
    if (identifier !== '') rest = rest.split(identifier).join(' '.repeat(identifier.length));
  }
  return findCardDataInText(rest);
}

/**
 * Reads every message of every topic on the broker (or only those starting with `topicPrefix`, one
 * stack's) from the earliest offset (dead-letter topics included), keys, values and headers, and
 * reports card data found in them outside the `allowed` identifiers.
 */
export async function findCardDataInTopics(
  brokers: string[],
  topicPrefix = '',
  allowed: readonly string[] = [],
): Promise<SweepFinding[]> {
  const findings: SweepFinding[] = [];
  await readTopicsToEnd(brokers, topicPrefix, (topic, partition, message) => {
    const where = `topic ${topic}[${partition}]@${message.offset}`;
    const texts = [
      message.key?.toString('utf8') ?? '',
      message.value?.toString('utf8') ?? '',
      ...Object.values(message.headers ?? {}).map((h) => String(h?.toString() ?? '')),
    ];
    for (const hit of findCardDataOutside(texts.join('\n'), allowed))
      findings.push({ ...hit, where });
  });
  return findings;
}

/**
 * Reads every text, varchar, json, jsonb and bytea column of every table in the given databases
 * and reports card data found in any value outside the `allowed` identifiers. Bytes are read as
 * Latin-1 text, so a card number stored in a byte column shows as its digits.
 */
export async function findCardDataInDatabases(
  adminUrl: string,
  databases: string[],
  allowed: readonly string[] = [],
): Promise<SweepFinding[]> {
  const findings: SweepFinding[] = [];
  for (const database of databases) {
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    const db = new Client({ connectionString: url.toString() });
    await db.connect();
    try {
      const columns = (
        await db.query<{
          table_schema: string;
          table_name: string;
          column_name: string;
          data_type: string;
        }>(
          `SELECT c.table_schema, c.table_name, c.column_name, c.data_type
             FROM information_schema.columns c
             JOIN information_schema.tables t
               ON t.table_schema = c.table_schema AND t.table_name = c.table_name
            WHERE t.table_type = 'BASE TABLE' AND c.data_type = ANY($1)
              AND c.table_schema NOT IN ('pg_catalog', 'information_schema')`,
          [TEXT_TYPES],
        )
      ).rows;
      for (const { table_schema, table_name, column_name, data_type } of columns) {
        const column = `"${column_name.replace(/"/g, '""')}"`;
        const table = `"${table_schema.replace(/"/g, '""')}"."${table_name.replace(/"/g, '""')}"`;
        // bytea comes back as a Buffer when not cast; every other type as its text.
        const rows = (
          await db.query<{ value: string | Buffer }>(
            `SELECT ${data_type === 'bytea' ? column : `${column}::text`} AS value
               FROM ${table} WHERE ${column} IS NOT NULL`,
          )
        ).rows;
        for (const { value } of rows) {
          const text = typeof value === 'string' ? value : value.toString('latin1');
          for (const hit of findCardDataOutside(text, allowed)) {
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

/**
 * Databases named like `prefix%` with their oids: a database created again gets a new oid.
 * Templates (migrated once and copied per stack) hold no data and refuse connections.
 */
export async function listDatabases(
  adminUrl: string,
  prefix: string,
): Promise<Map<string, number>> {
  const db = new Client({ connectionString: adminUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ datname: string; oid: number }>(
      `SELECT datname, oid::int AS oid FROM pg_database WHERE datname LIKE $1 AND NOT datistemplate`,
      [`${prefix.replace(/_/g, '\\_')}%`],
    );
    return new Map(rows.map((row) => [row.datname, row.oid]));
  } finally {
    await db.end();
  }
}
