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
  const instance = plainToInstance(EnvelopeSchema, plain);
  const errors = validateSync(instance, { forbidUnknownValues: false });
  if (errors.length > 0) return { ok: false, problems: flatten(errors) };
  const { payload } = plain as { payload: unknown };
  return { ok: true, value: { ...(instance as MessageEnvelope), payload } };
}
