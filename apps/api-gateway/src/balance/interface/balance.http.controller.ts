import { Controller, Get, UseFilters } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiDoc } from '../../http/interface/openapi/api-doc.decorator';
import { BALANCE_DOC } from './balance.openapi';
import { GetBalanceV1Request } from '@opp/contracts';
import { currentCorrelationId } from '@opp/observability';
import { readCurrency } from '../../card/interface/money-fields';
import {
  Merchant,
  type AuthenticatedMerchant,
} from '../../merchant-auth/interface/merchant-request';
import { answerOrThrow } from '../../requests/application/answer-or-throw';
import { GatewayRequestClient } from '../../requests/application/request-client.provider';
import { MerchantExceptionFilter } from '../../http/interface/merchant-exception.filter';
import { SignedRoute } from '../../replay-guard/interface/signed-route.decorator';

@ApiTags('balance')
@UseFilters(MerchantExceptionFilter)
@Controller('v1/balance')
export class BalanceHttpController {
  constructor(private readonly requests: GatewayRequestClient) {}

  @Get()
  @ApiDoc(BALANCE_DOC)
  @SignedRoute()
  async balance(@Merchant() merchant: AuthenticatedMerchant) {
    const currency = readCurrency(merchant.params);
    const projectId = merchant.project.id;
    const reply = await this.requests.request(
      GetBalanceV1Request,
      { projectId, ...(currency !== undefined ? { currency } : {}) },
      { key: String(projectId), correlationId: currentCorrelationId() },
    );
    const balance = answerOrThrow(reply);
    return {
      amount: balance.amount,
      rolling_reserve: balance.rolling_reserve,
      currency: balance.currency,
      base_amount: balance.base_amount,
      base_rolling_reserve: balance.base_rolling_reserve,
    };
  }
}
