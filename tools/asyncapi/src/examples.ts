type Schema = Record<string, unknown>;

const FIXED_UUID = '3f6c1a5e-8b2d-4c7e-9a10-5d2e7b4f8c01';
const FIXED_TIME = '2026-01-15T10:00:00.000Z';
const FIXED_TEXT = 'example';
/** Tried in order against a string's `pattern`; a pattern none matches fails the build. */
const PATTERN_CANDIDATES = ['10.00', '1000', '12.5000', 'EUR', 'en', 'ab'.repeat(32)];
/** Below this depth optional properties are left out, so self-referencing schemas end. */
const OPTIONAL_DEPTH = 6;

/**
 * Messages whose sampled example would mislead a reader: the headline ones, written by hand. Each
 * is the envelope's `key` and `payload`; the rest of the envelope is sampled like any other.
 */
const HAND_WRITTEN: Record<string, { name: string; key: string; payload: Schema }> = {
  // Sampling would set both cardToken and sealedCard, and both user and userRef: exactly one of
  // each pair is sent.
  'payments.process-charge.v1': {
    name: 'a-charge-with-a-saved-card',
    key: '7',
    payload: {
      idempotencyKey: 'b6f1d0c2-4e8a-4f3b-9c7d-2a5e8f1b3c90',
      projectId: 7,
      userRef: { userId: 'user-42' },
      cardToken: 'tok_5f2c9a1e7b3d',
      priceMinor: '1000',
      currency: 'EUR',
      orderId: 'order-2026-0001',
      description: 'Monthly plan',
      threeDs: false,
      remember: false,
      verifyCard: false,
      recurring: false,
      attributes: {},
    },
  },
  'payments.transaction-status-changed.v1': {
    name: 'a-charge-completed',
    key: '1042',
    payload: {
      transactionId: 1042,
      projectId: 7,
      userId: 'user-42',
      orderId: 'order-2026-0001',
      // Set only on refunds, chargebacks and other transactions that refer to an earlier one.
      referenceId: null,
      type: 'payment',
      status: 'completed',
      callbackStatus: 'completed',
      reason: null,
      amount: '100.00',
      price: '10.0000',
      deposit: '10.0000',
      earned: '9.5000',
      vatRate: '0.0000',
      vatAmount: '0.0000',
      currency: 'EUR',
      sandbox: false,
      attributes: {},
      changedAt: FIXED_TIME,
    },
  },
};

/**
 * One example per message (AsyncAPI `examples: [{ name, payload }]`): the whole envelope, written
 * by hand for the messages in HAND_WRITTEN, else sampled deterministically from the message's own
 * schema so it cannot drift from it.
 */
export function messageExamples(
  message: { name: string; payload: unknown },
  schemas: Record<string, Schema>,
): { name: string; payload: unknown }[] {
  const sampled = sample(message.payload as Schema, schemas, 0) as Schema;
  const hand = HAND_WRITTEN[message.name];
  if (!hand) return [{ name: 'sampled', payload: sampled }];
  return [{ name: hand.name, payload: { ...sampled, key: hand.key, payload: hand.payload } }];
}

function sample(schema: Schema, schemas: Record<string, Schema>, depth: number): unknown {
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.slice(schema.$ref.lastIndexOf('/') + 1);
    const target = schemas[name];
    if (!target) throw new Error(`examples: no schema ${schema.$ref}`);
    return sample(target, schemas, depth + 1);
  }
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum.find((v) => v !== null) ?? schema.enum[0];
  if (Array.isArray(schema.allOf)) {
    return (schema.allOf as Schema[])
      .map((part) => sample(part, schemas, depth))
      .reduce(merge, undefined);
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = schema[key] as Schema[] | undefined;
    if (Array.isArray(options)) {
      const chosen = options.find((o) => o.type !== 'null') ?? options[0];
      return sample(chosen, schemas, depth);
    }
  }
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type];
  const type = types.find((t) => t !== 'null') ?? types[0] ?? inferType(schema);
  switch (type) {
    case 'null':
      return null;
    case 'boolean':
      return true;
    case 'integer':
    case 'number':
      return number(schema);
    case 'string':
      return string(schema);
    case 'array': {
      const items = (schema.items ?? {}) as Schema;
      const count = depth >= OPTIONAL_DEPTH ? Number(schema.minItems ?? 0) : 1;
      return Array.from({ length: count }, () => sample(items, schemas, depth + 1));
    }
    default:
      return object(schema, schemas, depth);
  }
}

function inferType(schema: Schema): string {
  if (schema.properties || schema.required) return 'object';
  if (schema.items) return 'array';
  return 'object';
}

function object(schema: Schema, schemas: Record<string, Schema>, depth: number): Schema {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required ?? []) as string[]);
  const result: Schema = {};
  for (const [name, property] of Object.entries(properties)) {
    if (required.has(name) || depth < OPTIONAL_DEPTH)
      result[name] = sample(property, schemas, depth + 1);
  }
  return result;
}

function number(schema: Schema): number {
  const minimum = typeof schema.minimum === 'number' ? schema.minimum : 1;
  const maximum = typeof schema.maximum === 'number' ? schema.maximum : Infinity;
  return Math.min(Math.max(minimum, 1), maximum);
}

function string(schema: Schema): string {
  if (schema.format === 'date-time') return FIXED_TIME;
  if (schema.format === 'date') return FIXED_TIME.slice(0, 10);
  if (schema.format === 'uuid') return FIXED_UUID;
  if (schema.format === 'url' || schema.format === 'uri')
    return 'https://merchant.example/callback';
  if (schema.format === 'email') return 'user@example.com';
  const fits = (text: string) =>
    text.length >= Number(schema.minLength ?? 0) &&
    text.length <= Number(schema.maxLength ?? Infinity);
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern);
    const found = PATTERN_CANDIDATES.find((c) => pattern.test(c) && fits(c));
    if (found === undefined) throw new Error(`examples: add a value matching ${schema.pattern}`);
    return found;
  }
  const min = Number(schema.minLength ?? 0);
  const max = Number(schema.maxLength ?? Infinity);
  return FIXED_TEXT.padEnd(min, 'x').slice(0, Math.max(max, 0));
}

/** allOf parts: objects merged (later parts win), anything else replaced. */
function merge(left: unknown, right: unknown): unknown {
  if (isObject(left) && isObject(right)) {
    const result: Schema = { ...left };
    for (const [key, value] of Object.entries(right)) result[key] = merge(left[key], value);
    return result;
  }
  return right === undefined ? left : right;
}

const isObject = (value: unknown): value is Schema =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
