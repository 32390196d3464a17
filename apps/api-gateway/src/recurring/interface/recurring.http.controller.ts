import { Controller, HttpCode, Inject, Post, UseFilters } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CancelRecurringV1Request, ChangeRecurringV1Request } from '@opp/contracts';
import { currentCorrelationId } from '@opp/observability';
import { toRecurringChargeResponse } from '../../card/interface/card-responses';
import { GatewayConfig } from '../../config/gateway.config';
import {
  Merchant,
  type AuthenticatedMerchant,
} from '../../merchant-auth/interface/merchant-request';
import { answerOrThrow } from '../../requests/application/answer-or-throw';
import { GatewayRequestClient } from '../../requests/application/request-client.provider';
import { RecurringCharge } from '../application/recurring-charge';
import { ApiDoc } from '../../http/interface/openapi/api-doc.decorator';
import { RecurringDocs } from './recurring.openapi';
import { readRecurringChanges, readRecurringCharge, readRecurringUser } from './recurring.request';
import { MerchantExceptionFilter } from '../../http/interface/merchant-exception.filter';
import { SignedRoute } from '../../replay-guard/interface/signed-route.decorator';

/** Manual recurring and the subscription's settings (ADR 0012); signed and replay-guarded. */
@ApiTags('recurring')
@UseFilters(MerchantExceptionFilter)
@Controller('v1')
export class RecurringHttpController {
  constructor(
    private readonly requests: GatewayRequestClient,
    private readonly recurring: RecurringCharge,
    @Inject(GatewayConfig) private readonly config: GatewayConfig,
  ) {}

  @Post('card/processRecurring')
  @HttpCode(200)
  @ApiDoc(RecurringDocs.processRecurring)
  @SignedRoute()
  async processRecurring(@Merchant() merchant: AuthenticatedMerchant) {
    const projectId = merchant.project.id;
    const userId = readRecurringUser(projectId, merchant.params);
    const fields = readRecurringCharge(merchant.params);
    // One accepted signature is one charge, whatever is redelivered (ADR 0003).
    const idempotencyKey = `${projectId}:${String(merchant.params['signature'])}`;
    return toRecurringChargeResponse(
      await this.recurring.charge(projectId, userId, fields, idempotencyKey),
      this.config.publicGatewayUrl,
    );
  }

  @Post('user/changeRecurring')
  @HttpCode(200)
  @ApiDoc(RecurringDocs.changeRecurring)
  @SignedRoute()
  async changeRecurring(@Merchant() merchant: AuthenticatedMerchant) {
    const projectId = merchant.project.id;
    const userId = readRecurringUser(projectId, merchant.params);
    const changes = readRecurringChanges(merchant.params);
    const reply = await this.requests.request(
      ChangeRecurringV1Request,
      { projectId, userId, ...changes },
      { key: `${projectId}:${userId}`, correlationId: currentCorrelationId() },
    );
    return { success: answerOrThrow(reply).success };
  }

  @Post('user/cancelRecurring')
  @HttpCode(200)
  @ApiDoc(RecurringDocs.cancelRecurring)
  @SignedRoute()
  async cancelRecurring(@Merchant() merchant: AuthenticatedMerchant) {
    const projectId = merchant.project.id;
    const userId = readRecurringUser(projectId, merchant.params);
    const reply = await this.requests.request(
      CancelRecurringV1Request,
      { projectId, userId },
      { key: `${projectId}:${userId}`, correlationId: currentCorrelationId() },
    );
    return { success: answerOrThrow(reply).success };
  }
}
