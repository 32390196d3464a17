import {
  Controller,
  Get,
  Headers,
  HttpCode,
  Param,
  Post,
  Req,
  type RawBodyRequest,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { GetProcessingStatusV1Request, SubmitProcessingV1Request } from '@opp/contracts';
import { currentCorrelationId } from '@opp/observability';
import { PARTNER_HEADER, PartnerAuth, SIGNATURE_HEADER } from '../../partner-auth/partner-auth';
import { GatewayRequestClient } from '../../requests/request-client.provider';
import { processingAnswerOrThrow } from './processing-answer';
import { ProcessingError } from './processing-error';

/** The Task-Tree Processing API: authenticate the partner (D4), hand the request to the orchestrator. */
@ApiTags('processing')
@Controller('processing')
export class ProcessingHttpController {
  constructor(
    private readonly auth: PartnerAuth,
    private readonly requests: GatewayRequestClient,
  ) {}

  @Post()
  @HttpCode(200)
  async submit(@Req() request: RawBodyRequest<FastifyRequest>) {
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body) || !request.rawBody) {
      throw ProcessingError.invalid('INVALID_REQUEST', 'The body must be a JSON Request object');
    }
    const identifier = (body as { payload?: { partner?: { identifier?: unknown } } }).payload
      ?.partner?.identifier;
    const partner = await this.auth.verify(
      identifier,
      request.rawBody,
      request.headers[SIGNATURE_HEADER],
    );
    const globalId = randomUUID();
    const reply = await this.requests.request(
      SubmitProcessingV1Request,
      {
        globalId,
        partnerIdentifier: partner.identifier,
        projectId: partner.projectId,
        request: body as Record<string, unknown>,
      },
      { key: globalId, correlationId: currentCorrelationId() },
    );
    return processingAnswerOrThrow(reply);
  }

  @Get('status/:globalId')
  async status(
    @Param('globalId') globalId: string,
    @Headers(PARTNER_HEADER) identifier: string | undefined,
    @Headers(SIGNATURE_HEADER) signature: string | undefined,
  ) {
    const partner = await this.auth.verify(identifier, globalId, signature);
    const reply = await this.requests.request(
      GetProcessingStatusV1Request,
      { globalId, partnerIdentifier: partner.identifier },
      { key: globalId, correlationId: currentCorrelationId() },
    );
    return processingAnswerOrThrow(reply);
  }
}
