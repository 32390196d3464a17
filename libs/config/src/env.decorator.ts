import 'reflect-metadata';

export type EnvValueType = 'string' | 'number' | 'boolean' | 'list';

export interface EnvOptions {
  /** Never shown in errors and never given a production default. */
  secret?: boolean;
  /** Applies in every environment (e.g. a port). */
  default?: string;
  /** Applies only when NODE_ENV is not production, so production must set the variable. */
  devDefault?: string;
  /** How to convert the text; inferred from the field's TypeScript type when left out. */
  type?: EnvValueType;
}

export interface EnvField extends EnvOptions {
  readonly variable: string;
  readonly property: string;
  readonly type: EnvValueType;
}

type ConfigConstructor = abstract new () => object;

const fieldsByClass = new WeakMap<object, EnvField[]>();

/** Binds a config field to an environment variable; pair it with class-validator decorators. */
export function Env(variable: string, options: EnvOptions = {}): PropertyDecorator {
  if (options.secret && options.default !== undefined) {
    throw new Error(`@Env(${variable}): a secret must not have a default valid in production`);
  }
  return (prototype, property) => {
    const type = options.type ?? inferType(prototype, property);
    const own = fieldsByClass.get(prototype.constructor) ?? [];
    own.push({ ...options, variable, property: String(property), type });
    fieldsByClass.set(prototype.constructor, own);
  };
}

/** Fields of the class and its ancestors, ancestors first; a subclass may redeclare a field. */
export function envFieldsOf(configClass: ConfigConstructor): EnvField[] {
  const chain: object[] = [];
  for (let c: object | null = configClass; c && c !== Function.prototype;) {
    chain.unshift(c);
    c = Object.getPrototypeOf(c) as object | null;
  }
  const byProperty = new Map<string, EnvField>();
  for (const c of chain) {
    for (const field of fieldsByClass.get(c) ?? []) {
      byProperty.delete(field.property);
      byProperty.set(field.property, field);
    }
  }
  return [...byProperty.values()];
}

// Only primitive keywords are inferred: type aliases (e.g. a union of levels) have no run-time
// type and some compilers emit Object for them, which is read as text.
function inferType(prototype: object, property: string | symbol): EnvValueType {
  const designType: unknown = Reflect.getMetadata('design:type', prototype, property);
  if (designType === Number) return 'number';
  if (designType === Boolean) return 'boolean';
  if (designType === Array) return 'list';
  return 'string';
}
