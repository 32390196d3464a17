import {
  hasCardNumber,
  isCardNumber,
  isSecurityCodeKey,
  maskCardNumber,
  maskCardNumbers,
} from '@opp/card-bins';

// Partner templates never hold card data (ADR 0064): the card fields of a template's tasks are
// `${parameters.X}` placeholders (ADR 0005), which the request fills with sealed card fragments.
const PLACEHOLDER = /^\$\{parameters\.[^}]+\}$/;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// Under a security-code key anything with a digit is a literal code (`737`, `7 3 7`, 737); a mask
// (`***`) and a placeholder are not.
const isLiteralSecurityCode = (value: unknown): boolean =>
  (typeof value === 'number' || typeof value === 'string') &&
  /\d/.test(String(value)) &&
  !PLACEHOLDER.test(String(value));

const holdsCardNumber = (value: unknown): boolean =>
  (typeof value === 'string' && hasCardNumber(value)) ||
  (typeof value === 'number' && Number.isSafeInteger(value) && isCardNumber(String(value)));

/**
 * Where a template's tasks hold a literal card number (anywhere, keys included) or a security code
 * (a value with digits under a security-code key, not a placeholder); null when they hold none. The
 * place is named with card numbers masked: the answer must not echo what it refuses.
 */
export function templateCardDataProblem(tasks: unknown): string | null {
  const walk = (value: unknown, where: string, key: string): string | null => {
    if (isSecurityCodeKey(key) && isLiteralSecurityCode(value)) {
      return `${where} holds a security code: use a \${parameters.X} placeholder`;
    }
    if (holdsCardNumber(value)) {
      return `${where} holds a card number: use a \${parameters.X} placeholder`;
    }
    if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) {
        const problem = walk(item, `${where}[${i}]`, key);
        if (problem) return problem;
      }
      return null;
    }
    if (!isObject(value)) return null;
    for (const [name, item] of Object.entries(value)) {
      const at = `${where}.${maskCardNumbers(name)}`;
      if (hasCardNumber(name)) return `${at} is a card number: use a \${parameters.X} placeholder`;
      const problem = walk(item, at, name);
      if (problem) return problem;
    }
    return null;
  };
  return walk(tasks, 'tasks', '');
}

const SECURITY_CODE_MASK = '***';

/**
 * The tasks with every card number masked and every literal security code replaced by `***`: what
 * a template stored before ADR 0064 keeps (its migration), since no card data may stay at rest.
 */
export function withoutCardData(value: unknown, key = ''): unknown {
  if (isSecurityCodeKey(key) && isLiteralSecurityCode(value)) {
    return SECURITY_CODE_MASK;
  }
  if (typeof value === 'string') return maskCardNumbers(value);
  if (holdsCardNumber(value)) return maskCardNumber(String(value));
  if (Array.isArray(value)) return value.map((item) => withoutCardData(item, key));
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, item]) => [
      maskCardNumbers(name),
      withoutCardData(item, name),
    ]),
  );
}
