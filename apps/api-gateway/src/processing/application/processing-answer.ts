import type { Reply } from '@opp/contracts';
import { ProcessingError } from './processing-error';

/**
 * The orchestrator refuses with HTTP-like codes: 404xx for a GlobalId (or task) it does not know,
 * or that is another partner's, 400xx for a request that breaks the tree rules, with the rule in
 * the message as `CODE: text`. Anything else means "cannot be accepted now".
 */
export function processingAnswerOrThrow<T>(reply: Reply<T>): T {
  if (reply.ok) return reply.value;
  const { code, message } = reply.error;
  if (Math.floor(code / 100) === 404) throw ProcessingError.notFound();
  if (Math.floor(code / 100) === 400) {
    const [rule, ...text] = message.split(': ');
    const known = /^[A-Z_]+$/.test(rule ?? '') && text.length > 0;
    throw ProcessingError.invalid(
      known ? rule : 'INVALID_REQUEST',
      known ? text.join(': ') : message,
    );
  }
  throw new ProcessingError(404, 'UNAVAILABLE', 'cannot be accepted now');
}
