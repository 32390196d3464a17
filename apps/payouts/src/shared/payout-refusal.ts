import { replyError, replyOk, type Reply } from '@opp/contracts';

/** A business refusal with a code of the public catalogue (@opp/errors), answered as a reply. */
export class PayoutRefusal extends Error {
  override readonly name = 'PayoutRefusal';

  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** Runs a use case and answers its result or its refusal; any other error is a failure. */
export async function answer<T>(work: () => Promise<T> | T): Promise<Reply<T>> {
  try {
    return replyOk(await work());
  } catch (error) {
    if (error instanceof PayoutRefusal) return replyError(error.code, error.message);
    throw error;
  }
}
