/**
 * A business refusal with a code of the public catalogue (@opp/errors). Use cases throw it before
 * they write anything, so the handler can answer it as an error reply.
 */
export class PaymentRefusal extends Error {
  override readonly name = 'PaymentRefusal';

  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}
