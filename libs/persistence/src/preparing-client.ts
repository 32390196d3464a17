import { createHash } from 'node:crypto';
import { Client } from 'pg';

/**
 * Statement texts that get a name at most: past it, new texts run unnamed. Every named text is
 * planned and kept once per connection on the server, so a statement built per call (a list of
 * placeholders that varies) must not grow that without bound. A service runs a few dozen texts.
 */
export const MAX_PREPARED_TEXTS = 500;

/**
 * SQLSTATE of "cached plan must not change result type": a statement prepared before a schema
 * change would now return other columns. Matched by code, not by the (localised) message; another
 * error of the class only costs the connection a new round of names.
 */
const FEATURE_NOT_SUPPORTED = '0A000';

/** Gives each statement text one name, the same in every connection, up to a cap. */
export class StatementNames {
  private readonly names = new Map<string, string>();

  constructor(private readonly max: number) {}

  /** The text's name; undefined for a new text once `max` texts are named. */
  nameOf(text: string): string | undefined {
    let name = this.names.get(text);
    if (name === undefined && this.names.size < this.max) {
      name = `opp_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
      this.names.set(text, name);
    }
    return name;
  }
}

const statementNames = new StatementNames(MAX_PREPARED_TEXTS);

type Query = (this: Client, ...args: unknown[]) => unknown;
// pg's own query, called with the client as `this`.
const plainQuery: Query = Object.getOwnPropertyDescriptor(Client.prototype, 'query')!
  .value as Query;

/**
 * A pg client that runs every parameterized statement as a named prepared statement (ADR 0065):
 * PostgreSQL parses and plans a text once per connection instead of on every call, which took
 * about a quarter off its CPU per charge. Statements without parameters (BEGIN, COMMIT, DDL) and query
 * objects are passed on as they are.
 *
 * A schema change can make a prepared `SELECT *` fail ("cached plan must not change result type");
 * the failing call fails as before, and the connection then names its statements afresh, so the
 * retry of the work (inbox redelivery, the runner's caller) plans them again.
 */
export class PreparingClient extends Client {
  /** How many times this connection's plans went stale; part of every name after the first. */
  staleGenerations = 0;
}

// Assigned rather than overridden, so that the client keeps every one of pg's typed overloads.
PreparingClient.prototype.query = function query(this: PreparingClient, ...args: unknown[]) {
  const [text, values, callback] = args;
  const name =
    typeof text === 'string' && Array.isArray(values) ? statementNames.nameOf(text) : undefined;
  if (name === undefined) return plainQuery.apply(this, args);
  const config = {
    name: this.staleGenerations === 0 ? name : `${name}_${this.staleGenerations}`,
    text,
    values,
  };
  const forgetStalePlans = (error: unknown) => {
    if ((error as { code?: unknown } | null)?.code === FEATURE_NOT_SUPPORTED) {
      this.staleGenerations += 1;
    }
  };
  if (typeof callback === 'function') {
    return plainQuery.call(this, config, (error: unknown, result: unknown) => {
      forgetStalePlans(error);
      (callback as (error: unknown, result: unknown) => void)(error, result);
    });
  }
  return (plainQuery.call(this, config) as Promise<unknown>).catch((error: unknown) => {
    forgetStalePlans(error);
    throw error;
  });
} as Client['query'];
