/** The broker cannot take or answer a request now; callers answer "try again later", never 500. */
export class BrokerUnavailableError extends Error {
  constructor(reason: string) {
    super(`Message broker unavailable: ${reason}`);
    this.name = 'BrokerUnavailableError';
  }
}
