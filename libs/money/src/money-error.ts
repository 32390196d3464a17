/**
 * An amount or currency that cannot be turned into exact minor units; callers answer 400.
 * `tooPrecise`: the text has a non-zero digit beyond the currency's decimals, which the API answers
 * with its own code (ADR 0009: 40018) whatever else is wrong with it.
 */
export class MoneyError extends Error {
  override readonly name = 'MoneyError';

  constructor(
    message: string,
    readonly tooPrecise = false,
  ) {
    super(message);
  }
}
