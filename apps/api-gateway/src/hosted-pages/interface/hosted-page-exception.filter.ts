import { Catch } from '@nestjs/common';
import { ApiExceptionFilter } from '../../http/interface/api-exception.filter';

/**
 * Errors of the hosted pages: the catalogue envelope (JSON), as documented for each page (an
 * unknown checkout id is 404 40403).
 */
@Catch()
export class HostedPageExceptionFilter extends ApiExceptionFilter {}
