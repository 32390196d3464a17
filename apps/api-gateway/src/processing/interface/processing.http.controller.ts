import {
  Controller,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Query,
  Req,
  Res,
  UseFilters,
  UseGuards,
  type RawBodyRequest,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiExcludeEndpoint,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiSecurity,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ProcessingAnswerV2, ProcessingResponseV1 } from '@opp/contracts';
import { currentCorrelationId } from '@opp/observability';
import { GatewayConfig } from '../../config/gateway.config';
import { AuthenticatedPartner } from '../../partner-auth/interface/partner-request';
import {
  PartnerBodySignatureGuard,
  PartnerGlobalIdSignatureGuard,
} from '../../partner-auth/interface/partner-signature.guard';
import type { Partner } from '../../partner/domain/partner';
import { ProcessingError } from '../application/processing-error';
import {
  ReadProcessingStatusUseCase,
  ResumeProcessingTaskUseCase,
  SubmitProcessingUseCase,
} from '../application/processing.use-cases';
import { returnPage, sendHtml } from './acs-return-page';
import { ProcessingExceptionFilter } from './processing-exception.filter';
import {
  ERROR_SCHEMA,
  PROCESSING_ERROR_DESCRIPTION,
  REQUEST_SCHEMA,
  RESPONSE_SCHEMA,
  SUBMIT_DESCRIPTION,
} from './processing-openapi';
import { renderProcessingAnswer } from './task-outputs';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UNAVAILABLE_RESPONSE = {
  description:
    'Unknown GlobalId (JSON error object, code NOT_FOUND), or the request cannot be accepted at ' +
    'the moment (text/plain apology: repeat it after a few seconds)',
};

/**
 * The Task-Tree Processing API for a partner its guard authenticated (ADR 0004): reads the HTTP
 * request, hands it to the use cases (submit with the synchronous window of ADR 0005, status, the
 * 3-D Secure return) and renders their answers (ADR 0031).
 */
@ApiTags('processing')
@UseFilters(ProcessingExceptionFilter)
@Controller('processing')
export class ProcessingHttpController {
  constructor(
    private readonly submitting: SubmitProcessingUseCase,
    private readonly statuses: ReadProcessingStatusUseCase,
    private readonly resuming: ResumeProcessingTaskUseCase,
    @Inject(GatewayConfig) private readonly config: GatewayConfig,
  ) {}

  @Post()
  @HttpCode(200)
  @UseGuards(PartnerBodySignatureGuard)
  @ApiSecurity({ partnerSignature: [] })
  @ApiOperation({
    summary: 'Submit a processing request (task trees)',
    description: SUBMIT_DESCRIPTION,
  })
  @ApiHeader({
    name: 'X-OPP-Signature',
    required: true,
    description: 'hex HMAC-SHA256(secret, raw body)',
  })
  @ApiBody({ schema: REQUEST_SCHEMA })
  @ApiOkResponse({ description: 'The Response object', schema: RESPONSE_SCHEMA })
  @ApiBadRequestResponse({ description: PROCESSING_ERROR_DESCRIPTION, schema: ERROR_SCHEMA })
  @ApiUnauthorizedResponse({
    description: 'UNAUTHORIZED: partner or signature is not valid',
    schema: ERROR_SCHEMA,
  })
  @ApiNotFoundResponse(UNAVAILABLE_RESPONSE)
  async submit(
    @Req() request: RawBodyRequest<FastifyRequest>,
    @AuthenticatedPartner() partner: Partner,
  ) {
    const startedAt = Date.now();
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body) || !request.rawBody) {
      throw ProcessingError.invalid('INVALID_REQUEST', 'The body must be a JSON Request object');
    }
    const answer = await this.submitting.execute(partner, {
      body: body as Record<string, unknown>,
      rawBody: request.rawBody.toString('utf8'),
      startedAt,
      correlationId: currentCorrelationId(),
    });
    return this.render(answer);
  }

  @Get('status/:globalId')
  @UseGuards(PartnerGlobalIdSignatureGuard)
  @ApiSecurity({ partnerSignature: [], partnerIdentifier: [] })
  @ApiOperation({
    summary: 'Current state of a processing request',
    description:
      'Headers `X-OPP-Partner: <identifier>` and `X-OPP-Signature` = hex HMAC-SHA256(secret, ' +
      'GlobalId) (ADR 0004). Answers the Response object with the status of the request and of each ' +
      "task. Another partner's GlobalId answers 404.\n\n" +
      PROCESSING_ERROR_DESCRIPTION,
  })
  @ApiHeader({ name: 'X-OPP-Partner', required: true })
  @ApiHeader({
    name: 'X-OPP-Signature',
    required: true,
    description: 'hex HMAC-SHA256(secret, GlobalId)',
  })
  @ApiOkResponse({ description: 'The Response object', schema: RESPONSE_SCHEMA })
  @ApiUnauthorizedResponse({ description: 'UNAUTHORIZED', schema: ERROR_SCHEMA })
  @ApiNotFoundResponse(UNAVAILABLE_RESPONSE)
  async status(@Param('globalId') globalId: string, @AuthenticatedPartner() partner: Partner) {
    return this.render(
      await this.statuses.execute(globalId, partner.identifier, currentCorrelationId()),
    );
  }

  /**
   * The 3-D Secure TermUrl of a card.payment task (ADR 0005, ADR 0007): the access control server
   * posts PaRes and MD here; the orchestrator authenticates the payment and the tree goes on. The
   * user is then sent (303) to a page of this gateway that forwards them to the partner's own
   * acs_return_url: browsers apply the ACS page's CSP `form-action` to redirects of its form, so a
   * direct 303 to another origin would be blocked. The target travels encrypted, so the page is no
   * open redirect.
   */
  @Post('acs-return/:globalId/:taskId')
  @ApiExcludeEndpoint()
  async acsReturn(
    @Param('globalId') globalId: string,
    @Param('taskId') taskId: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    if (!UUID.test(globalId) || !UUID.test(taskId)) throw ProcessingError.notFound();
    const body = (request.body ?? {}) as Record<string, unknown>;
    const field = (name: string) => (typeof body[name] === 'string' ? body[name] : undefined);
    const sealed = await this.resuming.execute(
      globalId,
      taskId,
      { paRes: field('PaRes'), md: field('MD') },
      currentCorrelationId(),
    );
    if (sealed === null) return sendHtml(reply, returnPage(null));
    const token = encodeURIComponent(sealed);
    return reply
      .status(303)
      .header('location', `/processing/acs-return/${globalId}/${taskId}/continue?to=${token}`)
      .send();
  }

  @Get('acs-return/:globalId/:taskId/continue')
  @ApiExcludeEndpoint()
  acsContinue(@Query('to') token: string | undefined, @Res() reply: FastifyReply) {
    return sendHtml(reply, returnPage(this.resuming.forwardTarget(token)));
  }

  /** Task outputs and the 3-D Secure redirect are the gateway's to render (ADR 0031). */
  private render(answer: ProcessingAnswerV2): ProcessingResponseV1 {
    return renderProcessingAnswer(answer, this.config.publicGatewayUrl);
  }
}
