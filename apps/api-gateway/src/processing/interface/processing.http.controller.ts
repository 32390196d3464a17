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
import { randomUUID } from 'node:crypto';
import {
  GetProcessingStatusV2Request,
  ResumeProcessingTaskV1Request,
  SubmitProcessingV2Request,
  type ProcessingAnswerV2,
  type ProcessingResponseV1,
} from '@opp/contracts';
import { HostedPageKeyRing, KeyRing } from '@opp/crypto';
import { currentCorrelationId } from '@opp/observability';
import { CardDataSealer } from '../../card/application/card-data-sealer';
import { GatewayConfig } from '../../config/gateway.config';
import { AuthenticatedPartner } from '../../partner-auth/interface/partner-request';
import {
  PartnerBodySignatureGuard,
  PartnerGlobalIdSignatureGuard,
} from '../../partner-auth/interface/partner-signature.guard';
import type { Partner } from '../../partner/domain/partner';
import { GatewayRequestClient } from '../../requests/application/request-client.provider';
import { PartnerTemplatesUseCase } from '../../template/application/partner-templates.use-case';
import { templateNamesIn } from '../../template/domain/partner-template';
import { documentedRequest } from '../application/documented-request';
import { sealTaskCardData, sealTemplateCardData } from '../application/seal-task-card-data';
import { awaitSyncWindow } from '../application/sync-window';
import { returnPage, sendHtml } from './acs-return-page';
import { isHttpUrl } from '@opp/destination-guard';
import { processingAnswerOrThrow } from './processing-answer';
import { RegisteredUrlCheck } from '../../destinations/application/registered-url-check';
import { ProcessingError } from './processing-error';
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
 * The Task-Tree Processing API: for a partner its guard authenticated (ADR 0004), hand the request
 * to the orchestrator, and simulate the synchronous flow by reading the status again within the
 * window (ADR 0005). Each hop is bounded by GATEWAY_REQUEST_TIMEOUT_MS (default 5000 ms), which
 * must exceed the 2 s window.
 */
@ApiTags('processing')
@UseFilters(ProcessingExceptionFilter)
@Controller('processing')
export class ProcessingHttpController {
  constructor(
    private readonly requests: GatewayRequestClient,
    private readonly templates: PartnerTemplatesUseCase,
    @Inject(HostedPageKeyRing) private readonly ring: HostedPageKeyRing,
    private readonly urls: RegisteredUrlCheck,
    private readonly sealer: CardDataSealer,
    @Inject(KeyRing) private readonly keyRing: KeyRing,
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
    await this.assertNotificationUrisAllowed(body);
    const names = templateNamesIn(body);
    const templates =
      names.length > 0 ? await this.templates.tasksByName(partner.identifier, names) : undefined;
    const globalId = randomUUID();
    const correlationId = currentCorrelationId();
    // Card data leaves the gateway sealed for payments only (docs/security/card-data.md).
    const sealer = this.sealer.forProject(partner.projectId);
    const reply = await this.requests.request(
      SubmitProcessingV2Request,
      {
        globalId,
        partnerIdentifier: partner.identifier,
        projectId: partner.projectId,
        request: sealTaskCardData(documentedRequest(body as Record<string, unknown>), sealer),
        ...(templates ? { templates: sealTemplateCardData(templates, sealer) } : {}),
        // ADR 0017: a reused header.request.id is the same request only with the same bytes. The
        // bytes hold card data: the digest is keyed (HMAC), so it cannot be brute-forced to a card.
        bodyFingerprint: this.keyRing.fingerprint(request.rawBody.toString('utf8')),
      },
      { key: globalId, correlationId },
    );
    const first = this.render(processingAnswerOrThrow(reply));
    // A repeated request id is answered with the first request's GlobalId: the window reads that.
    const answeredId = globalIdOf(first) ?? globalId;
    return awaitSyncWindow(first, startedAt, () =>
      this.readStatus(answeredId, partner.identifier, correlationId),
    );
  }

  /** ADR 0010: notification targets are checked when a request registers them (the SSRF guard). */
  private async assertNotificationUrisAllowed(body: object): Promise<void> {
    const targets = (body as { header?: { service?: { result?: unknown } } }).header?.service
      ?.result;
    // The orchestrator refuses more than 20 targets; no more lookups than that are done here.
    if (!Array.isArray(targets) || targets.length > 20) return;
    for (const [i, target] of targets.entries()) {
      const uri = (target as { uri?: unknown } | null)?.uri;
      if (typeof uri !== 'string') continue;
      const reason = await this.urls.refusal(uri);
      if (reason !== null) {
        throw ProcessingError.invalid(
          'INVALID_HEADER',
          `header.service.result[${i}].uri refused: ${reason}`,
        );
      }
    }
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
    return this.readStatus(globalId, partner.identifier, currentCorrelationId());
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
    const answer = processingAnswerOrThrow(
      await this.requests.request(
        ResumeProcessingTaskV1Request,
        { globalId, taskId, paRes: field('PaRes'), md: field('MD') },
        { key: globalId, correlationId: currentCorrelationId() },
      ),
    );
    if (!answer.redirectUrl) return sendHtml(reply, returnPage(null));
    const token = encodeURIComponent(this.ring.encrypt(answer.redirectUrl));
    return reply
      .status(303)
      .header('location', `/processing/acs-return/${globalId}/${taskId}/continue?to=${token}`)
      .send();
  }

  @Get('acs-return/:globalId/:taskId/continue')
  @ApiExcludeEndpoint()
  acsContinue(@Query('to') token: string | undefined, @Res() reply: FastifyReply) {
    let target: string | null = null;
    try {
      target = token ? this.ring.decrypt(token) : null;
    } catch {
      target = null;
    }
    if (!target || !isHttpUrl(target)) throw ProcessingError.notFound();
    return sendHtml(reply, returnPage(target));
  }

  private async readStatus(
    globalId: string,
    partnerIdentifier: string,
    correlationId: string | undefined,
  ): Promise<ProcessingResponseV1> {
    const reply = await this.requests.request(
      GetProcessingStatusV2Request,
      { globalId, partnerIdentifier },
      { key: globalId, correlationId },
    );
    return this.render(processingAnswerOrThrow(reply));
  }

  /** Task outputs and the 3-D Secure redirect are the gateway's to render (ADR 0037). */
  private render(answer: ProcessingAnswerV2): ProcessingResponseV1 {
    return renderProcessingAnswer(answer, this.config.publicGatewayUrl);
  }
}

function globalIdOf(response: ProcessingResponseV1): string | undefined {
  const id = (response as { header?: { response?: { globalId?: unknown } } }).header?.response
    ?.globalId;
  return typeof id === 'string' ? id : undefined;
}
