import { Controller, HttpCode, Post, UseFilters } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ReversePaymentV1Request } from '@opp/contracts';
import { currentCorrelationId } from '@opp/observability';
import {
  commandKey,
  Merchant,
  type AuthenticatedMerchant,
} from '../../merchant-auth/interface/merchant-request';
import { answerOrThrow } from '../../requests/application/answer-or-throw';
import { GatewayRequestClient } from '../../requests/application/request-client.provider';
import { readReversePayment } from './reverse-payment.request';
import { ApiDoc } from '../../http/interface/openapi/api-doc.decorator';
import { REVERSE_DOC } from './transaction.openapi';
import { toReversalResponse } from './transaction-responses';
import { MerchantExceptionFilter } from '../../http/interface/merchant-exception.filter';
import { SignedRoute } from '../../replay-guard/interface/signed-route.decorator';

@ApiTags('transactions')
@UseFilters(MerchantExceptionFilter)
@Controller('v1/transaction')
export class TransactionReverseHttpController {
  constructor(private readonly requests: GatewayRequestClient) {}

  @Post('reverse')
  @HttpCode(200)
  @ApiDoc(REVERSE_DOC)
  @SignedRoute()
  async reverse(@Merchant() merchant: AuthenticatedMerchant) {
    const projectId = merchant.project.id;
    // One accepted signature is one reversal, whatever is redelivered or retried (ADR 0059).
    const command = readReversePayment(projectId, merchant.params, commandKey(merchant));
    const reply = await this.requests.request(ReversePaymentV1Request, command, {
      // Reversals of one payment (or order) share a partition: they queue in order.
      key: `${projectId}:${command.id ?? command.orderId}`,
      correlationId: currentCorrelationId(),
    });
    return toReversalResponse(answerOrThrow(reply));
  }
}
