import type { Reply } from '@opp/contracts';
import { ApiError, ErrorCode, errorCatalogue } from '@opp/errors';
import { CONTRACT_REFUSAL_PREFIX } from '@opp/messaging';

/**
 * A service's refusal becomes the catalogue error it names; an unknown code is a 503, not a guess.
 * A refusal of the message contract itself names internal fields (`successUrl: successUrl must be a
 * URL address`): the merchant sees the catalogue message alone (issue 37 L9).
 */
export function answerOrThrow<T>(reply: Reply<T>): T {
  if (reply.ok) return reply.value;
  const { code, message } = reply.error;
  if (!(code in errorCatalogue)) throw ApiError.of(ErrorCode.ServiceUnavailable);
  if (message.startsWith(CONTRACT_REFUSAL_PREFIX)) throw ApiError.of(code as ErrorCode);
  throw ApiError.of(code as ErrorCode, message);
}
