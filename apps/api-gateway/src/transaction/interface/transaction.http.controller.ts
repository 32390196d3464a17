import { Controller, Get, Param, UseFilters } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiDoc } from '../../http/interface/openapi/api-doc.decorator';
import {
  LIST_TRANSACTIONS_DOC,
  ONE_TRANSACTION_DOC,
  TRANSACTION_STATUS_DOC,
} from './transaction.openapi';
import { GetTransactionV1Request, ListTransactionsV1Request } from '@opp/contracts';
import { currentCorrelationId } from '@opp/observability';
import {
  Merchant,
  type AuthenticatedMerchant,
} from '../../merchant-auth/interface/merchant-request';
import { answerOrThrow } from '../../requests/application/answer-or-throw';
import { GatewayRequestClient } from '../../requests/application/request-client.provider';
import {
  readTransactionId,
  readTransactionList,
  readTransactionLookup,
} from './transaction-query.request';
import { TransactionIdSignedGuard } from './transaction-id-signed.guard';
import { toTransactionResponse, toTransactionStatusResponse } from './transaction-responses';
import { MerchantExceptionFilter } from '../../http/interface/merchant-exception.filter';
import { SignedRoute } from '../../replay-guard/interface/signed-route.decorator';

@ApiTags('transactions')
@UseFilters(MerchantExceptionFilter)
@Controller('v1')
export class TransactionHttpController {
  constructor(private readonly requests: GatewayRequestClient) {}

  @Get('transaction/status')
  @ApiDoc(TRANSACTION_STATUS_DOC)
  @SignedRoute()
  async status(@Merchant() merchant: AuthenticatedMerchant) {
    const query = readTransactionLookup(merchant.project.id, merchant.params);
    const reply = await this.requests.request(GetTransactionV1Request, query, {
      key: String(query.projectId),
      correlationId: currentCorrelationId(),
    });
    return toTransactionStatusResponse(answerOrThrow(reply));
  }

  @Get('transactions/:id')
  @ApiDoc(ONE_TRANSACTION_DOC)
  @ApiParam({ name: 'id', description: 'Transaction id', schema: { type: 'integer', minimum: 1 } })
  @SignedRoute(TransactionIdSignedGuard)
  async one(@Merchant() merchant: AuthenticatedMerchant, @Param('id') id: string) {
    const query = { projectId: merchant.project.id, id: readTransactionId(id) };
    const reply = await this.requests.request(GetTransactionV1Request, query, {
      key: String(query.projectId),
      correlationId: currentCorrelationId(),
    });
    return toTransactionResponse(answerOrThrow(reply));
  }

  @Get('transactions')
  @ApiDoc(LIST_TRANSACTIONS_DOC)
  @SignedRoute()
  async list(@Merchant() merchant: AuthenticatedMerchant) {
    const query = readTransactionList(merchant.project.id, merchant.params);
    const reply = await this.requests.request(ListTransactionsV1Request, query, {
      key: String(query.projectId),
      correlationId: currentCorrelationId(),
    });
    const { totalCount, transactions } = answerOrThrow(reply);
    return { totalCount, transactions: transactions.map((t) => toTransactionResponse(t)) };
  }
}
