import type { EnvValueType } from './env.decorator';

const NUMBER = /^-?\d+(?:\.\d+)?$/;
const TRUE = new Set(['true', '1', 'yes', 'on']);
const FALSE = new Set(['false', '0', 'no', 'off']);

/**
 * Text from the environment -> the field's type. Text that does not convert is passed on unchanged,
 * so the field's validator reports it with the variable's name instead of a silent NaN or false.
 */
export function convertEnvValue(text: string, type: EnvValueType): unknown {
  switch (type) {
    case 'string':
      return text;
    case 'number':
      return NUMBER.test(text) ? Number(text) : text;
    case 'boolean': {
      const lower = text.toLowerCase();
      if (TRUE.has(lower)) return true;
      return FALSE.has(lower) ? false : text;
    }
    case 'list':
      return text
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '');
  }
}
