import { renderLeaf } from '../signing/leaf-values';

/**
 * A money input as the gateway reads it: a string is sent as it is; a number as PHP renders it,
 * the text the gateway also reads a JSON number from, so the amount charged is the amount signed.
 */
export function moneyText(value: string | number): string {
  if (typeof value === 'string') return value;
  if (!Number.isFinite(value)) throw new RangeError('a money amount must be a finite number');
  return renderLeaf(value);
}

/** The same, leaving an absent optional amount absent. */
export function optionalMoneyText(value: string | number | undefined): string | undefined {
  return value === undefined ? undefined : moneyText(value);
}
