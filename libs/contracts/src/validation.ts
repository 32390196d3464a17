import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import { EnvelopeSchema, type MessageEnvelope } from './envelope';
import type { SchemaClass } from './message-definition';

export type Validated<T> = { ok: true; value: T } | { ok: false; problems: string[] };

const flatten = (errors: ValidationError[], prefix = ''): string[] =>
  errors.flatMap((e) => {
    const path = prefix ? `${prefix}.${e.property}` : e.property;
    const own = Object.values(e.constraints ?? {}).map((c) => `${path}: ${c}`);
    return [...own, ...flatten(e.children ?? [], path)];
  });

/** Validates plain data against a contract schema; unknown properties are refused, never passed on. */
export function validateAgainst<T>(schema: SchemaClass<T>, plain: unknown): Validated<T> {
  if (plain === null || typeof plain !== 'object' || Array.isArray(plain)) {
    return { ok: false, problems: ['payload must be an object'] };
  }
  const instance = plainToInstance(schema, plain) as T & object;
  const errors = validateSync(instance, { whitelist: true, forbidNonWhitelisted: true });
  return errors.length === 0
    ? { ok: true, value: instance }
    : { ok: false, problems: flatten(errors) };
}

export function validateEnvelope(plain: unknown): Validated<MessageEnvelope> {
  if (plain === null || typeof plain !== 'object' || Array.isArray(plain)) {
    return { ok: false, problems: ['envelope must be an object'] };
  }
  // The payload is validated against its own schema afterwards; here only its presence counts.
  const instance = envelopeInstanceOf(plain as Record<string, unknown>);
  const errors = validateSync(instance, { forbidUnknownValues: false });
  if (errors.length > 0) return { ok: false, problems: flatten(errors) };
  const { payload } = plain as { payload: unknown };
  return { ok: true, value: { ...(instance as MessageEnvelope), payload } };
}

/**
 * The envelope's fields on an instance of its schema, as `plainToInstance` would set them but
 * without its deep copy of the payload, which is validated (and copied) against its own schema
 * afterwards: the copy was about half of an envelope's validation, paid by every message consumed.
 * The envelope schema nests no other class, so nothing else needs transforming. Keys that would
 * reach the prototype are not copied (class-transformer skips them too): set by assignment,
 * `__proto__` would swap the instance's class, and with it the rules it is validated against.
 */
function envelopeInstanceOf(plain: Record<string, unknown>): EnvelopeSchema {
  const instance = new EnvelopeSchema() as unknown as Record<string, unknown>;
  for (const key of Object.keys(plain)) {
    if (key !== '__proto__' && key !== 'constructor' && key !== 'prototype') {
      instance[key] = plain[key];
    }
  }
  return instance as unknown as EnvelopeSchema;
}
