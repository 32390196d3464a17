import {
  Controller,
  Get,
  HttpCode,
  Post,
  Res,
  UseFilters,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  AuthenticateChargeV1Request,
  ProcessChargeV1Request,
  TokenizeCardV1Request,
} from '@opp/contracts';
import { currentCorrelationId } from '@opp/observability';
import { Merchant, type AuthenticatedMerchant } from '../../merchant-auth/merchant-request';
import { SignedRequestGuard } from '../../merchant-auth/signed-request.guard';
import { CardTokenRateLimitGuard } from '../../rate-limit/card-token-rate-limit.guard';
import { ReplayGuardInterceptor } from '../../replay-guard/replay-guard.interceptor';
import { answerOrThrow } from '../../requests/answer-or-throw';
import { GatewayRequestClient } from '../../requests/request-client.provider';
import { CardDataSealer } from '../application/card-data-sealer';
import { ChargeUserResolver } from '../application/charge-user.resolver';
import { readAuthenticateCharge } from './authenticate-charge.request';
import { readCardInput } from './card-fields';
import { toAuthenticateResponse, toChargeResponse, toTokenResponse } from './card-responses';
import { JsonpCallbackGuard } from './jsonp-callback.guard';
import { JsonpExceptionFilter } from './jsonp-exception.filter';
import { JSONP_CONTENT_TYPE, readJsonpCallback, renderJsonp } from './jsonp';
import { readChargeRequest } from './process-charge.request';
import { ProjectPublicKeyGuard } from './project-public-key.guard';

@ApiTags('cards')
@Controller('v1/card')
export class CardHttpController {
  constructor(
    private readonly requests: GatewayRequestClient,
    private readonly users: ChargeUserResolver,
    private readonly sealer: CardDataSealer,
  ) {}

  @Get('getToken')
  @ApiOperation({
    summary: 'Store card data in the vault; returns a temporary token valid for 10 minutes',
    description:
      'Unsigned: the project public key only (400 40001 missing, 404 40401 unknown). Card fields are ' +
      'checked with the spec codes (40003, 40004, 40005, 40006, 40007, 40012, 40013, 40015). ' +
      'JSONP (D13): with `callback` (a JavaScript identifier, dots allowed, else 400 40017) the answer ' +
      "is `/**/ typeof cb === 'function' && cb(<json>);` as application/javascript, errors included: " +
      'those come with HTTP 200 and the error envelope, so the page callback sees them. Rate limited ' +
      'per gateway instance (defaults: 30 per minute per client IP and project, 300 per minute per ' +
      'project; CARD_TOKEN_RATE_LIMIT_PER_IP, CARD_TOKEN_RATE_LIMIT_PER_PROJECT, ' +
      'CARD_TOKEN_RATE_LIMIT_WINDOW_SECONDS): beyond them 429 42901 with Retry-After.',
  })
  @ApiQuery({ name: 'project', required: true })
  @ApiQuery({ name: 'number', required: true })
  @ApiQuery({ name: 'expiration_month', required: true })
  @ApiQuery({ name: 'expiration_year', required: true })
  @ApiQuery({ name: 'security_code', required: true })
  @ApiQuery({ name: 'holder', required: false })
  @ApiQuery({ name: 'callback', required: false })
  @ApiResponse({ status: 200, description: '{ id, expiresAt, card }' })
  @ApiResponse({ status: 429, description: '42901 Too many requests; Retry-After in seconds' })
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
  @ApiOperation({
    summary: 'Charge a card by card_token or card[...] (signed, D3; replay-guarded)',
    description:
      '`user` is an internal id (404 40406 when unknown) or a User object (`user[identifier]` 40002, ' +
      '`user[ip]` 40011, `user[email]`, `user[phone]`, `user[locale]`, `user[displayName]`). ' +
      'Neither card_token nor card: 40009; card_token sent empty: 40008; both: 400 40017. ' +
      'price and currency are required (D9: 400 40017 malformed, 40018 too many decimals). ' +
      'recurring_interval is required when recurring=1. Every attr_* is echoed in callbacks. ' +
      'The same signature with the same parameters within 24 hours replays the first answer ' +
      '(header Idempotent-Replayed: true); with other parameters 403 40301.',
  })
  @UseGuards(SignedRequestGuard)
  @UseInterceptors(ReplayGuardInterceptor)
  async process(@Merchant() merchant: AuthenticatedMerchant) {
    const projectId = merchant.project.id;
    const { user, card, charge } = readChargeRequest(projectId, merchant.params);
    const snapshot = await this.users.snapshot(projectId, user);
    const reply = await this.requests.request(
      ProcessChargeV1Request,
      {
        ...charge,
        ...(card ? { sealedCard: this.sealer.sealCard(projectId, card) } : {}),
        // One accepted signature is one charge, whatever is redelivered (ADR 0003).
        idempotencyKey: `${projectId}:${String(merchant.params['signature'])}`,
        projectId,
        user: snapshot,
      },
      {
        key: charge.cardToken ?? `${projectId}:${snapshot.id}`,
        correlationId: currentCorrelationId(),
      },
    );
    return toChargeResponse(answerOrThrow(reply));
  }

  @Post('authenticate')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Complete a 3-D Secure charge with PaRes and MD (signed, D3; replay-guarded)',
    description: 'MD missing: 400 40014; unknown MD: 404 40403; PaRes absent: 400 40017.',
  })
  @UseGuards(SignedRequestGuard)
  @UseInterceptors(ReplayGuardInterceptor)
  async authenticate(@Merchant() merchant: AuthenticatedMerchant) {
    const command = readAuthenticateCharge(merchant.project.id, merchant.params);
    const reply = await this.requests.request(AuthenticateChargeV1Request, command, {
      key: `${command.projectId}:${command.md}`,
      correlationId: currentCorrelationId(),
    });
    return toAuthenticateResponse(answerOrThrow(reply));
  }
}
