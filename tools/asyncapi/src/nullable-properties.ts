import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

/**
 * Every property of libs/contracts typed `... | null`, as `Type name -> property names`: classes
 * (with what they inherit: the schema of a subclass repeats its parent's properties), interfaces
 * and object type aliases. class-validator-jsonschema does not see `| null` (it only
 * reads the decorators, and `@IsOptional()` lets null through), so the generator marks these
 * nullable; the unit test holds the whole document to this list.
 */
export function nullableProperties(contractsDir: string): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  const parentOf = new Map<string, string>();
  const add = (owner: string, property: string) =>
    found.set(owner, new Set([...(found.get(owner) ?? []), property]));
  for (const file of sourceFiles(contractsDir)) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022);
    const members = (owner: string, list: ts.NodeArray<ts.Node>) => {
      for (const member of list) {
        if (
          (ts.isPropertyDeclaration(member) || ts.isPropertySignature(member)) &&
          member.type &&
          includesNull(member.type) &&
          (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name))
        )
          add(owner, member.name.text);
      }
    };
    const visit = (node: ts.Node): void => {
      if (ts.isClassDeclaration(node) && node.name) {
        members(node.name.text, node.members);
        const parent = node.heritageClauses
          ?.find((c) => c.token === ts.SyntaxKind.ExtendsKeyword)
          ?.types[0]?.expression.getText(source);
        if (parent) parentOf.set(node.name.text, parent);
      }
      if (ts.isInterfaceDeclaration(node)) members(node.name.text, node.members);
      if (ts.isTypeAliasDeclaration(node) && ts.isTypeLiteralNode(node.type))
        members(node.name.text, node.type.members);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  for (const child of parentOf.keys()) {
    for (let parent = parentOf.get(child); parent; parent = parentOf.get(parent)) {
      for (const name of found.get(parent) ?? []) add(child, name);
    }
  }
  return found;
}

function includesNull(type: ts.TypeNode): boolean {
  if (ts.isParenthesizedTypeNode(type)) return includesNull(type.type);
  if (!ts.isUnionTypeNode(type)) return false;
  return type.types.some(
    (t) =>
      (ts.isLiteralTypeNode(t) && t.literal.kind === ts.SyntaxKind.NullKeyword) || includesNull(t),
  );
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [full] : [];
  });
}

type Schema = Record<string, unknown>;

/** A property's schema that also admits null (`type: [t, 'null']` when plain, else `anyOf`). */
export function admitNull(schema: Schema): Schema {
  if (acceptsNull(schema)) return schema;
  const { description, ...rest } = schema;
  if (typeof rest.type === 'string' && rest.enum === undefined && rest.const === undefined)
    return { ...schema, type: [rest.type, 'null'] };
  return {
    anyOf: [rest, { type: 'null' }],
    ...(description === undefined ? {} : { description }),
  };
}

/** Whether a property's schema lets null through (the checks the generators emit). */
export function acceptsNull(schema: Schema): boolean {
  const type = schema.type;
  if (type === 'null' || (Array.isArray(type) && type.includes('null'))) return true;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options) && options.some((o) => acceptsNull(o as Schema))) return true;
  }
  return false;
}
