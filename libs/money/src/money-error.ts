/** An amount or currency that cannot be turned into exact minor units; callers answer 400. */
export class MoneyError extends Error {
  override readonly name = 'MoneyError';
}
