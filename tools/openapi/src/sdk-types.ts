import * as fs from 'node:fs';
import * as path from 'node:path';

/** The part of JSON Schema (OpenAPI 3.0 flavour) the gateway's documents use. */
interface Schema {
  $ref?: string;
  type?: string;
  description?: string;
  nullable?: boolean;
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: Schema | boolean;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
}

interface Operation {
  operationId?: string;
  parameters?: Parameter[];
  summary?: string;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

/**
 * The SDK files generated from the gateway's OpenAPI documents, by repository path; the first is
 * the public document's, whose component types the others import where theirs are the same.
 */
export const SDK_TYPE_FILES = {
  'packages/sdk/src/generated/api-types.ts': 'docs/openapi.json',
  'packages/sdk/src/generated/admin-types.ts': 'docs/openapi-admin.json',
} as const;

const pascal = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);

/** ` = T` or `: T`, with no space before a union that starts on its own line. */
const after = (mark: string, type: string) => (type.startsWith('\n') ? mark : `${mark} `) + type;

const comment = (text: string | undefined, indent: string) =>
  text ? `${indent}/** ${text.replace(/\*\//g, '*\\/').replace(/\s+/g, ' ')} */\n` : '';

/** The TypeScript type of a schema: nullability, optionality and enums as the document says. */
export function typeOf(schema: Schema, indent = ''): string {
  const base = baseTypeOf(schema, indent);
  return schema.nullable ? `${base} | null` : base;
}

function baseTypeOf(schema: Schema, indent: string): string {
  if (schema.$ref) return schema.$ref.replace('#/components/schemas/', '');
  if (schema.allOf?.length === 1) return typeOf(schema.allOf[0], indent);
  if (schema.allOf) return schema.allOf.map((s) => intersected(s, indent)).join(' & ');
  const union = schema.oneOf ?? schema.anyOf;
  if (union) return union.map((s) => typeOf(s, indent)).join(' | ');
  if (schema.enum) {
    // A number or boolean enum stays one: `code: 0 | 1`, as the API sends it.
    const values = schema.enum.map((v) =>
      typeof v === 'string' ? `'${v.replace(/[\\']/g, '\\$&')}'` : String(v),
    );
    const line = values.join(' | ');
    return line.length <= 60 ? line : `\n${indent}  | ${values.join(`\n${indent}  | `)}`;
  }
  switch (schema.type) {
    case 'string':
      return 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'array':
      return `Array<${schema.items ? typeOf(schema.items, indent) : 'unknown'}>`;
    case 'object':
    case undefined:
      return schema.properties || schema.additionalProperties
        ? objectOf(schema, indent)
        : schema.type === 'object'
          ? 'Record<string, unknown>'
          : 'unknown';
    default:
      return 'unknown';
  }
}

/** A member of an intersection: in parentheses where it is a union (`&` binds tighter). */
function intersected(schema: Schema, indent: string): string {
  const type = typeOf(schema, indent);
  const union = schema.nullable || schema.enum || schema.oneOf || schema.anyOf;
  return union ? `(${type})` : type;
}

function objectOf(schema: Schema, indent: string): string {
  const inner = `${indent}  `;
  const required = new Set(schema.required ?? []);
  const lines = Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const key = /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name);
    const optional = required.has(name) ? '' : '?';
    return `${comment(property.description, inner)}${inner}${key}${optional}${after(':', typeOf(property, inner))};\n`;
  });
  const extra = schema.additionalProperties;
  if (extra) {
    // Beside named properties of other types an index signature can only say `unknown`.
    const value = extra === true || lines.length > 0 ? 'unknown' : typeOf(extra, inner);
    lines.push(`${inner}[name: string]: ${value};\n`);
  }
  return lines.length === 0 ? 'Record<string, never>' : `{\n${lines.join('')}${indent}}`;
}

const successOf = (op: Operation): Schema | undefined => {
  const [, answer] =
    Object.entries(op.responses ?? {}).find(([status]) => /^2\d\d$/.test(status)) ?? [];
  const media = answer?.content?.['application/json'];
  return media?.schema;
};

/** Another generated module whose component types this one takes instead of repeating them. */
export interface SharedTypes {
  /** The module, as this one imports it (`./api-types`). */
  module: string;
  schemas: Record<string, Schema>;
}

/**
 * The TypeScript module of a document: one type per component schema, and per operation (by its
 * operation id) `<Id>Answer` for a JSON success answer, `<Id>Body` for a JSON request body and
 * `<Id>Query` for its query parameters. A component `shared` has under the same name and schema is
 * imported from there and exported again, so both modules name one type.
 */
export function renderSdkTypes(document: Document, source: string, shared?: SharedTypes): string {
  const parts = [
    `// Generated from ${source} by tools/openapi (\`node dist/tools/openapi/src/sdk-types.js\`): do\n` +
      '// not edit. A unit test fails when this file and the document disagree.\n',
  ];
  const components = Object.entries(document.components?.schemas ?? {});
  const same = (name: string, schema: Schema) =>
    shared?.schemas[name] !== undefined &&
    JSON.stringify(shared.schemas[name]) === JSON.stringify(schema);
  const imported = components.filter(([name, schema]) => same(name, schema)).map(([name]) => name);
  if (shared && imported.length > 0) {
    const names = imported.join(', ');
    parts.push(`import type { ${names} } from '${shared.module}';\n\nexport type { ${names} };\n`);
  }
  for (const [name, schema] of components) {
    if (imported.includes(name)) continue;
    parts.push(
      `${comment(schema.description, '')}export type ${name} ${after('=', typeOf(schema))};\n`,
    );
  }
  for (const [route, item] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!op.operationId) continue;
      const what = `${method.toUpperCase()} ${route}`;
      // Query parameters, without the credentials the clients add themselves.
      const credentials = route.startsWith('/v1/') ? ['project', 'signature'] : [];
      const query = (op.parameters ?? []).filter(
        (p) => p.in === 'query' && !credentials.includes(p.name),
      );
      if (query.length > 0) {
        const schema: Schema = {
          type: 'object',
          properties: Object.fromEntries(
            query.map((p) => [
              p.name,
              { ...p.schema, description: p.description ?? p.schema?.description },
            ]),
          ),
          required: query.filter((p) => p.required).map((p) => p.name),
        };
        parts.push(
          `/** The query of ${what}. */\nexport type ${pascal(op.operationId)}Query ${after('=', typeOf(schema))};\n`,
        );
      }
      const body = op.requestBody?.content?.['application/json']?.schema;
      if (body) {
        parts.push(
          `/** The body of ${what}. */\nexport type ${pascal(op.operationId)}Body ${after('=', typeOf(body))};\n`,
        );
      }
      const answer = successOf(op);
      if (answer) {
        parts.push(
          `/** The answer of ${what}. */\nexport type ${pascal(op.operationId)}Answer ${after('=', typeOf(answer))};\n`,
        );
      }
    }
  }
  return parts.join('\n');
}

/** Every generated file's expected text, by repository path (kept from prettier, as generated). */
export function sdkTypeFiles(root: string): Record<string, string> {
  const files: Record<string, string> = {};
  let publicTypes: { target: string; schemas: Record<string, Schema> } | undefined;
  for (const [target, source] of Object.entries(SDK_TYPE_FILES)) {
    const document = JSON.parse(fs.readFileSync(path.join(root, source), 'utf8')) as Document;
    const shared = publicTypes && {
      module: `./${path.posix.relative(path.posix.dirname(target), publicTypes.target)}`.replace(
        /\.ts$/,
        '',
      ),
      schemas: publicTypes.schemas,
    };
    files[target] = renderSdkTypes(document, source, shared);
    publicTypes ??= { target, schemas: document.components?.schemas ?? {} };
  }
  return files;
}

if (require.main === module) {
  const root = process.cwd();
  for (const [target, text] of Object.entries(sdkTypeFiles(root))) {
    fs.mkdirSync(path.dirname(path.join(root, target)), { recursive: true });
    fs.writeFileSync(path.join(root, target), text);
    process.stdout.write(`wrote ${target}\n`);
  }
}
