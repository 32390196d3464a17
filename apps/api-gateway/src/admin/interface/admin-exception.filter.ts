import { Catch } from '@nestjs/common';
import { ApiExceptionFilter } from '../../http/interface/api-exception.filter';

/** Errors of the admin API: the same catalogue envelope as /v1 (ADR 0002). */
@Catch()
export class AdminExceptionFilter extends ApiExceptionFilter {}
