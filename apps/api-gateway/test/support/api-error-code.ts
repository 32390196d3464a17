import { ApiError } from '@opp/errors';

/**
 * The catalogue code of the ApiError `read` throws, undefined when it returns: what a request
 * reader's spec asserts. Any other error is rethrown, so a crash never passes for a refusal.
 */
export function apiErrorCodeOf(read: () => unknown): number | undefined {
  try {
    read();
    return undefined;
  } catch (error) {
    if (error instanceof ApiError) return error.code;
    throw error;
  }
}
