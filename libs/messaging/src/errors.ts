/** The broker cannot take or answer a request now; callers answer "try again later", never 500. */
export class BrokerUnavailableError extends Error {
  constructor(reason: string) {
    super(`Message broker unavailable: ${reason}`);
    this.name = 'BrokerUnavailableError';
  }
}

/**
 * How a request that breaks its message contract is answered (40017 with this prefix, then the
 * validator's problems). The problems name internal fields, so the gateway shows merchants only
 * the catalogue message (issue 37 L9); the full text stays in the reply for logs and tests.
 */
export const CONTRACT_REFUSAL_PREFIX = 'invalid payload: ';
