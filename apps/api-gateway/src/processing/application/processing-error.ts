/**
 * Errors of the Task-Tree Processing API. The spec fixes only their statuses (400 with an error
 * object, 401, and 404 with a text apology); the object is `{"error":{"code","message"}}` with a
 * stable upper-case code, documented in the OpenAPI description.
 */
export class ProcessingError extends Error {
  constructor(
    readonly status: 400 | 401 | 404,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ProcessingError';
  }

  static invalid(code: string, message: string): ProcessingError {
    return new ProcessingError(400, code, message);
  }

  static unauthorized(): ProcessingError {
    return new ProcessingError(401, 'UNAUTHORIZED', 'Partner or signature is not valid');
  }

  static notFound(): ProcessingError {
    return new ProcessingError(404, 'NOT_FOUND', 'Unknown GlobalId');
  }
}
