import {
  Controller,
  Get,
  HttpCode,
  Inject,
  Post,
  Res,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AuthenticateChargeV1Request, TokenizeCardV1Request } from '@opp/contracts';
import { currentCorrelationId } from '@opp/observability';
import { GatewayConfig } from '../../config/gateway.config';
import {
  commandKey,
  Merchant,
  type AuthenticatedMerchant,
} from '../../merchant-auth/interface/merchant-request';
import { CardTokenRateLimitGuard } from '../../rate-limit/interface/card-token-rate-limit.guard';
import { ApiDoc } from '../../http/interface/openapi/api-doc.decorator';
import { answerOrThrow } from '../../requests/application/answer-or-throw';
import { GatewayRequestClient } from '../../requests/application/request-client.provider';
import { CardDataSealer } from '../application/card-data-sealer';
import { ProcessCharge } from '../application/process-charge';
import { readAuthenticateCharge } from './authenticate-charge.request';
import { readCardInput } from './card-fields';
import { AUTHENTICATE_DOC, GET_TOKEN_DOC, PROCESS_CHARGE_DOC } from './card.openapi';
import { toAuthenticateResponse, toChargeResponse, toTokenResponse } from './card-responses';
import { JsonpCallbackGuard } from './jsonp-callback.guard';
import { JsonpExceptionFilter } from './jsonp-exception.filter';
import { JSONP_CONTENT_TYPE, readJsonpCallback, renderJsonp } from './jsonp';
import { readChargeRequest } from './process-charge.request';
import { ProjectPublicKeyGuard } from '../../merchant-auth/interface/project-public-key.guard';
import { MerchantExceptionFilter } from '../../http/interface/merchant-exception.filter';
import { SignedRoute } from '../../replay-guard/interface/signed-route.decorator';

@ApiTags('cards')
@UseFilters(MerchantExceptionFilter)
@Controller('v1/card')
export class CardHttpController {
  constructor(
    private readonly requests: GatewayRequestClient,
    private readonly charges: ProcessCharge,
    private readonly sealer: CardDataSealer,
    @Inject(GatewayConfig) private readonly config: GatewayConfig,
  ) {}

  @Get('getToken')
  @ApiDoc(GET_TOKEN_DOC)
  @UseGuards(JsonpCallbackGuard, ProjectPublicKeyGuard, CardTokenRateLimitGuard)
  @UseFilters(JsonpExceptionFilter)
  async getToken(
    @Merchant() merchant: AuthenticatedMerchant,
    @Res({ passthrough: true }) response: FastifyReply,
  ) {
    const projectId = merchant.project.id;
    const sealedCard = this.sealer.sealCard(projectId, readCardInput(merchant.params));
    const reply = await this.requests.request(
      TokenizeCardV1Request,
      { projectId, sealedCard },
      { key: String(projectId), correlationId: currentCorrelationId() },
    );
    const body = toTokenResponse(answerOrThrow(reply));
    void response.header('Cache-Control', 'no-store');
    const callback = readJsonpCallback(merchant.params);
    if (callback === undefined) return body;
    void response.header('X-Content-Type-Options', 'nosniff').type(JSONP_CONTENT_TYPE);
    return renderJsonp(callback, body);
  }

  @Post('process')
  @HttpCode(200)
  @ApiDoc(PROCESS_CHARGE_DOC)
  @SignedRoute()
  async process(@Merchant() merchant: AuthenticatedMerchant) {
    const projectId = merchant.project.id;
    const { user, card, charge } = readChargeRequest(projectId, merchant.params);
    const record = await this.charges.execute(user, {
      ...charge,
      ...(card ? { sealedCard: this.sealer.sealCard(projectId, card) } : {}),
      // One accepted signature is one charge, whatever is redelivered or retried (ADR 0059).
      idempotencyKey: commandKey(merchant),
      projectId,
    });
    return toChargeResponse(record, this.config.publicGatewayUrl);
  }

  @Post('authenticate')
  @HttpCode(200)
  @ApiDoc(AUTHENTICATE_DOC)
  @SignedRoute()
  async authenticate(@Merchant() merchant: AuthenticatedMerchant) {
    const command = readAuthenticateCharge(merchant.project.id, merchant.params);
    const reply = await this.requests.request(AuthenticateChargeV1Request, command, {
      key: `${command.projectId}:${command.md}`,
      correlationId: currentCorrelationId(),
    });
    return toAuthenticateResponse(answerOrThrow(reply));
  }
}
