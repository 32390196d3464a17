// Validation of the operators' custom resources (Strimzi, CloudNativePG, KEDA) against the schemas in
// deploy/crds: each an openAPIV3Schema as a CRD states it, checked with ajv as the API server checks
// a custom resource under kubectl's strict field validation (an unknown field is refused).
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { load } from 'js-yaml';
import { REPO_ROOT, type K8sObject } from './render';

const CRD_DIR = path.join(REPO_ROOT, 'deploy/crds');

type Schema = Record<string, unknown>;

interface SchemaFile {
  apiVersion: string;
  kind: string;
  openAPIV3Schema: Schema;
}

interface ScalerSchema {
  metricTypes: string[];
  metadata: Schema;
}

/**
 * An openAPIV3Schema as JSON Schema for ajv: int-or-string becomes either type, and an object that
 * lists its properties and does not preserve unknown fields admits no others (a structural schema
 * prunes them; strict field validation refuses them). The root's metadata stays open: the API
 * server checks ObjectMeta itself.
 */
export function toJsonSchema(schema: Schema): Schema {
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'description' || key.startsWith('x-kubernetes-')) continue;
    if (key === 'properties') {
      out.properties = Object.fromEntries(
        Object.entries(value as Record<string, Schema>).map(([name, sub]) => [
          name,
          toJsonSchema(sub),
        ]),
      );
    } else if (['items', 'additionalProperties', 'not'].includes(key) && isSchema(value)) {
      out[key] = toJsonSchema(value);
    } else if (['anyOf', 'oneOf', 'allOf'].includes(key)) {
      out[key] = (value as Schema[]).map(toJsonSchema);
    } else {
      out[key] = value;
    }
  }
  if (schema['x-kubernetes-int-or-string'] === true) {
    delete out.type;
    delete out.anyOf;
    out.anyOf = [{ type: 'integer' }, { type: 'string' }];
  }
  if (schema.nullable === true && typeof out.type === 'string') {
    out.type = [out.type, 'null'];
    delete out.nullable;
  }
  const closed =
    schema.properties !== undefined &&
    schema.additionalProperties === undefined &&
    schema['x-kubernetes-preserve-unknown-fields'] !== true;
  if (closed) out.additionalProperties = false;
  return out;
}

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const ajv = new Ajv({
  allErrors: true,
  jsonPointers: true,
  unknownFormats: 'ignore',
});
// The integer formats CRDs use (format: int32 / int64), as the API server bounds them.
ajv.addFormat('int32', {
  type: 'number',
  validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31,
});
ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isSafeInteger(n) });

/** The compiled validator of every custom resource kind deploy/crds has a schema of. */
function loadValidators(): Map<string, ValidateFunction> {
  const validators = new Map<string, ValidateFunction>();
  for (const file of readdirSync(CRD_DIR).filter((f) =>
    /^[\w.-]+_v\w+_\w+\.schema\.yaml$/.test(f),
  )) {
    const { apiVersion, kind, openAPIV3Schema } = load(
      readFileSync(path.join(CRD_DIR, file), 'utf8'),
    ) as SchemaFile;
    validators.set(`${apiVersion}/${kind}`, ajv.compile(toJsonSchema(openAPIV3Schema)));
  }
  return validators;
}

function loadScalers(): Map<string, { metricTypes: string[]; validate: ValidateFunction }> {
  const { scalers } = load(
    readFileSync(path.join(CRD_DIR, 'keda-scalers.schema.yaml'), 'utf8'),
  ) as {
    scalers: Record<string, ScalerSchema>;
  };
  return new Map(
    Object.entries(scalers).map(([type, s]) => [
      type,
      { metricTypes: s.metricTypes, validate: ajv.compile(toJsonSchema(s.metadata)) },
    ]),
  );
}

const validators = loadValidators();
const scalers = loadScalers();

export const CUSTOM_RESOURCE_KINDS: readonly string[] = [...validators.keys()];

const explain = (errors: ErrorObject[] | null | undefined, at = '') =>
  (errors ?? []).map((e) => {
    const extra =
      e.keyword === 'additionalProperties'
        ? ` (${(e.params as { additionalProperty: string }).additionalProperty})`
        : '';
    return `${at}${e.dataPath || '/'} ${e.message}${extra}`;
  });

/** Problems of a custom resource against its schema; for a ScaledObject, of its triggers' metadata. */
export function customResourceProblems(obj: K8sObject): string[] {
  const key = `${obj.apiVersion}/${obj.kind}`;
  const validate = validators.get(key);
  if (!validate) return [`${key}: no schema in deploy/crds`];
  const problems = validate(obj) ? [] : explain(validate.errors);
  if (obj.kind === 'ScaledObject') problems.push(...triggerProblems(obj));
  return problems;
}

interface Trigger {
  type?: string;
  metricType?: string;
  metadata?: Record<string, unknown>;
}

function triggerProblems(obj: K8sObject): string[] {
  const triggers = (obj.spec as { triggers?: Trigger[] } | undefined)?.triggers ?? [];
  return triggers.flatMap((trigger, index) => {
    const at = `/spec/triggers/${index}`;
    const scaler = scalers.get(trigger.type ?? '');
    if (!scaler) return [`${at}: no schema for scaler ${String(trigger.type)} in deploy/crds`];
    const problems: string[] = [];
    if (trigger.metricType !== undefined && !scaler.metricTypes.includes(trigger.metricType)) {
      problems.push(`${at}/metricType must be one of ${scaler.metricTypes.join(', ')}`);
    }
    if (!scaler.validate(trigger.metadata ?? {})) {
      problems.push(...explain(scaler.validate.errors, `${at}/metadata`));
    }
    return problems;
  });
}
