import type { ProcessingResponseV1, Reply } from '@opp/contracts';
import { ProcessingError } from './processing-error';

/**
 * The orchestrator refuses with HTTP-like codes: 404xx for a GlobalId it does not know (or that is
 * another partner's), 400xx for a request that breaks the tree rules, with the rule in the message
 * as `CODE: text`. Anything else means "cannot be accepted now".
 */
export function processingAnswerOrThrow(reply: Reply<ProcessingResponseV1>): ProcessingResponseV1 {
  if (reply.ok) return reply.value;
  const { code, message } = reply.error;
  if (Math.floor(code / 100) === 404) throw ProcessingError.notFound();
  if (Math.floor(code / 100) === 400) {
    const [rule, ...text] = message.split(': ');
    throw ProcessingError.invalid(rule ?? 'INVALID_REQUEST', text.join(': ') || message);
  }
  throw new ProcessingError(404, 'UNAVAILABLE', 'cannot be accepted now');
}
