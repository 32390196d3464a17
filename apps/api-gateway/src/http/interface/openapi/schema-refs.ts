import type {
  ReferenceObject,
  SchemaObject,
} from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

export type Schema = SchemaObject | ReferenceObject;

/** A reference to a schema of `components.schemas` (see public-schemas.ts). */
export const ref = (name: string): ReferenceObject => ({ $ref: `#/components/schemas/${name}` });

const components = new Map<string, Schema>();

/**
 * A schema published once, under its name, in `components.schemas` of each document whose
 * operations use it (openapi-document.ts): the reference to it, for every place that answers with
 * it, so integrators' generators (and the SDK's) name its type once.
 */
export function component(name: string, schema: Schema): ReferenceObject {
  if (components.has(name)) throw new Error(`OpenAPI component ${name} is defined twice`);
  components.set(name, schema);
  return ref(name);
}

/** The schemas `component` named, by name (sorted, so the documents do not follow import order). */
export const namedComponents = (): Record<string, Schema> =>
  Object.fromEntries([...components].sort(([a], [b]) => (a < b ? -1 : 1)));

export const string = (description?: string, extra: SchemaObject = {}): SchemaObject => ({
  type: 'string',
  ...(description ? { description } : {}),
  ...extra,
});
export const integer = (description?: string, extra: SchemaObject = {}): SchemaObject => ({
  type: 'integer',
  ...(description ? { description } : {}),
  ...extra,
});
export const boolean = (description?: string): SchemaObject => ({
  type: 'boolean',
  ...(description ? { description } : {}),
});
/** Money travels as a decimal string (ADR 0009): never a JSON float. */
export const decimal = (description: string, example = '10.00'): SchemaObject =>
  string(description, { pattern: '^-?[0-9]+(\\.[0-9]+)?$', example });
/** Transaction ids are integers below 2^53 (ADR 0003), so JSON numbers lose nothing. */
export const bigintId = (description: string): SchemaObject =>
  integer(description, { format: 'int64', minimum: 1, maximum: 9007199254740991 });
export const dateTime = (description: string): SchemaObject =>
  string(description, { format: 'date-time' });
/** OpenAPI 3.0 ignores siblings of `$ref`, so a nullable reference is wrapped in `allOf`. */
export const nullable = (schema: Schema): SchemaObject =>
  '$ref' in schema
    ? { type: 'object', allOf: [schema], nullable: true }
    : { ...schema, nullable: true };
/** A reference with its own description, wrapped in `allOf` for the same reason. */
export const described = (reference: ReferenceObject, description: string): SchemaObject => ({
  allOf: [reference],
  description,
});
/** A schema made of others: a referenced one and the fields added to it. */
export const extended = (base: Schema, ...more: Schema[]): SchemaObject => ({
  allOf: [base, ...more],
});
export const object = (
  properties: Record<string, Schema>,
  required: string[] = Object.keys(properties),
  description?: string,
): SchemaObject => ({
  type: 'object',
  properties,
  required,
  ...(description ? { description } : {}),
});
export const arrayOf = (items: Schema, description?: string): SchemaObject => ({
  type: 'array',
  items,
  ...(description ? { description } : {}),
});
