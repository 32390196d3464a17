import { Catch, type RpcExceptionFilter } from '@nestjs/common';
import { throwError, type Observable } from 'rxjs';

/**
 * Nest's default RPC filter turns every handler error into "Internal server error". The transport
 * needs the real error: it decides on retries and writes the reason on a dead letter.
 */
@Catch()
export class RpcErrorPassThroughFilter implements RpcExceptionFilter<unknown> {
  catch(exception: unknown): Observable<never> {
    return throwError(() => exception);
  }
}
