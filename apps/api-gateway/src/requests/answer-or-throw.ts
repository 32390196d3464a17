import type { Reply } from '@opp/contracts';
import { ApiError, ErrorCode, errorCatalogue } from '@opp/errors';

/** A service's refusal becomes the catalogue error it names; an unknown code is a 503, not a guess. */
export function answerOrThrow<T>(reply: Reply<T>): T {
  if (reply.ok) return reply.value;
  const { code, message } = reply.error;
  if (code in errorCatalogue) throw ApiError.of(code as ErrorCode, message);
  throw ApiError.of(ErrorCode.ServiceUnavailable);
}
