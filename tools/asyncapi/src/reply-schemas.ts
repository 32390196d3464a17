import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';
import { createGenerator } from 'ts-json-schema-generator';

type Schema = Record<string, unknown>;

export interface ReplySchemas {
  /** Request definition's exported name -> its answer's type name (`Name[]` for a list). */
  readonly answerTypeOf: ReadonlyMap<string, string>;
  /** JSON schemas of those types and of every type they use, by type name. */
  readonly schemas: Readonly<Record<string, Schema>>;
}

/**
 * The answers of requests are TypeScript types (the phantom `Res` of `defineRequest<Req, Res>`),
 * not validated classes, so their schemas come from the type checker: the call sites give the
 * type names and ts-json-schema-generator turns the types into JSON Schema.
 */
export function replySchemas(contractsDir: string, tsconfig: string): ReplySchemas {
  const answerTypeOf = findAnswerTypes(contractsDir);
  const generator = createGenerator({
    path: path.join(contractsDir, 'index.ts'),
    tsconfig,
    expose: 'export',
    topRef: false,
    jsDoc: 'extended',
    skipTypeCheck: true,
    additionalProperties: true,
  });
  const schemas: Record<string, Schema> = {};
  for (const typeName of new Set([...answerTypeOf.values()].map((t) => t.replace(/\[\]$/, '')))) {
    const { definitions = {}, ...root } = generator.createSchema(typeName) as Schema & {
      definitions?: Record<string, Schema>;
    };
    Object.assign(schemas, definitions, { [typeName]: definitions[typeName] ?? root });
  }
  return { answerTypeOf, schemas: rewriteRefs(schemas) as Record<string, Schema> };
}

function findAnswerTypes(contractsDir: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sourceFiles(contractsDir)) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022);
    const visit = (node: ts.Node): void => {
      if (
        ts.isVariableDeclaration(node) &&
        ts.isIdentifier(node.name) &&
        node.initializer &&
        ts.isCallExpression(node.initializer) &&
        node.initializer.expression.getText(source) === 'defineRequest'
      ) {
        const answer = node.initializer.typeArguments?.[1];
        const list = answer && ts.isArrayTypeNode(answer) ? answer.elementType : undefined;
        const named = list ?? answer;
        if (!named || !ts.isTypeReferenceNode(named)) {
          throw new Error(`${node.name.text}: defineRequest needs a named answer type (or a list)`);
        }
        found.set(node.name.text, `${named.typeName.getText(source)}${list ? '[]' : ''}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [full] : [];
  });
}

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === '$ref' && typeof inner === 'string'
        ? inner.replace('#/definitions/', '#/components/schemas/')
        : rewriteRefs(inner),
    ]),
  );
}
