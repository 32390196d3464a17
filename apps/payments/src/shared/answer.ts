import { replyError, replyOk, type Reply } from '@opp/contracts';
import { PaymentRefusal } from './payment-refusal';

/**
 * Runs a use case and answers its result or its refusal. A refusal is an answer, not a failure:
 * the inbox transaction commits (use cases refuse before writing, except what must stay, such as
 * an expired token's erased security code). Any other error rolls back and is retried or reported.
 */
export async function answer<T>(work: () => Promise<T>): Promise<Reply<T>> {
  try {
    return replyOk(await work());
  } catch (error) {
    if (error instanceof PaymentRefusal) return replyError(error.code, error.message);
    throw error;
  }
}
